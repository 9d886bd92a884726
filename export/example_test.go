package export_test

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/export"
	"dicepoker/export/format"
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
	format.Write(os.Stdout, export.States(strategy.FromSolution(sol)), format.CSV)
	// Output:
	// index,filled,chance,yahtzee,upper,upper-bonus,yahtzee-50,value
	// 0,0,false,false,0,false,false,27.337559
	// 128,1,true,false,0,false,false,2.3014321
	// 256,1,false,true,0,false,false,23.333334
	// 257,1,false,true,0,false,true,25.61182
	// 384,2,true,true,0,false,false,0
	// 385,2,true,true,0,false,true,0
}

// One position that optimal play meets in the same small game, with the
// value of each of its actions, best first, as JSON Lines (the first
// three rows). Chance is all that is left: keeping 6 6, each of the
// three dice rerolled is worth 4.25 with one more reroll to come (a 4, 5
// or 6 stays), 12 + 3 x 4.25 = 24.75.
func ExamplePositions() {
	yahtzee, _ := engine.New("yahtzee", engine.Options{})
	g, _ := yahtzee.Subset("chance", "yahtzee")
	sol, _ := solver.Solve(g, solver.Options{})
	var out bytes.Buffer
	format.Write(&out, export.Positions(g, coach.TableAdvisor(strategy.FromSolution(sol)), export.Sample{Positions: 1, Seed: 1}), format.JSONL)
	lines := strings.SplitAfter(out.String(), "\n")
	fmt.Print(strings.Join(lines[:3], ""))
	// Output:
	// {"position":0,"turn":2,"sheet":"yahtzee=0","sheet_score":0,"rolls_left":2,"dice":[1,1,2,6,6],"rank":1,"action":"keep","keep":[6,6],"reroll":[1,1,2],"category":"","points":0,"bonus":0,"expected":24.75,"loss":0,"tie":true}
	// {"position":0,"turn":2,"sheet":"yahtzee=0","sheet_score":0,"rolls_left":2,"dice":[1,1,2,6,6],"rank":2,"action":"keep","keep":[2,6,6],"reroll":[1,1],"category":"","points":0,"bonus":0,"expected":24,"loss":0.75,"tie":false}
	// {"position":0,"turn":2,"sheet":"yahtzee=0","sheet_score":0,"rolls_left":2,"dice":[1,1,2,6,6],"rank":3,"action":"keep","keep":[1,6,6],"reroll":[1,2],"category":"","points":0,"bonus":0,"expected":24,"loss":0.75,"tie":false}
}
