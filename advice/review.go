package advice

import (
	"io"

	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/record"
	"dicepoker/review"
)

// Review reads the game record in r (called name in its errors) and
// judges its decisions with src's advisor of the record's game: what
// review and the server's review answer. g, when set, is the record's
// game, one a game file describes, whose name engine.New does not know;
// nil reads the game from the record. A record that cannot be read is
// bad input.
func Review(src Source, r io.Reader, name string, g *engine.Game) (*review.Report, error) {
	read := record.Read
	if g != nil {
		read = func(r io.Reader, name string) (*record.Record, error) { return record.ReadOf(r, name, g) }
	}
	rec, err := read(r, name)
	if err != nil {
		return nil, &InputError{Msg: err.Error()}
	}
	adv, err := Advisor(src, rec.Game)
	if err != nil {
		return nil, err
	}
	return review.Review(rec, adv)
}

// ItemRanking returns a judged decision's ranking, ready to describe.
func ItemRanking(r *review.Report, it review.Item) *Ranking {
	p := it.Entry.Position
	return &Ranking{Game: r.Game, SheetScore: p.Sheet.Score(), RollsLeft: p.RollsLeft, Fresh: p.Fresh, Dice: p.Dice, Actions: it.Actions, Note: r.Note}
}

// reviewDecision is one decision in review's JSON.
type reviewDecision struct {
	Line          int          `json:"line"`
	Turn          int          `json:"turn"`
	Sheet         string       `json:"sheet"`
	Dice          []int        `json:"dice"`
	RollsLeft     int          `json:"rolls_left"`
	Taken         coach.Action `json:"taken"`
	Best          coach.Action `json:"best"`
	TakenExpected float64      `json:"taken_expected"`
	BestExpected  float64      `json:"best_expected"`
	Loss          float64      `json:"loss"`
	Optimal       bool         `json:"optimal"`
}

// ReviewJSON returns the object review --json prints.
func ReviewJSON(r *review.Report) any {
	ds := make([]reviewDecision, len(r.Items))
	for i, it := range r.Items {
		p, a := it.Entry.Position, ItemRanking(r, it)
		ds[i] = reviewDecision{Line: it.Entry.Line, Turn: p.Sheet.Turn(), Sheet: p.Sheet.String(), Dice: p.Dice.Dice(),
			RollsLeft: p.RollsLeft, Taken: it.Entry.Action, Best: it.Actions[0].Action,
			TakenExpected: a.Expected(it.Taken), BestExpected: a.Expected(0), Loss: it.Loss, Optimal: it.Optimal()}
	}
	return struct {
		Game          string           `json:"game"`
		Options       string           `json:"options"`
		Rules         string           `json:"rules"`
		Note          string           `json:"note,omitempty"`
		Decisions     []reviewDecision `json:"decisions"`
		TotalLoss     float64          `json:"total_loss"`
		Optimal       int              `json:"optimal"`
		OptimalShare  float64          `json:"optimal_share"`
		Complete      bool             `json:"complete"`
		Score         int              `json:"score"`
		ExpectedScore float64          `json:"expected_score"`
		Warning       string           `json:"warning,omitempty"`
	}{r.Game.Name, r.Game.Options.String(), r.Game.Options.String(), r.Note, ds, r.Loss, r.Optimal, r.Share(), r.Final.Over(), r.Final.Score(), r.Expected, r.Warning}
}
