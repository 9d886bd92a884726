package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"dicepoker/advice"
	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/target"
)

// sheetOf reads a request's sheet, called name in messages: the --sheet
// notation as a JSON string, or the --sheet-file object; absent or null
// is a new game.
func sheetOf(raw json.RawMessage, name string) (advice.Sheet, error) {
	text := strings.TrimSpace(string(raw))
	var sh advice.Sheet
	switch {
	case text == "" || text == "null":
	case text[0] == '"':
		if err := json.Unmarshal(raw, &sh.Notation); err != nil {
			return sh, badf("%s: %v", name, err)
		}
	case text[0] == '{':
		sh.JSON, sh.Name = raw, name
	default:
		return sh, badf("%s: want the --sheet notation as a string or the --sheet-file object", name)
	}
	return sh, nil
}

// adviseRequest is a position, as advise's flags give it.
type adviseRequest struct {
	game
	Sheet     json.RawMessage `json:"sheet"`
	Dice      []int           `json:"dice"`
	RollsLeft *int            `json:"rolls_left"` // absent: right after the first roll
	Fresh     *bool           `json:"fresh"`      // school
	// Target and Opponents rank by the chance of the aim, as advise's
	// --target and --opponent do; each opponent is a sheet as Sheet is.
	Target    *int              `json:"target"`
	Opponents []json.RawMessage `json:"opponents"`
}

// MaxOpponents is the most opponents a request ranks against: each is
// an exact distribution of their final total to solve.
const MaxOpponents = 5

// advise answers what advise --json prints for the position. The
// ranking against a single sheet's opponents is a job of the queue,
// within the memory budget; a solve for the aim stops when ctx is done.
func (s *API) advise(ctx context.Context, req adviseRequest) (any, error) {
	g, err := s.build(req.game)
	if err != nil {
		return nil, err
	}
	r := advice.Request{Game: g, RollsLeft: req.RollsLeft, Fresh: req.Fresh, Target: req.Target}
	if r.Sheet, err = sheetOf(req.Sheet, "sheet"); err != nil {
		return nil, err
	}
	if r.Dice, err = dice(g, req.Dice); err != nil {
		return nil, err
	}
	switch {
	case len(req.Opponents) > MaxOpponents:
		return nil, badf("opponents: at most %d, have %d", MaxOpponents, len(req.Opponents))
	case req.Opponents != nil && len(req.Opponents) == 0:
		return nil, badf("opponents: give one sheet or more")
	}
	for i, raw := range req.Opponents {
		o, err := sheetOf(raw, fmt.Sprintf("opponents[%d]", i))
		if err != nil {
			return nil, err
		}
		r.Opponents = append(r.Opponents, o)
	}
	// The tables the command reads, one copy; a solve for the aim leaves
	// a core to the cheap requests.
	a, err := advice.Advise(ctx, r, advice.Env{Tables: s.src, Targets: s.src, Threads: JobThreads(),
		Solve: func(g *engine.Game, work func() error) error {
			return s.src.job(ctx, "the ranking against opponents", target.OpponentsMemory(g), work)
		}})
	if err != nil {
		return nil, err
	}
	return a.JSON(0), nil
}

// message words err for a client: the request's fields it names by
// their JSON keys ("rolls_left 3: ...").
func message(err error) string {
	return advice.Worded(err, func(field string) string { return field })
}

// scoreRequest is what score's flags give.
type scoreRequest struct {
	game
	Dice    []int `json:"dice"`
	Fresh   bool  `json:"fresh"`   // school
	Reserve int   `json:"reserve"` // school
}

// score answers what score --json prints.
func (s *API) score(req scoreRequest) (any, error) {
	g, err := s.build(req.game)
	if err != nil {
		return nil, err
	}
	m, err := dice(g, req.Dice)
	if err != nil {
		return nil, err
	}
	if terms := coach.NewSheet(g).Terms(); req.Fresh && terms.Fresh == "" || req.Reserve != 0 && terms.Reserve == "" {
		return nil, badf("fresh and reserve belong to school, not to %s", g.Name)
	}
	if err := advice.CheckReserve(g, req.Reserve); err != nil {
		return nil, err
	}
	return advice.Score(g, m, req.Fresh, req.Reserve).JSON(), nil
}

