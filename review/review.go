// Package review judges a played game decision by decision: for each, the
// action the advisor ranks best and the expected points the action taken
// gave up against it; for the game, the points lost in all and the share
// of decisions that were optimal.
package review

import (
	"errors"
	"fmt"

	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/record"
)

// Epsilon is how close an action's value must come to the best for the
// action to count as optimal: ties are optimal (coach.Tie).
const Epsilon = coach.Tie

// Item is one decision judged.
type Item struct {
	Entry   record.Entry
	Actions []coach.Option // every legal action of the position, best first
	Taken   int            // the index in Actions of the action taken
	// Loss is the expected points the action gave up against the best:
	// Actions[0].Value - Actions[Taken].Value, 0 within Epsilon.
	Loss float64
}

// Optimal reports whether the action taken was the best or tied with it.
func (it Item) Optimal() bool { return it.Loss == 0 }

// Judge ranks the actions of e's position with adv and finds the one taken.
func Judge(adv coach.Advisor, e record.Entry) (Item, error) {
	actions, err := adv.Actions(e.Position)
	if err != nil {
		return Item{}, err
	}
	i := coach.Find(actions, e.Action)
	if i < 0 {
		return Item{}, fmt.Errorf("line %d: the advisor does not rank the action taken", e.Line)
	}
	loss := actions[0].Value - actions[i].Value
	if loss <= Epsilon {
		loss = 0
	}
	return Item{Entry: e, Actions: actions, Taken: i, Loss: loss}, nil
}

// Report is a game reviewed.
type Report struct {
	Game    *engine.Game
	Items   []Item
	Loss    float64 // expected points lost in all
	Optimal int     // decisions that were optimal
	// Final is the sheet after the last decision; Final.Over() says
	// whether the game was played to the end.
	Final coach.Sheet
	// Expected is the advisor's expected final score of a new game.
	Expected float64
	Note     string // the advisor's note, "" for the exact optimum
	// Warning says that the record's last line, cut short, was left out
	// (record.Record.Warning); "" when every line was reviewed.
	Warning string
}

// Share returns the share of decisions that were optimal, 0..1.
func (r *Report) Share() float64 {
	if len(r.Items) == 0 {
		return 0
	}
	return float64(r.Optimal) / float64(len(r.Items))
}

// Review judges every decision of a record.
func Review(rec *record.Record, adv coach.Advisor) (*Report, error) {
	if len(rec.Entries) == 0 {
		return nil, errors.New("no decisions to review")
	}
	r := &Report{Game: rec.Game, Final: rec.Final(), Expected: adv.Expected(), Note: adv.Note(), Warning: rec.Warning()}
	for _, e := range rec.Entries {
		it, err := Judge(adv, e)
		if err != nil {
			return nil, err
		}
		r.Items = append(r.Items, it)
		r.Loss += it.Loss
		if it.Optimal() {
			r.Optimal++
		}
	}
	return r, nil
}
