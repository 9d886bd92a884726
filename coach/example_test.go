package coach_test

import (
	"fmt"

	"dicepoker/coach"
	"dicepoker/engine"
)

// Checking a player's moves in a position, and writing the dice.
func ExampleCheck() {
	g, _ := engine.New("yahtzee", engine.Options{})
	sheet, _ := coach.ParseSheet(g, "ones=3,fives=15")
	dice, _ := engine.ParseDice("3 3 5 5 6", g.Letters)
	p := coach.Position{Game: g, Sheet: sheet, Dice: dice, RollsLeft: 1}

	kept, _ := engine.FromDice(3, 3, 3)
	_, err := coach.Check(p, coach.Action{Keep: kept})
	fmt.Println(err)
	_, err = coach.Check(p, coach.Action{Box: "fives"})
	fmt.Println(err)
	m, _ := coach.Check(p, coach.Action{Box: "chance"})
	fmt.Println(m.Points, m.Next, m.Next.Score(), m.Next.Turn())
	// Output:
	// cannot keep 3 3 3: the dice are 3 3 5 5 6
	// fives is filled already (15)
	// 22 ones=3,fives=15,chance=22 40 4
}
