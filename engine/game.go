package engine

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Category is one box of the sheet: its name as docs/rules.md spells it, how it
// scores, and the facts the placement rules need.
type Category struct {
	Name   string
	Points Points
	// OldName is a second name of the box, one game's own where Name is
	// the one every game shares (yatzy's one-pair for pair); "" for none.
	// It is read wherever a box name is read, and it is the name the
	// fingerprint hashes, so that a table's fingerprint and files stay
	// the same whichever name is shown. Output uses Name.
	OldName string
	// Face is the face an upper-section box collects (1..6), 0 for others.
	// Points written in an upper box count towards the upper bonus.
	Face int
	// Joker is what the box scores for a joker (a five-alike used in a lower
	// box under the joker rule); 0 means the hand scores as usual.
	Joker int
	// School marks a School row (school game): it closes with three dice of
	// Face and the reserve (see CloseSchool) instead of scoring points.
	School bool
	// RowBonus marks a school row that has a row bonus (every row but sum).
	RowBonus bool
	// BonusTaken marks a school row whose bonus another player has taken
	// before the game starts (Options.Taken).
	BonusTaken bool
}

// Upper reports whether the box belongs to the upper section, whose points
// count towards the upper bonus.
func (c Category) Upper() bool { return c.Face != 0 && !c.School }

// UpperBonus is paid once when the upper-section total reaches Threshold.
type UpperBonus struct {
	Threshold int
	Points    int // 0: no upper bonus
}

// JokerRule says how a repeated five-alike may be placed.
type JokerRule int

// The joker rules of docs/rules.md.
const (
	NoJoker     JokerRule = iota // a repeated five-alike scores as usual anywhere
	FreeJoker                    // with its upper box filled it is a joker in any open box
	ForcedJoker                  // own upper box if open, else a lower box as a joker, else an upper box at 0
)

// FiveAlike is the bonus and joker rule for five dice alike rolled again
// after the five-alike box (Yahtzee, Poker) was filled.
type FiveAlike struct {
	Box   int // category index of the five-alike box
	Full  int // the points that box holds when it was made (50)
	Bonus int // paid for each further five-alike while the box holds Full
	Joker JokerRule
	// JokerNeedsFull limits the joker to a box holding Full; otherwise a box
	// holding 0 allows it too.
	JokerNeedsFull bool
}

// Game is one game of the dice-poker family as data. Games are built by New
// or Define and must not be modified afterwards.
type Game struct {
	Name       string
	Options    Options
	Categories []Category
	Rolls      int // rolls a turn, the first one included
	// Dice is the number of dice rolled, Dice (five) or MaxDice (six);
	// Define takes 0 for five.
	Dice    int
	Letters string // how faces 1..6 are written: DigitFaces or CardFaces
	Upper   UpperBonus
	Extra   *FiveAlike // nil: no five-alike bonus and no joker
	// Columns is the number of columns of the school sheet; 0 for single-sheet games.
	Columns int
	School  SchoolRules // the school sheet's scoring; zero for single-sheet games

	cup     *Cup           // the dice arithmetic of Dice dice
	points  [][]int        // points[c][r]: category c's points for roll r
	upperOf [Faces + 1]int // upperOf[f]: category index of the upper box of face f, or -1
	upper   uint32         // the upper boxes, a bit per category
}

// ErrNotSingleSheet is wrapped by the error of work that only the
// single-sheet games allow (their exact solve, a policy's play,
// the tables a site ships) asked of a game whose state is more than a
// filled set, an upper total and a five-alike box: school, whose rows
// have columns and a reserve.
var ErrNotSingleSheet = errors.New("not a single-sheet game")

// SingleSheet is the precondition of work that only the single-sheet
// games allow: nil for one of them, else an error that wraps
// ErrNotSingleSheet and says that g cannot, "school cannot be solved
// exactly yet: not a single-sheet game".
func (g *Game) SingleSheet(cannot string) error {
	if g.Columns == 0 {
		return nil
	}
	return fmt.Errorf("%s %s: %w", g.Name, cannot, ErrNotSingleSheet)
}

// FiveDice is the precondition of work that plays five dice only
// (playing for a target or against opponents, seats, the quiz):
// nil for a game of five dice, else an error that says so, "maxi-yatzy
// rolls 6 dice: quiz plays five-dice games only".
func (g *Game) FiveDice(work string) error {
	if g.Dice == Dice {
		return nil
	}
	return fmt.Errorf("%s rolls %d dice: %s plays five-dice games only", g.Name, g.Dice, work)
}

// Turns returns the number of turns in a game.
func (g *Game) Turns() int { return len(g.Categories) * max(g.Columns, 1) }

// Cup returns the dice arithmetic of the game's dice: its rolls and keeps.
func (g *Game) Cup() *Cup { return g.cup }

// Score returns the points roll r scores in category c under the plain rules
// (no joker, no bonus, no doubling).
func (g *Game) Score(c, r int) int { return g.points[c][r] }

// Category returns the index of the category with that name, or with
// that old name (Category.OldName), or -1.
func (g *Game) Category(name string) int {
	for i, c := range g.Categories {
		if c.Name == name || (c.OldName != "" && c.OldName == name) {
			return i
		}
	}
	return -1
}

// fingerprintName is the name the fingerprint hashes for the box: its old
// name where it has one, so that a rename leaves the fingerprint as it was.
func (c Category) fingerprintName() string {
	if c.OldName != "" {
		return c.OldName
	}
	return c.Name
}

// UpperBox returns the index of the upper box collecting face, or -1.
func (g *Game) UpperBox(face int) int { return g.upperOf[face] }

