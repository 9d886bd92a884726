package export

import (
	"math/rand/v2"

	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/review"
)

// Sample says which positions Positions draws.
type Sample struct {
	Positions int    // how many
	Seed      uint64 // position i rolls its dice from a generator seeded with Seed and i
	// Progress, when set, is called after each position with the number
	// done and Positions.
	Progress func(done, total int)
}

// Positions is a sample of the positions the advisor's own play meets,
// one row for each action of each position, best first. Position i plays
// a game of its own, the advisor choosing every move, to a turn drawn
// uniformly and a roll of that turn drawn uniformly (the turn's last
// roll when the advisor wrote its box sooner). The columns:
//
//	position     the position's number, from 0
//	turn         the turn, from 1
//	sheet        the sheet before the move, in the notation of advise --sheet
//	sheet_score  the points on it, bonuses included
//	rolls_left   the rerolls still allowed this turn
//	dice         the dice (five or six), ascending face numbers 1..6
//	fresh        the dice came from a roll of all five (school only: they score double)
//	rank         the action's place in the ranking, from 1
//	action       keep, score or cross (school)
//	keep         the dice kept (a keep; else none)
//	reroll       the dice rerolled (a keep; else none)
//	category     the box written (score, cross; else "")
//	points       the points written in it (else 0)
//	bonus        the bonuses that earns (else 0)
//	detail       how the row is written, "2: close, reserve +1" (school only)
//	expected     the expected final score after the action, sheet_score included
//	loss         the best action's expected less this one's
//	tie          whether the action is tied with the best (loss within 1e-9)
//
// The same advisor, game and sample give the same rows.
func Positions(g *engine.Game, adv coach.Advisor, s Sample) *Rows {
	terms := coach.NewSheet(g).Terms()
	cols := []Column{{"position", Int}, {"turn", Int}, {"sheet", Text}, {"sheet_score", Int}, {"rolls_left", Int}, {"dice", Dice}}
	if terms.Fresh != "" {
		cols = append(cols, Column{"fresh", Bool})
	}
	cols = append(cols, []Column{{"rank", Int}, {"action", Text}, {"keep", Dice}, {"reroll", Dice},
		{"category", Text}, {"points", Int}, {"bonus", Int}}...)
	if terms.Detailed {
		cols = append(cols, Column{"detail", Text})
	}
	cols = append(cols, []Column{{"expected", Float}, {"loss", Float}, {"tie", Bool}}...)
	return &Rows{Columns: cols, rows: func(emit func([]any) error) error {
		for i := range s.Positions {
			p, opts, err := samplePosition(g, adv, s.Seed, i)
			if err != nil {
				return err
			}
			score, dice := p.Sheet.Score(), p.Dice.Dice()
			for rank, o := range opts {
				row := []any{i, p.Sheet.Turn(), p.Sheet.String(), score, p.RollsLeft, dice}
				if terms.Fresh != "" {
					row = append(row, p.Fresh)
				}
				kind, keep, reroll := "score", []int{}, []int{}
				switch {
				case o.Box == "":
					kind, keep, reroll = "keep", o.Keep.Dice(), o.Reroll.Dice()
				case o.Cross:
					kind = "cross"
				}
				row = append(row, rank+1, kind, keep, reroll, o.Box, o.Points, o.Bonus)
				if terms.Detailed {
					row = append(row, o.Detail)
				}
				loss := opts[0].Value - o.Value
				if err := emit(append(row, float64(score)+o.Value, loss, loss <= review.Epsilon)); err != nil {
					return err
				}
			}
			if s.Progress != nil {
				s.Progress(i+1, s.Positions)
			}
		}
		return nil
	}}
}

// samplePosition plays position i of the sample seeded with seed and
// returns it with the advisor's ranking of its actions.
func samplePosition(g *engine.Game, adv coach.Advisor, seed uint64, i int) (coach.Position, []coach.Option, error) {
	rng := rand.New(rand.NewPCG(seed, uint64(i)))
	turn, roll := 1+rng.IntN(g.Turns()), rng.IntN(g.Rolls)
	sheet, err := coach.ParseSheet(g, "")
	if err != nil {
		return coach.Position{}, nil, err
	}
	for {
		p := coach.Position{Game: g, Sheet: sheet, RollsLeft: g.Rolls - 1, Fresh: true, Dice: g.Cup().RollRest(engine.Multiset{}, rng)}
		for {
			opts, err := adv.Actions(p)
			if err != nil {
				return p, nil, err
			}
			best := opts[0]
			if sheet.Turn() == turn && (g.Rolls-1-p.RollsLeft == roll || best.Box != "") {
				return p, opts, nil
			}
			if best.Box != "" {
				m, err := coach.Check(p, best.Action)
				if err != nil {
					return p, nil, err
				}
				sheet = m.Next
				break
			}
			p.Dice, p.RollsLeft, p.Fresh = g.Cup().RollRest(best.Keep, rng), p.RollsLeft-1, best.Keep.Size() == 0
		}
	}
}
