package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"dicepoker/engine"
)

const scoreSummary = `Score five dice in every category of a game, in sheet order, under the
plain rules (no joker, no bonus). For school, School rows show whether the
cell closes and what it does to the reserve (--reserve gives the reserve
now), and combination rows are doubled with --fresh (the dice came from a
roll of all five).`

// runScore prints what the dice score in each category of the game.
func runScore(args []string, stdout io.Writer) error {
	fs := newFlagSet("score")
	gf := addGameFlags(fs)
	fs.String("dice", "", `the five dice: "3,4,3,6,3", "34363" or "3 4 3 6 3"; poker-dice also 9TJQKA`)
	fresh := fs.Bool("fresh", false, "school: the dice came from a roll of all five dice (combinations score double)")
	reserve := fs.Int("reserve", 0, "school: the reserve before this turn")
	asJSON := fs.Bool("json", false, "print one JSON object instead of a table")
	if err := parseFlags(fs, args, stdout, "score [--game G] [game options] --dice D [--fresh] [--reserve N] [--json]", scoreSummary); err != nil {
		return err
	}
	g, err := gf.build(fs)
	if err != nil {
		return err
	}
	m, err := handFlag(fs, "dice", g, "the five dice to score")
	if err != nil {
		return err
	}
	school := g.Columns > 0
	for _, name := range []string{"fresh", "reserve"} {
		if fs.Changed(name) && !school {
			return usagef("--%s belongs to school, not to %s", name, g.Name)
		}
	}
	if *reserve < 0 {
		return usagef("--reserve %d: the reserve is never below 0", *reserve)
	}
	if top := g.MaxSchoolReserve(); *reserve > top {
		return usagef("--reserve %d: a sheet of %d columns holds at most %d (every School cell closed with five dice)", *reserve, g.Columns, top)
	}
	s := scoreDice(g, m, *fresh, *reserve)
	if *asJSON {
		return s.writeJSON(stdout)
	}
	return s.writeText(stdout)
}

// scoreRow is one category's result.
type scoreRow struct {
	name   string
	points int                // points written; 0 for a School cell that closes, SchoolRules.Zero for a zero
	school *engine.SchoolCell // School rows only
	text   string             // how the table shows it
}

type scored struct {
	game    *engine.Game
	dice    engine.Multiset
	fresh   bool
	reserve int
	rows    []scoreRow
}

func scoreDice(g *engine.Game, m engine.Multiset, fresh bool, reserve int) scored {
	s := scored{game: g, dice: m, fresh: fresh, reserve: reserve}
	r := engine.RollIndex(m)
	for c, cat := range g.Categories {
		row := scoreRow{name: cat.Name}
		switch {
		case cat.School:
			cell := engine.CloseSchool(cat.Face, m, reserve)
			row.school = &cell
			switch {
			case !cell.Closed:
				row.points = g.School.Zero
				row.text = fmt.Sprintf("zero: %d", g.School.Zero)
			case cell.UsedReserve:
				row.text = fmt.Sprintf("closes, pays %d from reserve", reserve-cell.Reserve)
			case cell.Reserve > reserve:
				row.text = fmt.Sprintf("closes, reserve +%d", cell.Reserve-reserve)
			default:
				row.text = "closes"
			}
		case g.Columns > 0:
			row.points = g.SchoolPoints(c, r, fresh)
		default:
			row.points = g.Score(c, r)
		}
		if row.text == "" {
			row.text = fmt.Sprint(row.points)
		}
		s.rows = append(s.rows, row)
	}
	return s
}

func (s scored) writeText(w io.Writer) error {
	g := s.game
	var b strings.Builder
	name := g.Name
	if o := g.Options.String(); o != "" {
		name += " (" + o + ")"
	}
	fmt.Fprintf(&b, "%s: %s", name, strings.Join(strings.Split(s.dice.Format(g.Letters), ""), " "))
	if g.Columns > 0 {
		if s.fresh {
			b.WriteString(", fresh roll: combinations doubled")
		}
		fmt.Fprintf(&b, ", reserve %d", s.reserve)
	}
	b.WriteString("\n")
	for _, row := range s.rows {
		fmt.Fprintf(&b, "  %-16s %s\n", row.name, row.text)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// scoreJSON is the --json output. The first three keys are fixed: game,
// dice (face numbers 1..6, sorted), scores (category -> points, sheet order).
type scoreJSON struct {
	Game    string              `json:"game"`
	Dice    []int               `json:"dice"`
	Scores  ordered[int]        `json:"scores"`
	School  ordered[schoolJSON] `json:"school,omitempty"`
	Options string              `json:"options,omitempty"`
	Rules   string              `json:"rules"`
	Fresh   *bool               `json:"fresh,omitempty"`
	Reserve *int                `json:"reserve,omitempty"`
}

// schoolJSON is a School row: does the cell close, and the reserve after.
type schoolJSON struct {
	Closed  bool `json:"closed"`
	Reserve int  `json:"reserve"`
}

func (s scored) writeJSON(w io.Writer) error {
	out := scoreJSON{Game: s.game.Name, Dice: s.dice.Dice(), Options: s.game.Options.String(), Rules: s.game.Options.String()}
	for _, row := range s.rows {
		out.Scores = append(out.Scores, entry[int]{row.name, row.points})
		if row.school != nil {
			out.School = append(out.School, entry[schoolJSON]{row.name, schoolJSON{row.school.Closed, row.school.Reserve}})
		}
	}
	if s.game.Columns > 0 {
		out.Fresh, out.Reserve = &s.fresh, &s.reserve
	}
	return json.NewEncoder(w).Encode(out)
}

// ordered is a JSON object that keeps its keys in the order given.
type ordered[V any] []entry[V]

type entry[V any] struct {
	key   string
	value V
}

func (o ordered[V]) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, e := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(e.key)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(e.value)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
