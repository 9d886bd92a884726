package school

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"dicepoker/engine"
)

// updateRank rewrites testdata/rank.golden from the rankings of this code.
var updateRank = flag.Bool("update-rank", false, "rewrite testdata/rank.golden")

// rankPosition is a position of a school turn that the advisor ranks.
type rankPosition struct {
	s         engine.SchoolState
	dice      engine.Multiset
	rollsLeft int
	fresh     bool
}

// rankPositions returns n positions of three-column games that player
// plays, a roll of each turn at random: its dice, rolls left and whether
// they came fresh.
func rankPositions(t testing.TB, k *Kernel, player Player, n int, seed uint64) []rankPosition {
	t.Helper()
	g := k.g
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []rankPosition
	w := k.newScratch()
	for len(out) < n {
		for s := g.NewSchoolState(); !g.SchoolFull(&s) && len(out) < n; {
			left := rng.IntN(g.Rolls)
			out = append(out, rankPosition{s, engine.Roll(rng.IntN(engine.NumRolls)), left, left == g.Rolls-1 || rng.IntN(2) == 0})
			m, _ := k.Turn(s, player(&s), rng, k.alone(w))
			s = m.Next
		}
	}
	return out
}

// shippedAdvisor returns the kernel of three-column school, the player of
// its shipped estimate with the exact endgame, and the advisor that looks
// a turn further ahead, on one thread, as advice puts them together. The
// estimate is read, and the kernel and the endgame made, once for every
// test: the endgame keeps the exact values it works out, the same
// whichever test asks first, and is safe for concurrent use. The advisor,
// which keeps its last sheet's values, is each caller's own.
func shippedAdvisor(t testing.TB) (*Kernel, *Endgame, Player) {
	t.Helper()
	a, err := shippedThree()
	if err != nil {
		t.Fatal(err)
	}
	return a.k, a.end, a.k.Lookahead(a.end.Player, 1)
}

// shippedThree reads three-column school's shipped estimate and makes
// its kernel and endgame, once.
var shippedThree = sync.OnceValues(func() (advisorParts, error) {
	var a advisorParts
	g, err := engine.New("school", engine.Options{Columns: 3})
	if err != nil {
		return a, err
	}
	data, err := os.ReadFile(filepath.Join(EstimatesDir, filepath.Base(EstimatePath("", g))+".gz"))
	if err != nil {
		return a, err
	}
	e, err := decodeEstimate(g, data, "", false)
	if err != nil {
		return a, err
	}
	a.k = NewKernel(g)
	a.end = NewEndgame(a.k, e.After, EndgameTurns, EndgameLostTurns)
	return a, nil
})

// advisorParts are the kernel and the endgame of an advisor.
type advisorParts struct {
	k   *Kernel
	end *Endgame
}

// rankDigest returns a digest of the actions of position p, every value
// to the bit, each written as the golden file's lines were: whether it
// writes, its keep and reroll, the write it makes, its value.
func rankDigest(t *testing.T, g *engine.Game, p rankPosition, actions []engine.Ranked, drift float64) string {
	h := sha256.New()
	for _, a := range actions {
		fmt.Fprintf(h, "%v %v %v %+v %x\n", a.Box != "", a.Keep, a.Reroll, writeOf(t, g, p.s, p.dice, p.fresh, a), math.Float64bits(a.Value))
	}
	binary.Write(h, binary.LittleEndian, math.Float64bits(drift))
	return fmt.Sprintf("%x", h.Sum(nil)[:12])
}

