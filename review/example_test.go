package review_test

import (
	"fmt"
	"strings"

	"dicepoker/coach"
	"dicepoker/record"
	"dicepoker/review"
	"dicepoker/solver"
	"dicepoker/strategy"
)

// Reviewing the last turn of a poker-dice game with only the straight
// open: holding 9 T J Q Q, the player kept 9 T, which scores the straight's
// 4 points when the three dice rerolled show J Q K (6 of 216); keeping
// 9 T J Q needs one K (1 in 6). The keep gave up 4 x (1/6 - 1/36) = 5/9.
func ExampleReview() {
	const line = `{"game":"poker-dice","turn":13,"sheet":"aces=3,kings=3,queens=3,jacks=3,tens=3,nines=0,pair=1,two-pair=2,three-of-a-kind=3,full-house=4,four-of-a-kind=4,five-of-a-kind=0","dice":[1,2,3,4,4],"rolls_left":1,"action":{"keep":[1,2]}}`
	rec, _ := record.Read(strings.NewReader(line), "game.jsonl")
	table, _ := strategy.Solve(rec.Game, solver.Options{}) // the record names its game
	r, _ := review.Review(rec, coach.TableAdvisor(table))
	it := r.Items[0]
	fmt.Printf("best keep %v: %.4f, taken keep %v: %.4f\n", it.Actions[0].Keep.Dice(), it.Actions[0].Value,
		it.Entry.Action.Keep.Dice(), it.Actions[it.Taken].Value)
	fmt.Printf("lost %.4f points; %d of %d optimal\n", r.Loss, r.Optimal, len(r.Items))
	// Output:
	// best keep [1 2 3 4]: 0.6667, taken keep [1 2]: 0.1111
	// lost 0.5556 points; 0 of 1 optimal
}
