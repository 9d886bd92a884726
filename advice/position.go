package advice

import (
	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/school"
)

// Position is a position to advise on, as advise's flags and the server's
// requests give it.
type Position struct {
	Game *engine.Game
	// Sheet is the sheet in the --sheet notation ("": a new game), unless
	// SheetJSON holds it as the --sheet-file object; SheetName then names
	// that object in messages.
	Sheet     string
	SheetJSON []byte
	SheetName string
	Dice      engine.Multiset
	RollsLeft *int // the rerolls still allowed; nil: the game's rolls less one
	// Fresh, for school, says whether the dice came from a roll of all
	// five; nil leaves it to the roll (always so on the first).
	Fresh *bool
	// Rollouts, for school, is how many games to play on after each of
	// the best actions, their dice seeded by Seed.
	Rollouts int
	Seed     uint64
}

// RolloutActions is how many of the best actions rollouts play on after.
const RolloutActions = 5

// MaxRollouts is the most games rollouts play after each action.
const MaxRollouts = 1_000_000

// Advice is advise's answer for one position.
type Advice struct {
	Ranking
	Strategy string           // school: the strategy that ranked it
	school   []school.Action  // school: the actions, for their rows and columns
	Rollouts []school.Rollout // school: the games played on after the best actions
}

// JSON returns the object advise --json prints, with the first top
// options (every one for 0).
func (a *Advice) JSON(top int) any {
	if a.Game.Columns != 0 {
		return schoolJSON(&a.Ranking, a.Strategy, a.school, a.Rollouts, top)
	}
	return a.Ranking.JSON(top)
}

// Advise ranks every action of position p with the strategies of src.
// A position the rules do not allow is an *InputError.
func Advise(src Source, p Position) (*Advice, error) {
	g := p.Game
	rollsLeft, err := p.rollsLeft()
	if err != nil {
		return nil, err
	}
	if g.Columns != 0 {
		return adviseSchool(src, p, rollsLeft)
	}
	sheet, err := p.SingleSheet()
	if err != nil {
		return nil, err
	}
	t, err := src.Table(g)
	if err != nil {
		return nil, err
	}
	actions, err := t.Actions(sheet.State(g), p.Dice, rollsLeft)
	if err != nil {
		return nil, Inputf("%v", err)
	}
	return &Advice{Ranking: Ranking{Game: g, SheetScore: sheet.Score(g), RollsLeft: rollsLeft, Dice: p.Dice,
		Actions: coach.Ranking(g, actions), Upper: sheet.UpperLine(g)}}, nil
}

// rollsLeft returns the rerolls p allows, checked against its game's rules.
func (p Position) rollsLeft() (int, error) {
	g := p.Game
	rollsLeft := g.Rolls - 1
	if p.RollsLeft != nil {
		rollsLeft = *p.RollsLeft
	}
	if rollsLeft < 0 || rollsLeft >= g.Rolls {
		return 0, Inputf("--rolls-left %d: %s allows 0..%d rerolls after the first roll", rollsLeft, g.Name, g.Rolls-1)
	}
	return rollsLeft, nil
}

// SingleSheet reads the sheet of p, a single-sheet game's; a bad sheet
// is an *InputError.
func (p Position) SingleSheet() (engine.Sheet, error) {
	g := p.Game
	return readSheet(p, func(s string) (engine.Sheet, error) { return engine.ParseSheet(g, s) },
		func(b []byte) (engine.Sheet, error) { return engine.ParseSheetJSON(g, b) })
}

// readSheet reads p's sheet with parse, or from its JSON with parseJSON.
func readSheet[S any](p Position, parse func(string) (S, error), parseJSON func([]byte) (S, error)) (S, error) {
	if p.SheetJSON != nil {
		sh, err := parseJSON(p.SheetJSON)
		if err != nil {
			return sh, Inputf("%s: %v", p.SheetName, err)
		}
		return sh, nil
	}
	sh, err := parse(p.Sheet)
	if err != nil {
		return sh, Inputf("%v", err)
	}
	return sh, nil
}

// adviseSchool ranks the actions of a school position.
func adviseSchool(src Source, p Position, rollsLeft int) (*Advice, error) {
	g := p.Game
	sheet, err := readSheet(p, g.ParseSchoolSheet, g.ParseSchoolSheetJSON)
	if err != nil {
		return nil, err
	}
	if p.Rollouts < 0 || p.Rollouts > MaxRollouts {
		return nil, Inputf("--rollouts %d: must be 0 to %d", p.Rollouts, MaxRollouts)
	}
	fresh := p.Fresh != nil && *p.Fresh
	if rollsLeft == g.Rolls-1 {
		if p.Fresh != nil && !fresh {
			return nil, Inputf("--fresh=false: the first roll of a turn is always fresh")
		}
		fresh = true
	}
	if g, err = src.SchoolGame(g, sheet); err != nil {
		return nil, err
	}
	st, err := src.School(g)
	if err != nil {
		return nil, err
	}
	state := sheet.State(g)
	k := school.NewKernel(g)
	actions, err := k.Actions(state, p.Dice, rollsLeft, fresh, st.Player(&state))
	if err != nil {
		return nil, Inputf("%v", err)
	}
	a := &Advice{Ranking: Ranking{Game: g, SheetScore: sheet.Score(g), RollsLeft: rollsLeft, Fresh: fresh, Dice: p.Dice,
		Actions: coach.SchoolOptions(g, actions), Note: st.Note(g)}, Strategy: st.Name, school: actions}
	if p.Rollouts > 0 {
		top := actions[:min(len(actions), RolloutActions)]
		a.Rollouts = k.Rollouts(state, top, rollsLeft, st.Player, p.Rollouts, p.Seed, 0)
	}
	return a, nil
}