// TestRankGolden ranks positions of simulated three-column games with the
// shipped estimate, as advise does (the lookahead, and the drift on some),
// and checks every value to the bit against testdata/rank.golden, which
// the code before the ranking was made faster wrote: the same advice,
// byte for byte. A new fit of the shipped estimate changes every line;
// -update-rank writes them again.
func TestRankGolden(t *testing.T) {
	t.Parallel()
	k, end, advisor := shippedAdvisor(t)
	drift := end.Drift()
	drift.Lookahead, drift.Threads = true, 1
	ps := rankPositions(t, k, end.Player, 64, 7)
	var got []string
	for i, p := range ps {
		actions, err := k.Actions(p.s, p.dice, p.rollsLeft, p.fresh, advisor(&p.s))
		if err != nil {
			t.Fatal(err)
		}
		d := 0.0
		if i%8 == 0 {
			d = drift.Add(p.s, p.dice, p.rollsLeft, p.fresh, actions)
		}
		got = append(got, fmt.Sprintf("%d %s", i, rankDigest(t, k.g, p, actions, d)))
	}
	path := filepath.Join("testdata", "rank.golden")
	if *updateRank {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var want []string
	for sc := bufio.NewScanner(f); sc.Scan(); {
		want = append(want, sc.Text())
	}
	if len(want) != len(got) {
		t.Fatalf("%d rankings, the golden file has %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("position %d (%+v): ranked %s, before %s", i, ps[i], got[i], want[i])
		}
	}
}

// TestLookaheadPlain checks the lookahead's values of the sheets after a
// turn, searched eight at a time and kept for the sheet's next call,
// against each sheet searched on its own with a scratch of its own, to
// the bit.
func TestLookaheadPlain(t *testing.T) {
	t.Parallel()
	k, end, advisor := shippedAdvisor(t)
	for i, p := range rankPositions(t, k, end.Player, 40, 11) {
		if i%5 != 0 {
			continue
		}
		for call := range 2 {
			values := advisor(&p.s)
			k.writes(&p.s, func(m engine.SchoolWrite) {
				if k.g.SchoolFull(&m.Next) {
					return
				}
				got, want := values(m.Next), k.Value(&m.Next, end.Player(&m.Next), k.newScratch())
				if math.Float64bits(got) != math.Float64bits(want) {
					t.Fatalf("position %d, call %d: the sheet after %+v is worth %v, searched on its own %v", i, call+1, m, got, want)
				}
			})
		}
	}
}

// BenchmarkRank measures the advisor's ranking of three-column positions
// of simulated games with the shipped estimate, looking a turn ahead, on
// one thread: what the offline app's advice costs, the drift aside.
func BenchmarkRank(b *testing.B) {
	k, end, advisor := shippedAdvisor(b)
	ps := rankPositions(b, k, end.Player, 40, 7)
	for i := 0; b.Loop(); i++ {
		p := &ps[i%len(ps)]
		if _, err := k.Actions(p.s, p.dice, p.rollsLeft, p.fresh, advisor(&p.s)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRankNew is BenchmarkRank on a new sheet, where the lookahead
// searches the most sheets, each time from nothing kept.
func BenchmarkRankNew(b *testing.B) {
	k, end, _ := shippedAdvisor(b)
	s := k.g.NewSchoolState()
	for i := 0; b.Loop(); i++ {
		advisor := k.Lookahead(end.Player, 1)
		if _, err := k.Actions(s, engine.Roll(i%engine.NumRolls), 2, true, advisor(&s)); err != nil {
			b.Fatal(err)
		}
	}
}

// TestDriftTaps takes the drift of the positions of one turn as a person
// enters them a tap at a time, a die one face on each time, with one
// Drift, which keeps what the games of the sheet's positions brought after
// their first writes, and checks each against a Drift of its own, to the
// bit.
func TestDriftTaps(t *testing.T) {
	t.Parallel()
	k, end, _ := shippedAdvisor(t)
	kept := end.Drift()
	kept.Lookahead, kept.Threads = true, 1
	s := rankPositions(t, k, end.Player, 25, 13)[24].s
	dice := [engine.Dice]int{1, 2, 3, 4, 5}
	const taps = 6
	for tap := range taps {
		dice[tap%engine.Dice] = dice[tap%engine.Dice]%engine.Faces + 1
		var m engine.Multiset
		for _, d := range dice {
			m[d-1]++
		}
		p := position{s, m, 2, true}
		got := kept.of(p)
		own := end.Drift()
		own.Lookahead, own.Threads = true, 1
		if want := own.of(p); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("dice %v: the drift is %v, on its own %v", m, got, want)
		}
	}
	if n := len(kept.rests.sums); n >= taps*kept.Games {
		t.Errorf("%d games' rests kept for %d positions: no position met another's", n, taps)
	}
}
