package solver_test

import (
	"fmt"

	"dicepoker/engine"
	"dicepoker/solver"
)

// Solve poker dice and read the optimal expected score of a new game and
// of a game with only the aces left to fill and the bonus settled: keep
// every ace, so each die ends an ace with probability 1-(5/6)^2 = 11/36,
// and 5 x 11/36 = 1.5278.
func ExampleSolve() {
	g, _ := engine.New("poker-dice", engine.Options{})
	sol, _ := solver.Solve(g, solver.Options{})
	fmt.Printf("new game: %.4f points\n", sol.Expected())

	aces := g.Category("aces")
	last := engine.State{Filled: (1<<len(g.Categories) - 1) &^ (1 << aces), Upper: g.UpperCap()}
	fmt.Printf("only aces left: %.4f points\n", sol.Value(last))
	// Output:
	// new game: 31.4230 points
	// only aces left: 1.5278 points
}
