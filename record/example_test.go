package record_test

import (
	"fmt"
	"strings"

	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/record"
)

// Writing two decisions of a poker-dice game, reading them back, and a
// record that breaks the rules.
func ExampleRead() {
	var file strings.Builder
	w := record.NewWriter(&file)
	g, _ := engine.New("poker-dice", engine.Options{})
	sheet, _ := coach.ParseSheet(g, "")
	first, _ := engine.ParseDice("9 9 T K A", g.Letters)
	p := coach.Position{Game: g, Sheet: sheet, Dice: first, RollsLeft: 1, Fresh: true}
	nines, _ := engine.FromDice(1, 1)
	_ = w.Write(p, coach.Action{Keep: nines})
	p.Dice, _ = engine.ParseDice("9 9 9 Q A", g.Letters)
	p.RollsLeft, p.Fresh = 0, false
	_ = w.Write(p, coach.Action{Box: "three-of-a-kind"})
	fmt.Print(file.String())

	rec, err := record.Read(strings.NewReader(file.String()), "game.jsonl")
	fmt.Println(len(rec.Entries), rec.Final(), rec.Final().Score(), err)

	bad := strings.Replace(file.String(), `[1,1,1,4,6]`, `[2,2,2,4,6]`, 1)
	_, err = record.Read(strings.NewReader(bad), "game.jsonl")
	fmt.Println(err)
	// Output:
	// {"game":"poker-dice","options":"","turn":1,"sheet":"","dice":[1,1,2,5,6],"rolls_left":1,"action":{"keep":[1,1]}}
	// {"game":"poker-dice","options":"","turn":1,"sheet":"","dice":[1,1,1,4,6],"rolls_left":0,"action":{"score":"three-of-a-kind"}}
	// 2 three-of-a-kind=3 3 <nil>
	// game.jsonl:2: dice [2 2 2 4 6] do not hold the dice kept on line 1, [1 1]
}