// UpperCap is the largest upper total a state needs to tell apart: the bonus
// threshold, or 0 when there is no upper bonus.
func (g *Game) UpperCap() int {
	if g.Upper.Points == 0 {
		return 0
	}
	return g.Upper.Threshold
}

// firstSchoolRules are the school rules that the first fingerprints took
// for granted; only other rules are hashed, so that those stay as they were.
var firstSchoolRules = SchoolRules{Zero: -200, Fresh: 2, FaceBonus: 5}

// Fingerprint is a hash of everything the rules say: every category's
// name and points for every roll, joker points, bonuses, rolls a turn and
// the school rules.
// A strategy table carries the fingerprint of the rules it was solved for.
func (g *Game) Fingerprint() [32]byte {
	// The bytes are gathered and hashed at once: thousands of writes of
	// eight bytes each took a tenth of an advise process.
	h := make([]byte, 0, 64<<10)
	put := func(vs ...int) {
		for _, v := range vs {
			h = binary.LittleEndian.AppendUint64(h, uint64(int64(v)))
		}
	}
	h = fmt.Appendf(h, "dicepoker rules v1\x00%s\x00%s\x00", g.Name, g.Options)
	put(g.Rolls, g.Columns, g.Upper.Threshold, g.Upper.Points, len(g.Categories))
	if g.Dice != Dice {
		// Only then, so that the fingerprints of five dice stay as
		// they were.
		h = fmt.Appendf(h, "dice %d\x00", g.Dice)
	}
	for c, cat := range g.Categories {
		h = fmt.Appendf(h, "%s\x00", cat.fingerprintName())
		school := 0
		if cat.School {
			school = 1
		}
		put(cat.Face, cat.Joker, school)
		if cat.BonusTaken {
			// Only then, so that the fingerprints of the other rules
			// stay as they were.
			h = append(h, "bonus taken\x00"...)
		}
		if g.Columns > 0 && cat.RowBonus != (cat.Name != "sum") {
			// The first fingerprints took every school row but sum to
			// have a row bonus; only a row that differs says so.
			h = fmt.Appendf(h, "row bonus %t\x00", cat.RowBonus)
		}
		put(g.points[c][:]...)
	}
	if e := g.Extra; e != nil {
		jn := 0
		if e.JokerNeedsFull {
			jn = 1
		}
		put(e.Box, e.Full, e.Bonus, int(e.Joker), jn)
	}
	if g.Columns > 0 && g.School != firstSchoolRules {
		h = append(h, "school rules\x00"...)
		put(g.School.Zero, g.School.Fresh, g.School.FaceBonus)
	}
	return sha256.Sum256(h)
}

// Describe returns a one-line summary: categories, turns and rolls a turn.
func (g *Game) Describe() string {
	names := make([]string, len(g.Categories))
	for i, c := range g.Categories {
		names[i] = c.Name
	}
	sheet := fmt.Sprintf("%d categories", len(g.Categories))
	if g.Columns > 0 {
		sheet = fmt.Sprintf("%d rows x %d columns", len(g.Categories), g.Columns)
	}
	return fmt.Sprintf("%s, %d turns, %d rolls a turn: %s", sheet, g.Turns(), g.Rolls, strings.Join(names, " "))
}

// finish fills the derived tables of a game.
func (g *Game) finish() *Game {
	for f := range g.upperOf {
		g.upperOf[f] = -1
	}
	g.upper = 0 // a copy of a finished game may bring its own
	for c, cat := range g.Categories {
		if cat.Upper() {
			g.upperOf[cat.Face] = c
			g.upper |= 1 << c
		}
	}
	return g
}

// UpperTotals returns, for a set of filled upper boxes, the capped upper
// totals that the points those boxes can hold add up to. States with other
// totals cannot occur.
func (g *Game) UpperTotals(filled uint32) []int {
	limit := g.UpperCap()
	reach := make([]bool, limit+1)
	reach[0] = true
	for c, cat := range g.Categories {
		if !cat.Upper() || filled&(1<<c) == 0 {
			continue
		}
		seen := map[int]bool{}
		for _, p := range g.points[c] {
			seen[p] = true
		}
		next := make([]bool, limit+1)
		for t, ok := range reach {
			if !ok {
				continue
			}
			for p := range seen {
				next[min(t+p, limit)] = true
			}
		}
		reach = next
	}
	var totals []int
	for t, ok := range reach {
		if ok {
			totals = append(totals, t)
		}
	}
	sort.Ints(totals)
	return totals
}

// Subset returns the game played on only the named boxes, in the order
// given, with the same rules otherwise: a small game to study or to check
// a solver against brute force. Without its five-alike box the game has no
// five-alike bonus or joker.
func (g *Game) Subset(names ...string) (*Game, error) {
	if len(names) == 0 {
		return nil, fmt.Errorf("%s: a subset needs at least one category", g.Name)
	}
	sub := *g
	sub.Categories, sub.Extra = nil, nil
	for _, name := range names {
		c := g.Category(name)
		if c < 0 {
			return nil, fmt.Errorf("%s has no category %s", g.Name, Quote(name))
		}
		if sub.Category(name) >= 0 {
			return nil, fmt.Errorf("category %s given twice", Quote(name))
		}
		if g.Extra != nil && c == g.Extra.Box {
			extra := *g.Extra
			extra.Box = len(sub.Categories)
			sub.Extra = &extra
		}
		sub.Categories = append(sub.Categories, g.Categories[c])
	}
	sub.Name = g.Name + "[" + strings.Join(names, " ") + "]"
	return Define(sub)
}
