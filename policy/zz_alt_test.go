package policy

import (
	"syscall"
	"testing"

	"dicepoker/engine"
	"dicepoker/solver"
)

var zzParentStart [engine.NumKeeps + 1]uint16
var zzParents []uint16
var zzPosition [engine.NumRolls][engine.FirstRollKeep]uint8

func init() {
	for k := range engine.NumKeeps {
		zzParentStart[k] = uint16(len(zzParents))
		m := engine.Keep(k)
		for f := range engine.Faces {
			if m[f] > 0 {
				m[f]--
				zzParents = append(zzParents, uint16(engine.KeepIndex(m)))
				m[f]++
			}
		}
	}
	zzParentStart[engine.NumKeeps] = uint16(len(zzParents))
	for r := range engine.NumRolls {
		for i, k := range subKeeps[subStart[r]:subStart[r+1]] {
			zzPosition[r][k] = uint8(i)
		}
	}
}

func chooseKeeps2(v *solver.Keeps, score *[engine.NumRolls]float64, d []uint8) {
	w := *v
	for k := engine.FirstRollKeep; k < engine.NumKeeps; k++ {
		w[k] = w[0]
	}
	solver.BestKeeps(&w)
	var arg [engine.FirstRollKeep]uint16
	for k := range engine.FirstRollKeep {
		if v[k] == w[k] {
			arg[k] = uint16(k)
			continue
		}
		a := uint16(0)
		for _, p := range zzParents[zzParentStart[k]:zzParentStart[k+1]] {
			if w[p] == w[k] {
				a = max(a, arg[p])
			}
		}
		arg[k] = a
	}
	for r := range engine.NumRolls {
		k := engine.FirstRollKeep + r
		best := w[k]
		d[r] = scoreNow
		if best > score[r] {
			a := uint16(0)
			for _, p := range zzParents[zzParentStart[k]:zzParentStart[k+1]] {
				if w[p] == best {
					a = max(a, arg[p])
				}
			}
			d[r] = zzPosition[r][a]
		}
		v[k] = max(v[k], best)
	}
}

func cpu() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Utime.Sec) + float64(ru.Utime.Usec)/1e6
}

func TestZZAlt(t *testing.T) {
	for _, name := range []string{"yahtzee", "yatzy"} {
		g := newGame(t, name, engine.Options{})
		p, _ := New(g, hashed(solver.NewLayout(g), 0))
		for _, s := range []engine.State{{Filled: 0b0101010101010, Upper: 20}, {Filled: 0b1, Upper: 3}, {Filled: 0b0111011101100}} {
			var d [engine.NumRolls]uint8
			var score [engine.NumRolls]float64
			p.chooseBoxes(s, d[:], &score)
			var v solver.Keeps
			copy(v[engine.FirstRollKeep:], score[:])
			solver.KeepValues(&v)
			var d1, d2 [engine.NumRolls]uint8
			a, b := v, v
			chooseKeeps(&a, &score, d1[:])
			chooseKeeps2(&b, &score, d2[:])
			if d1 != d2 || a != b {
				t.Fatal("differ")
			}
			const n = 20000
			for range 3 {
				c0 := cpu()
				for range n {
					a := v
					chooseKeeps(&a, &score, d1[:])
				}
				c1 := cpu()
				for range n {
					a := v
					chooseKeeps2(&a, &score, d1[:])
				}
				c2 := cpu()
				for range n {
					p.chooseBoxes(s, d[:], &score)
				}
				c3 := cpu()
				for range n {
					p.plan(s)
				}
				c4 := cpu()
				t.Logf("%s %v: scan %.2fus  args %.2fus  boxes %.2fus plan %.2fus", name, s, (c1-c0)/n*1e6, (c2-c1)/n*1e6, (c3-c2)/n*1e6, (c4-c3)/n*1e6)
			}
		}
	}
}

func (p *Policy) chooseBoxes2(s engine.State, boxes []uint8, score *[engine.NumRolls]float64) {
	p.turn.Final(s, p.next, score)
	values := make([]float64, p.levels) // by box and level
	var open []*box
	for c := range p.boxes {
		if s.Open(c) {
			b := &p.boxes[c]
			b.values(p.game, s, c, p.next, values[b.base:b.base+len(b.levels)])
			open = append(open, b)
		}
	}
	for r, v := range score {
		boxes[r] = open[0].category
		for _, b := range open {
			if values[b.base+int(b.level[r])] == v {
				boxes[r] = b.category
				break
			}
		}
	}
	var buf [16]engine.Placement
	for _, r := range fiveAlike {
		if !p.game.Special(s, r) {
			continue
		}
		score[r] = -1e300
		for _, pl := range p.game.Placements(s, r, buf[:0]) {
			if v := float64(pl.Total()) + p.next(pl.Next); v > score[r] {
				score[r], boxes[r] = v, uint8(pl.Category)
			}
		}
	}
}

func TestZZBoxes(t *testing.T) {
	for _, name := range []string{"yahtzee", "yatzy"} {
		g := newGame(t, name, engine.Options{})
		p, _ := New(g, hashed(solver.NewLayout(g), 0))
		for _, s := range []engine.State{{Filled: 0b0101010101010, Upper: 20}, {Filled: 0b1, Upper: 3}, {Filled: 0b0111011101100}} {
			var d, d2 [engine.NumRolls]uint8
			var score, score2 [engine.NumRolls]float64
			p.chooseBoxes(s, d[:], &score)
			p.chooseBoxes2(s, d2[:], &score2)
			if d != d2 || score != score2 {
				t.Fatal("differ")
			}
			const n = 20000
			for range 3 {
				c0 := cpu()
				for range n {
					p.chooseBoxes(s, d[:], &score)
				}
				c1 := cpu()
				for range n {
					p.chooseBoxes2(s, d[:], &score)
				}
				c2 := cpu()
				t.Logf("%s %v: boxes %.2fus  boxes2 %.2fus", name, s, (c1-c0)/n*1e6, (c2-c1)/n*1e6)
			}
		}
	}
}

func BenchmarkZZBoxes(b *testing.B) {
	g := newGame(b, "yahtzee", engine.Options{})
	p, _ := New(g, hashed(solver.NewLayout(g), 0))
	s := engine.State{Filled: 0b1, Upper: 3}
	var d [engine.NumRolls]uint8
	var score [engine.NumRolls]float64
	for b.Loop() {
		p.chooseBoxes(s, d[:], &score)
	}
}
