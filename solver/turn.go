package solver

import (
	"math"
	"math/bits"
	"slices"
	"sync"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
)

// fiveAlike lists the rolls of five dice alike.
var fiveAlike = func() (rolls [engine.Faces]int) {
	for f := range engine.Faces {
		var m engine.Multiset
		m[f] = engine.Dice
		rolls[f] = engine.RollIndex(m)
	}
	return rolls
}()

// Values gives the value of a state between turns: the optimal expected
// sum of all future points from it.
type Values func(engine.State) float64

// Turn evaluates turns of one game. It holds the game's flat scoring tables,
// shared by all goroutines, and is safe for concurrent use.
type Turn struct {
	g      *engine.Game
	points [][engine.NumRolls]float64 // points[c][r] as float64
	// For boxes whose points matter beyond the score (engine.PointsMatter),
	// levels[c] lists the points the box can hold and level[c][r] says which
	// of them roll r writes.
	levels [][]int
	level  [][engine.NumRolls]uint8
	// scoring[c], for a box whose points do not matter beyond the score
	// and are never negative, lists the rolls that score more than zero
	// there; nil for the other boxes, which Final does densely.
	scoring [][]lanes.ScoredRoll
	// For a box whose points matter and that can hold 0, zeroLevel[c] is
	// the level of 0 (else -1) and raised[c] lists the rolls that write
	// another level; finalLanes may count writing 0 in for every roll.
	zeroLevel []int
	raised    [][]lanes.LevelRoll
	// raisedRuns[c] holds the rolls of raised[c] level by level, for one
	// state's pass over them (lanes.Kernels.MaxRaisedOne).
	raisedRuns [][]lanes.LevelRun
	moves
	// nonNegative says that no box, joker or bonus pays less than 0, so
	// that a turn's values are ordered (lanes.Kernels) when the next states'
	// values are.
	nonNegative bool
	kernel      *lanes.Kernels // lanes.Fastest, or lanes.PlainGo for Options.PlainGo
	// cup plays the turns of a game of other than five dice, whose rolls
	// the tables above do not hold: Actions and Value go to it.
	cup *cupTurn
	// scratch holds *laneScratch work arrays for Final and Value.
	scratch sync.Pool
}

// engine.New refuses a box whose points matter with more point values
// than the eight a state's written levels keep (levelTotal); this fails
// to compile should the two limits part.
const _ = uint(8 - engine.MaxPointLevels)

// NewTurn prepares the tables of game g. Of a game of other than five
// dice, the turn gives Actions and Value, not Final.
func NewTurn(g *engine.Game) *Turn {
	if g.Dice != engine.Dice {
		return &Turn{g: g, cup: newCupTurn(g, lanes.Fastest()), kernel: lanes.Fastest()}
	}
	n := len(g.Categories)
	t := &Turn{g: g, points: make([][engine.NumRolls]float64, n),
		levels: make([][]int, n), level: make([][engine.NumRolls]uint8, n), scoring: make([][]lanes.ScoredRoll, n),
		zeroLevel: make([]int, n), raised: make([][]lanes.LevelRoll, n), raisedRuns: make([][]lanes.LevelRun, n), kernel: lanes.Fastest()}
	t.scratch.New = func() any { return new(laneScratch) }
	t.moves = newMoves(g)
	t.nonNegative = t.bonus >= 0
	if g.Extra != nil {
		t.nonNegative = t.nonNegative && g.Extra.Bonus >= 0
	}
	for c := range n {
		t.zeroLevel[c] = -1
		t.nonNegative = t.nonNegative && g.Categories[c].Joker >= 0
		matters := g.PointsMatter(c)
		var level []uint8
		if matters {
			level = t.level[c][:]
		}
		t.levels[c] = scoreLevels(g, c, t.points[c][:], level)
		nonNegative := slices.Min(t.points[c][:]) >= 0
		t.nonNegative = t.nonNegative && nonNegative
		sparse := !matters && nonNegative
		if z := slices.Index(t.levels[c], 0); z >= 0 {
			// finalLanes drops the leading runs that cannot raise a roll
			// (raisedFrom).
			t.zeroLevel[c] = z
			t.raised[c], t.raisedRuns[c] = lanes.Raised(t.levels[c], &t.level[c], z)
		}
		if sparse {
			// finalLanes drops the leading points that cannot raise a
			// roll (sparseFrom).
			t.scoring[c] = lanes.Scored(&t.points[c])
		}
	}
	return t
}

