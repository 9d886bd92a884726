package advice_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"dicepoker/advice"
	"dicepoker/engine"
)

// The best action for 9 9 T K A on the first roll of a poker-dice game,
// solving its table (a tenth of a second) into a temporary tables directory.
func ExampleAdvise() {
	g, _ := engine.New("poker-dice", engine.Options{})
	dice, _ := engine.ParseDice("99TKA", g.Letters)
	dir, _ := os.MkdirTemp("", "tables")
	defer os.RemoveAll(dir)
	os.Setenv("DICEPOKER_TABLES", dir) // where the Opener solves and saves the table
	r := advice.Request{Game: g, Dice: dice}
	a, err := advice.Advise(context.Background(), r, advice.Env{Tables: advice.Opener{}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s: %.3f, then %s: %.3f\n", a.Describe(0), a.Expected(0), a.Describe(1), a.Expected(1))
	// Output:
	// keep 9 9, reroll T K A: 31.104, then keep 9 9 K, reroll T A: 30.857
}

// What 2 2 2 5 5 scores in each yatzy box, as score --json prints it.
func ExampleScore() {
	g, _ := engine.New("yatzy", engine.Options{})
	dice, _ := engine.FromDice(2, 2, 2, 5, 5)
	b, _ := json.Marshal(advice.Score(g, dice, false, 0).JSON())
	fmt.Println(string(b))
	// Output:
	// {"game":"yatzy","dice":[2,2,2,5,5],"scores":{"ones":0,"twos":6,"threes":0,"fours":0,"fives":10,"sixes":0,"pair":10,"two-pairs":14,"three-of-a-kind":6,"four-of-a-kind":0,"small-straight":0,"large-straight":0,"full-house":16,"chance":16,"yatzy":0},"rules":""}
}
