package export_test

import (
	"os"

	"dicepoker/engine"
	"dicepoker/export"
	"dicepoker/solver"
	"dicepoker/strategy"
)

// Every state of Yahtzee played on its chance and yahtzee boxes alone, as
// CSV: which boxes are filled, whether the yahtzee box holds its 50, and
// the optimal expected points still to come. With chance filled, the one
// turn left makes a yahtzee with probability 4.6%: 2.30 points.
func ExampleStates() {
	yahtzee, _ := engine.New("yahtzee", engine.Options{})
	g, _ := yahtzee.Subset("chance", "yahtzee")
	sol, _ := solver.Solve(g, solver.Options{})
	export.States(strategy.FromSolution(sol)).Write(os.Stdout, export.CSV)
	// Output:
	// index,filled,chance,yahtzee,upper,upper-bonus,yahtzee-50,value
	// 0,0,false,false,0,false,false,27.337559
	// 128,1,true,false,0,false,false,2.3014321
	// 256,1,false,true,0,false,false,23.333334
	// 257,1,false,true,0,false,true,25.61182
	// 384,2,true,true,0,false,false,0
	// 385,2,true,true,0,false,true,0
}
