package school

import (
	"math"
	"path/filepath"

	"dicepoker/engine"
	"dicepoker/strategy"
	"dicepoker/tables"
)

// The school race: with other players at the table, each first-come bonus
// goes to whoever earns it first. A racing seat (Race.Seat) plays the
// estimate's turn search, but values each bonus it can still earn by the
// chance that it earns it before every other player, from how soon each
// sheet is to earn it (Timing).

// Bonuses are numbered for the race: row c's is c, column j's is
// len(g.Categories)+j.

// need returns the cells s must still write to earn bonus b, 0 when b is
// out of its reach.
func need(g *engine.Game, s *engine.SchoolState, b int) int {
	rows := len(g.Categories)
	if b < rows {
		if !g.HasRowBonus(b) || s.RowBonus>>b&1 == 0 {
			return 0
		}
		return g.Columns - int(s.Fill[b])
	}
	j := b - rows
	if s.ColBonus>>j&1 == 0 {
		return 0
	}
	n := 0
	for c := range rows {
		if int(s.Fill[c]) <= j {
			n++
		}
	}
	return n
}

// without returns s with bonus b out of reach.
func without(g *engine.Game, s engine.SchoolState, b int) engine.SchoolState {
	if rows := len(g.Categories); b < rows {
		s.RowBonus &^= 1 << b
	} else {
		s.ColBonus &^= 1 << (b - rows)
	}
	return s
}

// Timing says how soon a player earns each bonus: for a sheet with t
// turns left on which bonus b is in reach, m cells short, the chance
// that the player has earned it within u more of its turns (the turn
// about to be played is the first), as measured in games of the player
// alone. It knows nothing of the player but those games.
type Timing struct {
	Game *engine.Game
	// Expected is the expected score of the estimate whose player was
	// measured (OpenTiming): it ties the timing to that fit (an estimate
	// refitted since has another).
	Expected float64
	// F holds the chances, by bonus, cells short, turns left and turns
	// to come (see at); a cell of a sheet never met is 0.
	F []float32
	n dims
}

// dims are the sizes of a timing's table.
type dims struct{ bonuses, needs, turns int }

func dimsOf(g *engine.Game) dims {
	return dims{len(g.Categories) + g.Columns, max(len(g.Categories), g.Columns) + 1, g.Turns() + 1}
}

// at returns where the chances of bonus b, m short with t turns left,
// start in F: u turns to come is at+u, for u in 0..t.
func (d dims) at(b, m, t int) int { return ((b*d.needs+m)*d.turns + t) * d.turns }

func (d dims) size() int { return d.bonuses * d.needs * d.turns * d.turns }

// Within returns the chance that a player whose sheet has t turns left,
// with bonus b in reach m cells short, earns it within u more turns.
func (tm *Timing) Within(b, m, t, u int) float64 {
	if m <= 0 || m > t || u < m {
		return 0
	}
	return float64(tm.F[tm.n.at(b, m, t)+min(u, t)])
}

// TimingGames is how many games of the player alone the timing is
// measured over, and minCell the fewest sheets a cell of the table is
// measured on: fewer are pooled with those of the nearest turns left.
const (
	TimingGames = 4000
	minCell     = 40
)