// sheetRequest names a sheet in the --sheet notation.
type sheetRequest struct {
	game
	Sheet string `json:"sheet"`
}

// sheet answers the sheet laid out for the page.
func (s *API) sheet(req sheetRequest) (any, error) {
	g, err := s.build(req.game)
	if err != nil {
		return nil, err
	}
	return layout(g, req.Sheet)
}

// writeRequest is a turn's last move: the dice written in a box.
type writeRequest struct {
	game
	Sheet string `json:"sheet"`
	Dice  []int  `json:"dice"`
	Fresh bool   `json:"fresh"` // school: the dice came from a roll of all five
	Box   string `json:"box"`
	Cross bool   `json:"cross"` // school: cross the combination cell out
}

// write answers the move of writing the dice in a box and the sheet after it.
func (s *API) write(req writeRequest) (any, error) {
	g, err := s.build(req.game)
	if err != nil {
		return nil, err
	}
	sh, err := coach.ParseSheet(g, req.Sheet)
	if err != nil {
		return nil, badf("%v", err)
	}
	if sh.Over() {
		return nil, badf("the sheet is full")
	}
	m, err := dice(g, req.Dice)
	if err != nil {
		return nil, err
	}
	mv, err := sh.Write(m, req.Fresh, req.Box, req.Cross)
	if err != nil {
		return nil, badf("%v", err)
	}
	next := viewOf(g, mv.Next)
	return struct {
		Box    string `json:"box"`
		Points int    `json:"points"`
		Bonus  int    `json:"bonus"`
		Detail string `json:"detail,omitempty"`
		Next   any    `json:"next"`
	}{mv.Box, mv.Points, mv.Bonus, mv.Detail, next}, nil
}

// reviewRequest is a game record, the JSON lines play writes.
type reviewRequest struct {
	Record string `json:"record"`
}

// review answers what review --json prints for the record.
func (s *API) review(req reviewRequest) (any, error) {
	r, err := advice.Review(s.src, strings.NewReader(req.Record), "record", s.recordGame(req.Record))
	if err != nil {
		return nil, err
	}
	return advice.ReviewJSON(r), nil
}

// recordGame returns the game of those offered besides the built-in
// ones (Options.Games) that a game record's first line names, or nil:
// the record is then read as one of a built-in game.
func (s *API) recordGame(record string) *engine.Game {
	line, _, _ := strings.Cut(strings.TrimSpace(record), "\n")
	var first struct {
		Game string `json:"game"`
	}
	if json.Unmarshal([]byte(line), &first) != nil {
		return nil
	}
	return s.offered(first.Game)
}

// status answers which strategies are being built.
func (s *API) status() (any, error) {
	return struct {
		Solving []string `json:"solving"`
	}{s.src.solving()}, nil
}

// games answers the games and their rule options.
func (s *API) games() (any, error) {
	list := make([]gameInfo, 0, len(engine.GameNames)+len(s.files))
	for _, name := range engine.GameNames {
		g, err := engine.New(name, engine.Options{})
		if err != nil {
			return nil, err
		}
		list = append(list, infoOf(g))
	}
	for _, g := range s.files {
		list = append(list, infoOf(g))
	}
	return list, nil
}

// takeRequest names a school bonus another player took, or gave back.
type takeRequest struct {
	game
	Sheet string `json:"sheet"`
	Bonus string `json:"bonus"` // a row's name or column1..column5
}

// take answers the sheet with the bonus marked taken by another player,
// or unmarked when it was: the advisor then counts it out of reach.
func (s *API) take(req takeRequest) (any, error) {
	g, err := s.build(req.game)
	if err != nil {
		return nil, err
	}
	sh, err := coach.ParseSheet(g, req.Sheet)
	if err != nil && !errors.Is(err, engine.ErrGameOver) {
		return nil, badf("%v", err)
	}
	if sh, err = sh.Take(req.Bonus); err != nil {
		return nil, badf("%v", err)
	}
	return viewOf(g, sh), nil
}
