package engine_test

import (
	"fmt"

	"dicepoker/engine"
)

// Scoring one hand in every category of a game.
func ExampleNew() {
	g, err := engine.New("yahtzee", engine.Options{})
	if err != nil {
		panic(err)
	}
	dice, _ := engine.ParseDice("3,4,3,6,3", g.Letters)
	r := engine.RollIndex(dice)
	for c, cat := range g.Categories {
		if p := g.Score(c, r); p > 0 {
			fmt.Println(cat.Name, p)
		}
	}
	// Output:
	// threes 9
	// fours 4
	// sixes 6
	// three-of-a-kind 19
	// chance 19
}

func ExampleParseDice() {
	m, _ := engine.ParseDice("6 3 5 3 5", engine.DigitFaces)
	fmt.Println(m, m.Dice(), m.Sum())
	poker, _ := engine.ParseDice("a,k,j,j,t", engine.CardFaces)
	fmt.Println(poker.Format(engine.CardFaces), poker)
	_, err := engine.ParseDice("3,3,5,5", engine.DigitFaces)
	fmt.Println(err)
	// Output:
	// 33556 [3 3 5 5 6] 22
	// TJJKA 23356
	// dice "3,3,5,5": need exactly 5 dice, got 4
}

// A second Yahtzee with the Yahtzee box at 50 and the threes filled: a joker
// worth a 100 bonus wherever it goes.
func ExampleGame_Placements() {
	g, _ := engine.New("yahtzee", engine.Options{})
	s := engine.State{FullBox: true}
	for _, name := range []string{"yahtzee", "threes", "ones", "twos", "fours", "fives", "sixes", "chance"} {
		s.Filled |= 1 << g.Category(name)
	}
	five3s, _ := engine.FromDice(3, 3, 3, 3, 3)
	for _, p := range g.Placements(s, engine.RollIndex(five3s), nil) {
		fmt.Printf("%s %d + %d\n", g.Categories[p.Category].Name, p.Points, p.Bonus)
	}
	// Output:
	// three-of-a-kind 15 + 100
	// four-of-a-kind 15 + 100
	// full-house 25 + 100
	// small-straight 30 + 100
	// large-straight 40 + 100
}

// Closing School rows with the reserve (seed 000): four fours put 4 in the
// reserve, then two threes take 1 from it.
func ExampleCloseSchool() {
	reserve := 0
	fours, _ := engine.FromDice(4, 4, 4, 4, 1)
	cell := engine.CloseSchool(4, fours, reserve)
	fmt.Println(cell.Closed, cell.Reserve)
	threes, _ := engine.FromDice(3, 3, 1, 5, 6)
	cell = engine.CloseSchool(3, threes, cell.Reserve)
	fmt.Println(cell.Closed, cell.Reserve, cell.UsedReserve)
	// Output:
	// true 4
	// true 1 true
}

func ExampleGame_SchoolPoints() {
	g, _ := engine.New("school", engine.Options{})
	ones, _ := engine.FromDice(1, 1, 1, 1, 1)
	c := g.Category("five-of-a-kind")
	fmt.Println(g.SchoolPoints(c, engine.RollIndex(ones), true), g.SchoolPoints(c, engine.RollIndex(ones), false))
	// Output: 110 55
}

func ExampleOutcomes() {
	keep, _ := engine.FromDice(6, 6, 6, 6)
	n, p := 0, 0.0
	for _, o := range engine.Outcomes(engine.KeepIndex(keep)) {
		n++
		if engine.Roll(o.Roll).Count(6) == 5 {
			p = o.P
		}
	}
	fmt.Printf("%d outcomes, five sixes with p = %.4f\n", n, p)
	// Output: 6 outcomes, five sixes with p = 0.1667
}

// A game written by hand: two boxes, the dice's total in the first and
// how many sixes in the second. A box that feeds the upper bonus with
// more point values than the solver keeps is refused.
func ExampleDefine() {
	pips := func(m engine.Multiset) int { return m.Sum() }
	sixes := func(m engine.Multiset) int { return m.Count(6) }
	g, err := engine.Define(engine.Game{Name: "pips", Rolls: 2, Categories: []engine.Category{
		{Name: "total", Points: pips}, {Name: "sixes", Points: sixes},
	}})
	fmt.Println(g.Describe(), err)

	_, err = engine.Define(engine.Game{Name: "bad", Rolls: 3, Upper: engine.UpperBonus{Threshold: 20, Points: 10},
		Categories: []engine.Category{{Name: "total", Points: pips, Face: 1}}})
	fmt.Println(err)
	// Output:
	// 2 categories, 2 turns, 2 rolls a turn: total sixes <nil>
	// bad: total can hold 26 point values, at most 8 for a box whose points change the bonuses
}

// Rule options as tables and records write them, and back.
func ExampleParseOptions() {
	o, err := engine.ParseOptions("columns=1,taken=pair+twos")
	fmt.Println(o.Columns, o.Taken, err)
	g, _ := engine.New("school", o)
	fmt.Println(g.Options)
	// Output:
	// 1 pair+twos <nil>
	// columns=1,taken=twos+pair
}
