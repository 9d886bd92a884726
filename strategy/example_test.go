package strategy_test

import (
	"fmt"
	"os"
	"path/filepath"

	"dicepoker/engine"
	"dicepoker/solver"
	"dicepoker/strategy"
)

// Open a game's strategy: the first time it is solved and saved, later
// it is read from its table file. Then rank the actions for 9 9 T K A on
// the first roll of a new game of poker dice, from the table read for
// look-ups (Peek), which checks only the blocks of values the ranking
// reads.
func ExampleOpen() {
	dir, _ := os.MkdirTemp("", "tables")
	defer os.RemoveAll(dir)
	g, _ := engine.New("poker-dice", engine.Options{})
	notice := func(msg string) { fmt.Println("solving, as there is no table yet") }
	for range 2 {
		t, err := strategy.Open(dir, g, strategy.Load, solver.Options{}, notice)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s: %.4f points from %s\n", strategy.Describe(g), t.Expected, filepath.Base(t.Path))
	}
	t, _ := strategy.Peek(strategy.Path(dir, g), g)
	dice, _ := engine.ParseDice("99TKA", g.Letters)
	actions, _ := t.Actions(engine.State{}, dice, 1)
	best := actions[0]
	fmt.Printf("best: keep %s, reroll %s, %.4f points to come\n", best.Keep.Format(g.Letters), best.Reroll.Format(g.Letters), best.Value)
	// Output:
	// solving, as there is no table yet
	// poker-dice: 31.4230 points from poker-dice.dpt
	// poker-dice: 31.4230 points from poker-dice.dpt
	// best: keep 99, reroll TKA, 31.1037 points to come
}
