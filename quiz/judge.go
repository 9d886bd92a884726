package quiz

import (
	"fmt"

	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/record"
	"dicepoker/review"
	"dicepoker/words"
)

// Judge judges answer a to question q as review judges a decision: the
// item's Loss is the expected points a gives up against the best, 0 for
// the best or an action tied with it. An action the rules refuse in q's
// position is an error that says why.
func Judge(q Question, a coach.Action) (review.Item, error) {
	if _, err := coach.Check(q.Position, a); err != nil {
		return review.Item{}, err
	}
	return review.Judge(ranked(q.Actions), record.Entry{Position: q.Position, Action: a})
}

// ranked is an advisor that has ranked one position already: a
// question's actions, for review.Judge to find an answer among.
type ranked []coach.Option

func (r ranked) Actions(coach.Position) ([]coach.Option, error) { return r, nil }
func (r ranked) Expected() float64                              { return 0 }
func (r ranked) Note() string                                   { return "" }

// Why says in one line why the best action of a judged decision beats
// the action taken, where the numbers say it plainly: for two boxes,
// the points each writes now against what each leaves to come; for a
// box against a reroll, which is worth more; with the upper bonus still
// in reach and an upper box at stake, where the upper section stands.
// It is "" for the best action and for one keep against another.
func Why(it review.Item) string {
	if it.Optimal() {
		return ""
	}
	p := it.Entry.Position
	best, taken := it.Actions[0], it.Actions[it.Taken]
	var why string
	switch {
	case best.Box != "" && taken.Box != "":
		now := best.Points + best.Bonus - taken.Points - taken.Bonus
		later := (best.Value - float64(best.Points+best.Bonus)) - (taken.Value - float64(taken.Points+taken.Bonus))
		switch {
		case now < 0:
			why = fmt.Sprintf("%s scores %d %s fewer now, but leaves %.2f more to come", words.Box(best.Action), -now, engine.Plural(-now, "point", "points"), later)
		case later < 0:
			why = fmt.Sprintf("%s scores %d %s more now, more than the %.2f less it leaves to come", words.Box(best.Action), now, engine.Plural(now, "point", "points"), -later)
		case now == 0:
			why = fmt.Sprintf("%s scores as much now and leaves %.2f more to come", words.Box(best.Action), later)
		default:
			why = fmt.Sprintf("%s scores %d more now and leaves %.2f more to come", words.Box(best.Action), now, later)
		}
	case taken.Box != "":
		why = fmt.Sprintf("with %d %s left, rerolling is worth %.2f more than %d in %s now", p.RollsLeft,
			engine.Plural(p.RollsLeft, "reroll", "rerolls"), best.Value-taken.Value, taken.Points+taken.Bonus, words.Box(taken.Action))
	case best.Box != "":
		why = fmt.Sprintf("%d in %s now is worth %.2f more than the reroll", best.Points+best.Bonus, words.Box(best.Action), best.Value-taken.Value)
	}
	if upper := UpperAtStake(p, best, taken); upper != "" {
		if why == "" {
			return upper
		}
		why += "; " + upper
	}
	return why
}

// UpperAtStake returns, for a position p and its actions, where the upper section stands against its bonus
// ("upper 42 of 63 for the bonus 35") when the bonus is still to be won,
// can still be, and either action writes an upper box; else "".
func UpperAtStake(p coach.Position, actions ...coach.Option) string {
	g := p.Game
	if g.Upper.Points == 0 {
		return ""
	}
	sh, err := engine.ParseSheet(g, p.Sheet.String())
	if err != nil {
		return ""
	}
	if !BonusInReach(g, sh) {
		return ""
	}
	for _, a := range actions {
		if c := g.Category(a.Box); c >= 0 && g.Categories[c].Upper() {
			return sh.UpperLine(g)
		}
	}
	return ""
}

// BonusInReach reports whether the upper bonus of g is not yet won on
// sheet sh but can still be: the open upper boxes can bring the upper
// total to the threshold.
func BonusInReach(g *engine.Game, sh engine.Sheet) bool {
	total := sh.UpperTotal(g)
	if g.Upper.Points == 0 || total >= g.Upper.Threshold {
		return false
	}
	for c, cat := range g.Categories {
		if cat.Upper() && !sh.Filled[c] {
			ps := g.Possible(c)
			total += ps[len(ps)-1]
		}
	}
	return total >= g.Upper.Threshold
}