// MeasureTiming plays games games of school game g with player p alone,
// seeded by seed, on threads goroutines, and measures its timing.
func MeasureTiming(g *engine.Game, p Player, games int, seed uint64, threads int) *Timing {
	k := NewKernel(g)
	n := dimsOf(g)
	turns := g.Turns()
	// By game: each turn's needs of every bonus, and the turn it was
	// earned in (-1: never).
	type game struct {
		needs  []uint8
		earned []int
	}
	played := make([]game, games)
	k.lockstep(games, threads, func(i int, search searcher) {
		gm := game{needs: make([]uint8, turns*n.bonuses), earned: make([]int, n.bonuses)}
		for b := range gm.earned {
			gm.earned[b] = -1
		}
		s, rows, rolls := g.NewSchoolState(), len(g.Categories), seatRolls(seed, i)
		for t := range turns {
			for b := range n.bonuses {
				gm.needs[t*n.bonuses+b] = uint8(need(g, &s, b))
			}
			m, _ := k.Turn(s, p(&s), rolls(t, 0), search)
			for b := range n.bonuses {
				if b < rows && m.EarnedRows>>b&1 != 0 || b >= rows && m.EarnedCols>>(b-rows)&1 != 0 {
					gm.earned[b] = t
				}
			}
			s = m.Next
		}
		played[i] = gm
	})
	// counts[at(b, m, t)+u]: sheets earning b in turn u to come (0:
	// never); sheets[b][m][t] all of them.
	counts := make([]int, n.size())
	sheets := make([]int, n.bonuses*n.needs*n.turns)
	for _, gm := range played {
		for t := range turns {
			left := turns - t
			for b := range n.bonuses {
				m := int(gm.needs[t*n.bonuses+b])
				if m == 0 {
					continue
				}
				u := 0
				if e := gm.earned[b]; e >= t {
					u = e - t + 1
				}
				counts[n.at(b, m, left)+u]++
				sheets[(b*n.needs+m)*n.turns+left]++
			}
		}
	}
	tm := &Timing{Game: g, F: make([]float32, n.size()), n: n}
	for b := range n.bonuses {
		for m := 1; m < n.needs; m++ {
			for t := m; t < n.turns; t++ {
				tm.fill(b, m, t, counts, sheets)
			}
		}
	}
	return tm
}

// fill sets the chances of bonus b, m short with t turns left, from the
// counts of the sheets met there, pooled with those of the nearest turns
// left until there are minCell of them, turns to come counted alike.
func (tm *Timing) fill(b, m, t int, counts, sheets []int) {
	n := tm.n
	earned := make([]int, t+1)
	seen := 0
	for d := 0; seen < minCell && d < n.turns; d++ {
		pool := []int{t - d, t + d}
		if d == 0 {
			pool = pool[:1]
		}
		for _, o := range pool {
			if o < m || o >= n.turns {
				continue
			}
			seen += sheets[(b*n.needs+m)*n.turns+o]
			for u := 1; u <= min(o, t); u++ { // beyond t: not within t
				earned[u] += counts[n.at(b, m, o)+u]
			}
		}
	}
	if seen == 0 {
		return
	}
	at, sum := n.at(b, m, t), 0
	for u := 1; u <= t; u++ {
		sum += earned[u]
		tm.F[at+u] = float32(sum) / float32(seen)
	}
}

// raceTag marks timing tables in their header's options and name.
const raceTag = "race"

// TimingPath returns the timing table file of g in directory dir.
func TimingPath(dir string, g *engine.Game) string {
	return filepath.Join(dir, tables.FileName(g.Name, options(g, raceTag)))
}

// Save writes the timing's chances to path atomically.
func (tm *Timing) Save(path string) error { return save(path, tm.Game, raceTag, tm.Expected, tm.F) }

// LoadTiming reads the timing of school game g from path. A missing file
// gives an error for which errors.Is(err, fs.ErrNotExist) holds.
func LoadTiming(path string, g *engine.Game) (*Timing, error) {
	h, values, err := tables.Read(path, expect(g, raceTag))
	if err != nil {
		return nil, err
	}
	n := dimsOf(g)
	if len(values) != n.size() {
		return nil, &tables.Error{Path: path, Err: tables.ErrCorrupt, Rebuild: expect(g, "").Rebuild, Reason: "a timing table of another size"}
	}
	return &Timing{Game: g, Expected: h.Expected, F: values, n: n}, nil
}

// OpenTiming loads g's timing of the estimate e from dir or, when there
// is none yet or it was measured on another fit of the estimate, measures
// it over TimingGames games of e's player alone and saves it. notice, if
// not nil, is told before a measure starts.
func OpenTiming(dir string, e *Estimate, threads int, notice func(msg string)) (*Timing, error) {
	g := e.Game
	path := TimingPath(dir, g)
	measure := func() (*Timing, error) {
		tm := MeasureTiming(g, e.After, TimingGames, 1, threads)
		tm.Expected = e.Expected
		return tm, nil
	}
	tm, err := tables.Open(path, func(path string) (*Timing, error) { return LoadTiming(path, g) }, measure,
		func() string {
			return "no race timing for " + strategy.Describe(g) + " yet: measuring it once (" + TimingCost(g, threads).String() + ")"
		}, notice)
	if err == nil && tm.Expected != e.Expected {
		if notice != nil {
			notice("the race timing in " + path + " was measured on another estimate: measuring it again")
		}
		tm, _ = measure()
		err = tm.Save(path)
	}
	return tm, err
}

