package school_test

import (
	"fmt"

	"dicepoker/engine"
	"dicepoker/school"
	"dicepoker/solver"
)

// Solving a one-column school sheet of two rows exactly, and asking what
// to do with a roll.
func ExampleSolve() {
	full, _ := engine.New("school", engine.Options{Columns: 1})
	g, _ := full.Subset("sixes", "sum")
	sol, err := school.Solve(g, solver.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("expected score %.4f over %d states\n", sol.Expected(), sol.Layout.Size())
	dice, _ := engine.ParseDice("6,6,5,2,1", g.Letters)
	actions, _ := school.NewKernel(g).Actions(g.NewSchoolState(), dice, 2, true, sol.Value)
	for _, a := range actions[:3] {
		if a.Box != "" {
			fmt.Printf("write %s: %.3f\n", a.Box, a.Value)
		} else {
			fmt.Printf("keep %v, reroll %v: %.3f\n", a.Keep, a.Reroll, a.Value)
		}
	}
	// Output:
	// expected score -15.3929 over 630 states
	// keep 66, reroll 125: 44.591
	// keep 566, reroll 12: 30.836
	// keep 266, reroll 15: 30.836
}
