package policy_test

import (
	"fmt"

	"dicepoker/engine"
	"dicepoker/policy"
	"dicepoker/solver"
)

// Play the first turn of a poker-dice game with the optimal strategy: the
// policy comes from the solved values, and its turn says what to keep
// from the first roll and where to write the final dice.
func ExampleNew() {
	g, _ := engine.New("poker-dice", engine.Options{})
	sol, _ := solver.Solve(g, solver.Options{})
	p, _ := policy.New(g, sol.Value)
	turn := p.Turn(engine.State{})

	first, _ := engine.ParseDice("9TJKK", g.Letters)
	keep, reroll := turn.Keep(engine.RollIndex(first), 1)
	fmt.Println("roll 9TJKK: keep", engine.Keep(keep).Format(g.Letters), "and reroll:", reroll)

	final, _ := engine.ParseDice("9TJQK", g.Letters)
	move := turn.Place(engine.RollIndex(final))
	fmt.Printf("final 9TJQK: %s for %d\n", g.Categories[move.Category].Name, move.Points)
	// Output:
	// roll 9TJKK: keep KK and reroll: true
	// final 9TJQK: straight for 4
}

// The greedy baseline takes the most points this turn can give: with no
// reroll left, five sixes go in the yahtzee box for 50 rather than in
// sixes for 30.
func ExampleGreedy() {
	g, _ := engine.New("yahtzee", engine.Options{})
	p, _ := policy.Greedy(g)
	sixes, _ := engine.ParseDice("66666", "")
	move := p.Turn(engine.State{}).Place(engine.RollIndex(sixes))
	fmt.Printf("%s for %d\n", g.Categories[move.Category].Name, move.Points)
	// Output:
	// yahtzee for 50
}

// A turn's outcomes are the ways it can end, with their probabilities:
// with only the straight left to fill, a poker-dice turn makes it (4
// points) with probability 0.1297.
func ExamplePolicy_Outcomes() {
	g, _ := engine.New("poker-dice", engine.Options{})
	p, _ := policy.Greedy(g)
	last := engine.State{Filled: (1<<len(g.Categories) - 1) &^ (1 << g.Category("straight")), Upper: g.UpperCap()}
	for _, o := range p.Outcomes(last) {
		fmt.Printf("%d points with probability %.4f\n", o.Points, o.P)
	}
	// Output:
	// 0 points with probability 0.8703
	// 4 points with probability 0.1297
}
