package target_test

import (
	"fmt"

	"dicepoker/engine"
	"dicepoker/solver"
	"dicepoker/target"
)

// With only the straight left in poker dice, one turn is to come: 0 points
// needed are certain, 4 (the straight) come with the chance of making it,
// 5 never do, and each way the play is the same.
func ExampleSolve() {
	g, _ := engine.New("poker-dice", engine.Options{})
	last := engine.State{Filled: (1<<len(g.Categories) - 1) &^ (1 << g.Category("straight")), Upper: g.UpperCap()}
	sol, _ := target.Solve(g, last, 5, solver.Options{})
	for _, need := range []int{0, 4, 5} {
		v := sol.Value(last, need)
		fmt.Printf("need %d: chance %.4f, %.4f points expected\n", need, v.P, v.E)
	}
	// Output:
	// need 0: chance 1.0000, 0.5190 points expected
	// need 4: chance 0.1297, 0.5190 points expected
	// need 5: chance 0.0000, 0.5190 points expected
}

// Needing 4 points with 9 T J Q A in hand and the straight the last box,
// keep four to the straight: one reroll makes it with a king.
func ExampleSolution_Actions() {
	g, _ := engine.New("poker-dice", engine.Options{})
	last := engine.State{Filled: (1<<len(g.Categories) - 1) &^ (1 << g.Category("straight")), Upper: g.UpperCap()}
	sol, _ := target.Solve(g, last, 4, solver.Options{})
	dice, _ := engine.ParseDice("9TJQA", g.Letters)
	actions, chances, _ := sol.Actions(last, 4, dice, 1)
	for i, a := range actions[:3] {
		fmt.Printf("keep %s: chance %.4f\n", a.Keep.Format(g.Letters), chances[i])
	}
	// Output:
	// keep TJQA: chance 0.1667
	// keep 9TJQ: chance 0.1667
	// keep TJQ: chance 0.1111
}

// The every-target table of poker dice with only the straight and the
// pair: every need from every state, from one solve.
func ExampleSolveTable() {
	g, _ := engine.New("poker-dice", engine.Options{})
	g, _ = g.Subset("pair", "straight")
	tab, _ := target.SolveTable(g, solver.Options{})
	for _, need := range []int{1, 4, 5} {
		fmt.Printf("need %d: chance %.4f\n", need, tab.Chance(engine.State{}, need))
	}
	// Output:
	// need 1: chance 1.0000
	// need 4: chance 0.2427
	// need 5: chance 0.2303
}
