package school

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"dicepoker/engine"
)

// CheckOptions say how to check an estimate against play.
type CheckOptions struct {
	Sheets  int    // sheets drawn from each style's games
	Games   int    // games played on from each sheet, after each action
	Seed    uint64 // the seed of the sheets and of the games
	Threads int    // goroutines; 0 means runtime.GOMAXPROCS
	// Actions is how many of the best actions are played on, to check
	// the ranking too (0 or 1: the best only).
	Actions int
	// HandMade are sheets in the school notation to check too; nil means
	// those of HandMade.
	HandMade []string
	// Drift, when set, is added to the advised value of each sheet, as the
	// advisor states it (see Drift); its Lookahead is set where Advisor is
	// a Lookahead.
	Drift *Drift
	// Advisor, when set, values the sheets after the turn for the
	// advisor's ranking, as advise does (Lookahead); the games are
	// played by the player whatever it is.
	Advisor Player
}

// CheckCase is one position of a check: the advisor's value of its best
// action against the mean of the games its player then plays on.
type CheckCase struct {
	Source string
	Sheet  engine.SchoolSheet
	Dice   engine.Multiset // the first roll of the turn, fresh
	// Advised is the advisor's expected final score of its best action;
	// Played the mean final score of the games played on after it, with
	// the half-width of its 95% interval.
	Advised, Played, CI95 float64
	// Beaten is by how much the games after the best of the other actions
	// played on beat those after the advised one, beyond the 95% interval
	// of their difference: 0 when none does, as the ranking says.
	Beaten float64
	// BeatenAgain is the same of that action in fresh games, four times
	// as many, played only where Beaten is above 0: with a 95% interval,
	// one near-tie in forty is beaten by chance, and is seldom beaten
	// again, where a ranking that is wrong is.
	BeatenAgain float64
}

// Error returns how far the advised value is from the games' mean.
func (c CheckCase) Error() float64 { return c.Advised - c.Played }

// Excess returns how far the advised value lies outside the games' 95%
// interval, 0 inside it.
func (c CheckCase) Excess() float64 { return max(0, math.Abs(c.Error())-c.CI95) }

// HandMade are sheets written by hand in the school notation, as a person
// who plays otherwise than the advisor may hold them, for a game of the
// given columns: crosses, zeros, a large reserve, rows written early.
func HandMade(columns int) []string {
	sheets := []string{
		"sum=22",
		"pair=12,three-of-a-kind=15,sum=25",
		"ones=0,twos=0",
		"pair=-,two-pairs=-,five-of-a-kind=-",
		"fours=x,fives=x,sixes=x,reserve=30",
		"small-straight=-,large-straight=-,sum=-",
		"ones=x,twos=x,threes=x,fours=x,fives=x,sixes=x",
		"threes=0,five-of-a-kind=-,sum=30",
		"ones=r,twos=r,fives=x,sixes=x,reserve=4",
		"four-of-a-kind=-,full-house=-,large-straight=40",
	}
	if columns >= 2 {
		sheets = append(sheets,
			"sum=22/30,pair=12",
			"five-of-a-kind=-/-,sixes=0",
			"ones=x/x,twos=x/x,threes=x/x,pair=10/12,three-of-a-kind=12/15,reserve=6",
			"sum=20/21,small-straight=-/-,large-straight=-/-",
		)
	}
	return sheets
}

// checkSource is where a check's sheets come from.
type checkSource struct {
	name   string
	sheets func(rng *rand.Rand) engine.SchoolSheet
}

// Check compares, on sheets of many kinds, the value the advisor gives its
// best action for a first roll, with o.Advisor's values for the sheets
// after the turn (player's when nil), with the mean final score of the
// games player then plays on, as Rollouts plays them. The sheets come from
// games of each of Styles cut at a random turn, from the player's own
// games cut one to four turns before the end (nearly full), and from the
// hand-made sheets.
func (k *Kernel) Check(player Player, o CheckOptions) ([]CheckCase, error) {
	g := k.g
	var sources []checkSource
	for _, st := range Styles {
		sources = append(sources, checkSource{st.Name, k.styleSheets(player, st, false)})
	}
	sources = append(sources, checkSource{"nearly full", k.styleSheets(player, Styles[0], true)})
	var cases []CheckCase
	for _, src := range sources {
		rng := rand.New(rand.NewPCG(o.Seed, uint64(len(cases))))
		for range o.Sheets {
			cases = append(cases, CheckCase{Source: src.name, Sheet: src.sheets(rng)})
		}
	}
	hand := o.HandMade
	if hand == nil {
		hand = HandMade(g.Columns)
	}
	for _, text := range hand {
		sh, err := g.ParseSchoolSheet(text)
		if err != nil {
			return nil, fmt.Errorf("hand-made sheet %q: %w", text, err)
		}
		cases = append(cases, CheckCase{Source: "hand-made", Sheet: sh})
	}
	advisor := player
	if o.Advisor != nil {
		advisor = o.Advisor
	}
	for i := range cases {
		c := &cases[i]
		rng := rand.New(rand.NewPCG(o.Seed, 1<<32|uint64(i)))
		c.Dice = engine.Multiset{}.RollRest(rng)
		s := c.Sheet.State(g)
		actions, err := k.Actions(s, c.Dice, g.Rolls-1, true, advisor(&s))
		if err != nil {
			return nil, err
		}
		if o.Drift != nil {
			o.Drift.Add(s, c.Dice, g.Rolls-1, true, actions)
		}
		rolls, err := k.Rollouts(s, c.Dice, g.Rolls-1, true, actions[:min(max(o.Actions, 1), len(actions))], player, o.Games, o.Seed+uint64(i), o.Threads)
		if err != nil {
			return nil, err
		}
		score := float64(c.Sheet.Score(g))
		c.Advised, c.Played, c.CI95 = score+actions[0].Value, score+rolls[0].Mean, rolls[0].CI95
		by := 0 // the action that beat the advised one most
		for a, r := range rolls[1:] {
			if r.VsFirst-r.VsCI95 > c.Beaten {
				c.Beaten, by = r.VsFirst-r.VsCI95, a+1
			}
		}
		if by > 0 {
			again, err := k.Rollouts(s, c.Dice, g.Rolls-1, true, []engine.Ranked{actions[0], actions[by]}, player, 4*o.Games, o.Seed+uint64(i)|1<<48, o.Threads)
			if err != nil {
				return nil, err
			}
			c.BeatenAgain = max(0, again[1].VsFirst-again[1].VsCI95)
		}
	}
	return cases, nil
}