// Chance returns the chance that a player earns bonus b before every
// other player, given that it earns it: its sheet is m cells short of it
// with t turns left after its write, each other player o's is others[o]
// short (0: out of its reach) with turns[o] left, and every other player
// plays once before each of its turns. Each player's turn of earning it
// is drawn from the timing, independently; a bonus the timing says the
// player never earns from there has chance 1 (it is worth nothing to
// race for).
func (tm *Timing) Chance(b, m, t int, others, turns []int) float64 {
	own := tm.Within(b, m, t, t)
	if own == 0 {
		return 1
	}
	chance, before := 0.0, 0.0
	for u := m; u <= t; u++ {
		at := tm.Within(b, m, t, u)
		p := (at - before) / own
		before = at
		if p <= 0 {
			continue
		}
		first := 1.0 // no other player has earned it by then
		for o, mo := range others {
			first *= 1 - tm.Within(b, mo, turns[o], u)
		}
		chance += p * first
	}
	return chance
}

// Race is a racing seat of school: the estimate's player, each bonus it
// can still earn valued by the chance that it earns it before every
// other player.
type Race struct {
	Estimate *Estimate
	Timing   *Timing
}

// Seat returns the values of the sheets after the turn of the player in
// seat me, sheets being every player's: the estimate's value of the
// sheet, less, for each bonus b still in reach, (1 - c) times what the
// estimate says b's being in reach is worth, c being the chance that
// the player earns b first (Timing.Chance, the player's sheet after the
// write against the others' as they are). What b is worth is the
// estimate's value of the sheet less its value with b out of reach: on
// the sheet after the write for the write's row and column, on the
// sheet before it for the other bonuses, whose need the write leaves as
// it is. Alone, a seat plays as the estimate.
func (r *Race) Seat(sheets []engine.SchoolState, me int) Values {
	e, g := r.Estimate, r.Estimate.Game
	s := &sheets[me]
	after := e.After(s)
	left := g.SchoolTurnsLeft(s) - 1
	if left <= 0 || len(sheets) == 1 {
		return after
	}
	n := dimsOf(g)
	// others[b*o+i]: other player i's need of bonus b.
	var turns []int
	others := make([]int, 0, n.bonuses*(len(sheets)-1))
	for b := range n.bonuses {
		for o := range sheets {
			if o != me {
				others = append(others, need(g, &sheets[o], b))
			}
		}
	}
	for o := range sheets {
		if o != me {
			turns = append(turns, g.SchoolTurnsLeft(&sheets[o]))
		}
	}
	k := len(sheets) - 1
	// lost(b, m) is 1 - Chance for bonus b, m short after the write,
	// each worked out once a turn.
	chances := make([]float64, n.bonuses*n.needs)
	for i := range chances {
		chances[i] = math.NaN()
	}
	lost := func(b, m int) float64 {
		p := &chances[b*n.needs+m]
		if math.IsNaN(*p) {
			*p = 1 - r.Timing.Chance(b, m, left, others[b*k:(b+1)*k], turns)
		}
		return *p
	}
	// The loss of each bonus as the sheet has it before the write.
	base := e.Value(*s)
	loss := make([]float64, n.bonuses)
	total := 0.0
	for b := range n.bonuses {
		if m := need(g, s, b); m > 0 {
			loss[b] = lost(b, m) * max(0, base-e.Value(without(g, *s, b)))
			total += loss[b]
		}
	}
	rows := len(g.Categories)
	return func(x engine.SchoolState) float64 {
		v := after(x)
		c := writtenRow(s, &x, rows)
		if c < 0 {
			return v - total
		}
		// The write's row and column: their loss on the sheet after it.
		pen := total
		for _, b := range [2]int{c, rows + int(s.Fill[c])} {
			pen -= loss[b]
			if m := need(g, &x, b); m > 0 {
				pen += lost(b, m) * max(0, v-after(without(g, x, b)))
			}
		}
		return v - pen
	}
}
