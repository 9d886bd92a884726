package policy

import (
	"slices"
	"sync"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
	"dicepoker/internal/statespace"
	"dicepoker/solver"
)

// box is how one category's points are valued in a state: by the
// distinct points it can score, a level each.
type box struct {
	levels   []int                  // the distinct points, in increasing order
	level    [engine.NumRolls]uint8 // level of each roll's points
	matters  bool                   // engine.Game.PointsMatter
	category uint8                  // the box's category index
	base     int                    // offset of the box's levels among all boxes' levels
	// rows[l] is base+l, the row of level l among all boxes' levels, as
	// a roll that the box gives its value chooses it (Batch.rowOf).
	rows [lanes.Levels]float64
}

// newBoxes returns the boxes of g, a game of five dice, each box's points
// as boxLevels gives them.
func newBoxes(g *engine.Game, levels [][]int) []box {
	boxes := make([]box, len(g.Categories))
	base := 0
	for c := range boxes {
		b := &boxes[c]
		b.matters, b.base, b.category, b.levels = g.PointsMatter(c), base, uint8(c), levels[c]
		for r := range engine.NumRolls {
			l, _ := slices.BinarySearch(b.levels, g.Score(c, r))
			b.level[r] = uint8(l)
		}
		for l := range b.rows {
			b.rows[l] = float64(base + l)
		}
		base += len(b.levels)
	}
	return boxes
}

// values sets rows[l][j] to the value of writing level l's points in the
// box, open in state s: float64(points + bonus) + next(next state), the
// sum solver.Turn.Actions ranks by; ends[l][j] to how that move ends the
// turn; and after[l][j] to the next state's value, after[0][j] alone
// for a box whose points matter only for the score, which has the same
// bonus and next state whatever it scores. An upper box's levels that
// reach the bonus threshold share theirs, looked up once.
func (b *box) values(g *engine.Game, s engine.State, next solver.Values, layout statespace.Layout, rows, after [][lanes.Lanes]float64, ends [][lanes.Lanes]End, j int) {
	c := int(b.category)
	if b.matters {
		var at engine.State
		var value float64
		var end End
		for l, pts := range b.levels {
			// Write's bonus and next state (no five-alike bonus), as
			// endOf tells them.
			bonus, nx := g.Move(s, c, pts)
			if l == 0 || nx != at {
				at, value, end.Next = nx, next(nx), uint32(layout.Index(nx))
			}
			rows[l][j], after[l][j] = float64(pts+bonus)+value, value
			end.Points, end.UpperBonus = int16(pts+bonus), bonus > 0
			ends[l][j] = end
		}
		return
	}
	w := g.Write(s, c, 0)
	value, end := next(w.Next), endOf(layout, w)
	after[0][j] = value
	for l, pts := range b.levels {
		rows[l][j] = float64(pts+w.Bonus) + value
		end.Points = int16(pts + w.Bonus)
		ends[l][j] = end
	}
}

// after returns the row in Batch.after of the next state's value when
// points are written in the box, by roll r or as a joker: whether any
// is, and which.
func (b *box) after(points, r int) (int, bool) {
	if !b.matters {
		return b.base, true
	}
	l := int(b.level[r])
	if b.levels[l] != points {
		var found bool
		if l, found = slices.BinarySearch(b.levels, points); !found {
			return 0, false
		}
	}
	return b.base + l, true
}

// subKeeps[subStart[r]:subStart[r+1]] lists the keep indices of roll r's
// distinct proper sub-multisets (keeping none included, all five not),
// from the largest keep index down: the order in which
// solver.Turn.Actions lists them. There are at most 31.
var (
	subStart [engine.NumRolls + 1]uint16
	subKeeps []uint16
)

// keepParents[k] lists the keeps with one die fewer than keep k, one for
// each face k shows: those that become k with one more die, each with
// probability 1/6. The slots past them hold engine.NumKeeps, where a
// keep-indexed array keeps a 0, so that the sum over them takes no
// branch.
var keepParents [engine.NumKeeps][engine.Dice]uint16

// fiveAlike lists the rolls of five dice alike, the only ones the
// five-alike bonus and joker rules apply to, by face, which is also
// the order of their roll indices; alike[r] is the face roll r
// shows five times, from 1, or 0 when it is not one of them.
var (
	fiveAlike [engine.Faces]int
	alike     [engine.NumRolls]uint8
)

// special reports whether roll r in state s falls under g's five-alike
// rules (engine.Game.Special), looking at the roll first.
func special(g *engine.Game, s engine.State, r int) bool { return alike[r] != 0 && g.Special(s, r) }

// tablesOnce builds the package's tables when the first policy or decided
// turn is made: most commands play none, and every start of the program
// built them.
var tablesOnce sync.Once

func buildTables() {
	for i := range undecided {
		undecided[i] = unknown
	}
	for r := range engine.NumRolls {
		subStart[r] = uint16(len(subKeeps))
		subs := engine.SubKeeps(r)
		for i := len(subs) - 1; i >= 0; i-- {
			subKeeps = append(subKeeps, uint16(subs[i]))
		}
	}
	subStart[engine.NumRolls] = uint16(len(subKeeps))
	for k := range engine.NumKeeps {
		m, n := engine.Keep(k), 0
		for f := range engine.Faces {
			if m[f] > 0 {
				m[f]--
				keepParents[k][n] = uint16(engine.KeepIndex(m))
				n++
				m[f]++
			}
		}
		for ; n < engine.Dice; n++ {
			keepParents[k][n] = engine.NumKeeps
		}
	}
	for f := range engine.Faces {
		var m engine.Multiset
		m[f] = engine.Dice
		fiveAlike[f] = engine.RollIndex(m)
		alike[fiveAlike[f]] = uint8(f + 1)
	}
}
