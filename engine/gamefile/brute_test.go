package gamefile_test

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"dicepoker/engine"
	"dicepoker/engine/gamefile"
	"dicepoker/solver"
)

// brute values the states of a small game by exhaustive recursion over
// every sequence of dice rolled and every subset of dice kept. It reads
// the game file's rules alone: its own scoring of the vocabulary, its own
// upper bonus, nothing of engine's points or placements, nothing of the
// solver's. Games with a five-alike rule are not its business.
type brute struct {
	spec   *gamefile.Spec
	states map[[2]int]float64 // by filled boxes and capped upper total
}

// hand is the dice as counts of faces 1..6.
type hand [gamefile.Faces]int

// code packs a hand into one number, for memos.
func (h hand) code() int {
	c := 0
	for _, n := range h {
		c = c*8 + n
	}
	return c
}

func (h hand) size() int {
	n := 0
	for _, c := range h {
		n += c
	}
	return n
}

// sequences calls f with every hand of k dice rolled one die at a time:
// all 6^k sequences, each as likely.
func sequences(k int, from hand, f func(hand)) {
	if k == 0 {
		f(from)
		return
	}
	for face := range gamefile.Faces {
		from[face]++
		sequences(k-1, from, f)
		from[face]--
	}
}

// score is what the dice score in box b, read from the file's words.
func score(b gamefile.Box, h hand) int {
	ok := true
	if len(b.Groups) > 0 {
		ok = ok && bestGroups(b.Groups, b.Exact, h, 0, 0) >= 0
	}
	if b.Run > 0 {
		longest, run := 0, 0
		for _, c := range h {
			if c > 0 {
				run++
			} else {
				run = 0
			}
			longest = max(longest, run)
		}
		ok = ok && longest >= b.Run
	}
	for f := 1; f <= gamefile.Faces; f++ {
		want := 0
		for _, r := range b.Contains {
			if int(r-'0') == f {
				want++
			}
		}
		ok = ok && h[f-1] >= want
	}
	if !ok {
		return 0
	}
	if n, fixed := b.Fixed(); fixed {
		return n
	}
	total := 0
	for f, c := range h {
		total += (f + 1) * c
	}
	switch b.Points {
	case gamefile.PointsSum:
		return total
	case gamefile.PointsFaceSum:
		return b.Face * h[b.Face-1]
	case gamefile.PointsFaceCount:
		return h[b.Face-1]
	case gamefile.PointsGroups:
		return bestGroups(b.Groups, b.Exact, h, 0, 0)
	}
	panic("unknown points " + b.Points.(string))
}

// bestGroups returns the most that faces chosen for groups[i:], each
// different and not yet taken (taken: a bit a face), add up to, or -1.
func bestGroups(groups []int, exact bool, h hand, i, taken int) int {
	if i == len(groups) {
		return 0
	}
	best := -1
	for f := gamefile.Faces; f >= 1; f-- {
		n := h[f-1]
		if taken&(1<<f) != 0 || n < groups[i] || exact && n != groups[i] {
			continue
		}
		if rest := bestGroups(groups, exact, h, i+1, taken|1<<f); rest >= 0 {
			best = max(best, groups[i]*f+rest)
		}
	}
	return best
}

// value is the expected points still to come from a state.
func (b *brute) value(filled, upper int) float64 {
	if filled == 1<<len(b.spec.Boxes)-1 {
		return 0
	}
	key := [2]int{filled, upper}
	if v, ok := b.states[key]; ok {
		return v
	}
	held := map[[2]int]float64{} // by rerolls left and hand
	kept := map[[2]int]float64{} // by rerolls left and the dice kept
	var hold func(h hand, left int) float64
	var keep func(k hand, left int) float64
	hold = func(h hand, left int) float64 {
		key := [2]int{left, h.code()}
		if v, ok := held[key]; ok {
			return v
		}
		v := b.place(filled, upper, h)
		if left > 0 {
			var dice []int
			for f, c := range h {
				for range c {
					dice = append(dice, f)
				}
			}
			for subset := range 1 << len(dice) {
				var k hand
				for i, f := range dice {
					if subset&(1<<i) != 0 {
						k[f]++
					}
				}
				v = max(v, keep(k, left))
			}
		}
		held[key] = v
		return v
	}
	keep = func(k hand, left int) float64 {
		key := [2]int{left, k.code()}
		if v, ok := kept[key]; ok {
			return v
		}
		sum, n := 0.0, 0
		sequences(b.spec.Dice-k.size(), k, func(h hand) { sum += hold(h, left-1); n++ })
		kept[key] = sum / float64(n)
		return kept[key]
	}
	sum, n := 0.0, 0
	sequences(b.spec.Dice, hand{}, func(h hand) { sum += hold(h, b.spec.Rolls-1); n++ })
	v := sum / float64(n)
	b.states[key] = v
	return v
}

// place is the best of writing the final hand h in an open box.
func (b *brute) place(filled, upper int, h hand) float64 {
	best := math.Inf(-1)
	for c, box := range b.spec.Boxes {
		if filled&(1<<c) != 0 {
			continue
		}
		p := score(box, h)
		points, next := float64(p), upper
		if u := b.spec.UpperBonus; box.Face != 0 && u != nil && u.Points > 0 {
			next = min(upper+p, u.Threshold)
			if upper < u.Threshold && next == u.Threshold {
				points += float64(u.Points)
			}
		}
		best = max(best, points+b.value(filled|1<<c, next))
	}
	return best
}

func TestSolverAgreesWithBruteForceOnGameFiles(t *testing.T) {
	t.Parallel()
	for _, file := range []string{"house-yatzy-reduced.toml", "runs-reduced.toml", "maxi-reduced.toml", "maxi-straights-reduced.toml"} {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join("testdata", file)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			spec, err := gamefile.Parse(path, data)
			if err != nil {
				t.Fatal(err)
			}
			g, err := engine.ParseRules(path, data)
			if err != nil {
				t.Fatal(err)
			}
			sol, err := solver.Solve(g, solver.Options{Threads: 1})
			if err != nil {
				t.Fatal(err)
			}
			b := &brute{spec: spec, states: map[[2]int]float64{}}
			// Every state the game has, each upper total its filled
			// boxes can make, whether or not the solver's table gives
			// it an entry of its own.
			checked := 0
			for filled := range uint32(1 << len(g.Categories)) {
				for _, upper := range g.UpperTotals(filled) {
					s := engine.State{Filled: filled, Upper: upper}
					if v, want := sol.Value(s), b.value(int(filled), upper); !(math.Abs(v-want) <= 1e-9) {
						t.Errorf("%+v: solver %.12f, brute force %.12f", s, v, want)
					}
					checked++
				}
			}
			if checked == 0 || checked != sol.States {
				t.Errorf("checked %d states, the solution has %d", checked, sol.States)
			}
			t.Logf("%d states agree, expected score %.9f", checked, sol.Expected())
		})
	}
}