// moves are the rules of engine.Game.Move, flat: the upper boxes that
// count towards a bonus, its threshold and points, and the five-alike box
// (-1: none) and the points that fill it.
type moves struct {
	bonusBoxes          uint32
	threshold, bonus    int
	extraBox, extraFull int
}

// newMoves returns the rules of g's moves.
func newMoves(g *engine.Game) moves {
	t := moves{threshold: g.Upper.Threshold, bonus: g.Upper.Points, extraBox: -1}
	if g.Extra != nil {
		t.extraBox, t.extraFull = g.Extra.Box, g.Extra.Full
	}
	for c, cat := range g.Categories {
		if cat.Upper() && g.Upper.Points != 0 {
			t.bonusBoxes |= 1 << c
		}
	}
	return t
}

// move is engine.Game.Move from t's flat copy of the rules.
func (t *moves) move(s engine.State, c, points int) (bonus int, next engine.State) {
	next = s
	next.Filled |= 1 << c
	if t.bonusBoxes&(1<<c) != 0 {
		total := s.Upper + points
		if s.Upper < t.threshold && total >= t.threshold {
			bonus = t.bonus
		}
		next.Upper = min(total, t.threshold)
	}
	if c == t.extraBox {
		next.FullBox = points == t.extraFull
	}
	return bonus, next
}

// fiveAlike returns the value of five dice of face (roll r) in state s,
// whose five-alike box is filled: the best placement that the bonus and
// joker rules allow (engine.Game.FiveAlikeRule). It gives what
// engine.Game.Placements would, without writing every box again for each
// of the six rolls: o holds what writing in the open boxes is worth.
func (t *Turn) fiveAlike(s engine.State, face, r int, next Values, o *written) float64 {
	g := t.g
	allowed, joker, bonus := g.FiveAlikeRule(s, face)
	best := math.Inf(-1)
	for ; allowed != 0; allowed &= allowed - 1 {
		c := bits.TrailingZeros32(allowed)
		points := g.PlacedPoints(c, r, joker)
		var x float64 // the value of writing the dice in c
		sl := int(o.slot[c&31]) - 1
		switch {
		case t.levels[c] == nil:
			// Write(s, c, points) earns no bonus and leads to the
			// state that writing 0 there does.
			x = float64(points+bonus) + o.next[c&31]
		case sl >= 0 && points == g.Score(c, r):
			i := t.level[c][r] & 7
			x = float64(o.levelTotal[sl&7][i]+bonus) + o.levelNext[sl&7][i]
		default:
			upper, after := t.move(s, c, points)
			x = float64(points+upper+bonus) + next(after)
		}
		// A plain comparison, not the max builtin: no value here is NaN.
		if x > best {
			best = x
		}
	}
	return best
}

// scoreLevels writes into points what each roll scores in category c of
// g (a roll an entry) and, where level is not nil, each roll's level into
// level: the index of its points in the list it returns, the points in
// the order the rolls first score them. The list is short and searched: a
// map cost more, and every advise makes a turn.
func scoreLevels(g *engine.Game, c int, points []float64, level []uint8) (levels []int) {
	for r := range points {
		p := g.Score(c, r)
		points[r] = float64(p)
		if level == nil {
			continue
		}
		l := slices.Index(levels, p)
		if l < 0 {
			l = len(levels)
			levels = append(levels, p)
		}
		level[r] = uint8(l)
	}
	return levels
}