// styleSheets returns a source of sheets from games of style st: each
// game is cut at a turn drawn at random, or, when nearlyFull, one to four
// turns before its end.
func (k *Kernel) styleSheets(base Player, st Style, nearlyFull bool) func(rng *rand.Rand) engine.SchoolSheet {
	g := k.g
	player := st.player(g, base)
	search := k.alone(k.newScratch())
	return func(rng *rand.Rand) engine.SchoolSheet {
		turns := g.Turns()
		cut := rng.IntN(turns)
		if nearlyFull {
			cut = turns - 1 - rng.IntN(min(4, turns))
		}
		sh, s := g.NewSchoolSheet(), g.NewSchoolState()
		for range cut {
			m, _ := k.turn(s, player(&s), st.Random, rng, search)
			sh.Apply(m)
			s = m.Next
		}
		return sh
	}
}

// CheckSummary is what a check found on the sheets of one source.
type CheckSummary struct {
	Source   string  `json:"source"`
	Sheets   int     `json:"sheets"`
	Within10 float64 `json:"within_10"`  // the share of sheets whose Excess is at most 10
	Max      float64 `json:"max_excess"` // the largest Excess
	Bias     float64 `json:"bias"`       // the mean Error
	MeanAbs  float64 `json:"mean_abs"`   // the mean of |Error|
	// Beaten is the share of sheets where another action beat the advised
	// one (see CheckCase.Beaten), and MaxBeaten by how much at most.
	Beaten    float64 `json:"beaten"`
	MaxBeaten float64 `json:"max_beaten"`
	// BeatenAgain is the share of sheets where that action beat it again
	// (see CheckCase.BeatenAgain).
	BeatenAgain float64 `json:"beaten_again"`
}

// Summarize sums up cases by source, in the order the sources first
// appear, and over all of them last.
func Summarize(cases []CheckCase) []CheckSummary {
	var out []CheckSummary
	at := map[string]int{}
	add := func(i int, c CheckCase) {
		s := &out[i]
		s.Sheets++
		if c.Excess() <= 10 {
			s.Within10++
		}
		s.Max = max(s.Max, c.Excess())
		s.Bias += c.Error()
		s.MeanAbs += math.Abs(c.Error())
		if c.Beaten > 0 {
			s.Beaten++
		}
		s.MaxBeaten = max(s.MaxBeaten, c.Beaten)
		if c.BeatenAgain > 0 {
			s.BeatenAgain++
		}
	}
	for _, c := range cases {
		i, ok := at[c.Source]
		if !ok {
			i = len(out)
			at[c.Source] = i
			out = append(out, CheckSummary{Source: c.Source})
		}
		add(i, c)
	}
	out = append(out, CheckSummary{Source: "all"})
	for _, c := range cases {
		add(len(out)-1, c)
	}
	for i := range out {
		n := float64(out[i].Sheets)
		out[i].Within10 /= n
		out[i].Bias /= n
		out[i].MeanAbs /= n
		out[i].Beaten /= n
		out[i].BeatenAgain /= n
	}
	return out
}

// FormatSummary writes summaries as a table, one source a line.
func FormatSummary(sums []CheckSummary) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-22s %6s %10s %9s %8s %9s %8s %10s %8s\n", "source", "sheets", "within 10", "max out", "bias", "mean |e|", "beaten", "max beaten", "again")
	for _, s := range sums {
		fmt.Fprintf(&b, "%-22s %6d %9.0f%% %9.1f %+8.1f %9.1f %7.0f%% %10.1f %7.0f%%\n", s.Source, s.Sheets, 100*s.Within10, s.Max, s.Bias, s.MeanAbs, 100*s.Beaten, s.MaxBeaten, 100*s.BeatenAgain)
	}
	return b.String()
}
