// Package gamefile reads a game file: a single-sheet game of the
// dice-poker family described by hand in TOML, as docs/rules.md explains.
//
// Parse checks the file as text and as a vocabulary: its keys and their
// types, the names of the scoring rules, the ranges of every number, the
// names of the boxes. What a solver can play is engine's to say
// (engine.FromSpec); every error of either names the file and, where it
// can, the line.
package gamefile

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
)

// Sizes of the dice the format speaks of.
const (
	Faces     = 6 // faces of a die, 1..6
	MinDice   = 5 // the fewest dice a game rolls
	MaxDice   = 6 // the most dice a game rolls
	MaxRolls  = 10
	MaxPoints = 1000 // the most fixed points, bonus or joker points
	// MaxName is the longest name of a game or a box.
	MaxName = 40
)

// The points a box can score besides a fixed number (Box.Points).
const (
	PointsSum       = "sum"        // the sum of all the dice
	PointsGroups    = "groups"     // the dice that make the groups, the highest faces that can
	PointsFaceSum   = "face-sum"   // the sum of the dice showing the box's face
	PointsFaceCount = "face-count" // one point a die showing the box's face
)

// The joker rules of FiveAlike.Joker.
const (
	JokerNone   = "none"
	JokerFree   = "free"
	JokerForced = "forced"
)

// Spec is a game file as read: the game's description before engine
// makes a game of it.
type Spec struct {
	File  string `toml:"-"` // the file's name, for messages
	Name  string `toml:"name"`
	Dice  int    `toml:"dice"`
	Faces string `toml:"faces"` // how faces 1..6 are written; "" for 123456
	Rolls int    `toml:"rolls"` // rolls a turn, the first one included
	// UpperBonus is paid once when the boxes with a face reach a
	// total; nil for none.
	UpperBonus *UpperBonus `toml:"upper-bonus"`
	// FiveAlike is the bonus and joker rule for five dice alike rolled
	// again; nil for none.
	FiveAlike *FiveAlike `toml:"five-alike"`
	Boxes     []Box      `toml:"box"`
	// Line is the line of the [upper-bonus] and [five-alike] tables, by
	// their name, for messages.
	Line  map[string]int `toml:"-"`
	lines []string       // the file's text, for the line of a key
}

// UpperBonus is the upper bonus: Points once the upper total reaches
// Threshold.
type UpperBonus struct {
	Threshold int `toml:"threshold"`
	Points    int `toml:"points"`
}

// FiveAlike is the five-alike bonus and joker rule.
type FiveAlike struct {
	Box   string `toml:"box"`   // the five-alike box
	Bonus int    `toml:"bonus"` // paid for each further five-alike while Box holds its points
	Joker string `toml:"joker"` // JokerNone, JokerFree or JokerForced
	// JokerNeedsFull limits the joker to a five-alike box that holds
	// its points; otherwise one holding 0 allows it too.
	JokerNeedsFull bool `toml:"joker-needs-full"`
}

// Box is one box of the sheet: a condition the dice must meet (every
// one given; none given: always met) and the points they score then.
type Box struct {
	Name    string `toml:"name"`
	OldName string `toml:"old-name"` // a second name, read wherever a box name is
	// Face makes the box an upper box of that face (1..6): its points
	// count towards the upper bonus.
	Face int `toml:"face"`
	// Groups asks for different faces, one for each entry, shown by at
	// least that many dice each (exactly that many with Exact):
	// [3] three alike, [2, 2] two pairs, [3, 2] a full house.
	Groups []int `toml:"groups"`
	Exact  bool  `toml:"exact"`
	// Run asks for at least that many consecutive faces.
	Run int `toml:"run"`
	// Contains asks for these dice among the dice, written with the
	// digits 1..6: "12345".
	Contains string `toml:"contains"`
	// Points is a whole number (fixed points) or one of PointsSum,
	// PointsGroups, PointsFaceSum, PointsFaceCount.
	Points any `toml:"points"`
	// Joker is what the box scores for a joker; 0: the dice score as usual.
	Joker int `toml:"joker"`
	// Line is the line of the box's [[box]] header, for messages.
	Line int `toml:"-"`
}

// Fixed returns the box's fixed points and true when Points is a number.
func (b Box) Fixed() (int, bool) {
	n, ok := b.Points.(int64)
	return int(n), ok
}

// Error is a refused game file: the file, the line (0 when no one line
// is to blame) and the reason.
type Error struct {
	File   string
	Line   int
	Reason string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Reason)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Reason)
}

// Errorf returns an Error at line of s's file.
func (s *Spec) Errorf(line int, format string, args ...any) error {
	return &Error{File: s.File, Line: line, Reason: fmt.Sprintf(format, args...)}
}

// MaxFileBytes is the largest game file Parse reads.
const MaxFileBytes = 64 << 10

// Parse reads the game file named file whose text is data, and checks
// it against the vocabulary of docs/rules.md.
func Parse(file string, data []byte) (*Spec, error) {
	s := &Spec{File: file, Line: map[string]int{}}
	if len(data) > MaxFileBytes {
		return nil, s.Errorf(0, "%d bytes, at most %d", len(data), MaxFileBytes)
	}
	md, err := toml.Decode(string(data), s)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			// The line of the byte at fault: a newline belongs to the
			// line it ends, where the parser counts the next.
			line := pe.Position.Line
			if start := pe.Position.Start; start > 0 && start <= len(data) {
				line = 1 + strings.Count(string(data[:min(start, len(data)-1)]), "\n")
			}
			return nil, s.Errorf(line, "%s", pe.Message)
		}
		if line, key, reason, ok := decodeError(err.Error()); ok {
			return nil, s.Errorf(line, "%s: %s", key, reason)
		}
		return nil, s.Errorf(0, "%s", strings.TrimPrefix(err.Error(), "toml: "))
	}
	lines := strings.Split(string(data), "\n")
	s.lines = lines
	var boxLines []int
	for i, l := range lines {
		if boxHeader(l) {
			boxLines = append(boxLines, i+1)
		} else if name, ok := tableHeader(l); ok {
			s.Line[name] = i + 1
		}
	}
	if len(boxLines) == len(s.Boxes) {
		for i := range s.Boxes {
			s.Boxes[i].Line = boxLines[i]
		}
	}
	if und := md.Undecoded(); len(und) > 0 {
		k := und[0]
		return nil, s.Errorf(s.keyLine(k...), "unknown key %s", quote(k.String()))
	}
	if err := s.check(); err != nil {
		return nil, err
	}
	return s, nil
}

// keyLine returns the first line that sets the key whose parts are key,
// or 0: a key of the top level before the first table, a key of a table
// after its header (of the first box, for a box's).
func (s *Spec) keyLine(key ...string) int {
	from, last := 0, key[len(key)-1]
	if line := s.Line[last]; len(key) == 1 && line > 0 {
		return line // a table of its own: [name]
	}
	if len(key) > 1 {
		if from = s.Line[key[0]]; key[0] == "box" && len(s.Boxes) > 0 {
			from = s.Boxes[0].Line
		}
	}
	for i, l := range s.lines[from:] {
		i += from
		l = strings.TrimSpace(l)
		if len(key) == 1 && strings.HasPrefix(l, "[") {
			break
		}
		if rest, ok := strings.CutPrefix(l, last); ok && strings.HasPrefix(strings.TrimSpace(rest), "=") {
			return i + 1
		}
	}
	return 0
}

// quote writes a name from a file for a message, cut short when long.
func quote(s string) string {
	if r := []rune(s); len(r) > MaxName {
		s = string(r[:MaxName]) + "..."
	}
	return fmt.Sprintf("%q", s)
}

// check checks the game's fields, then each box.
func (s *Spec) check() error {
	switch {
	case !validName(s.Name) || len(s.Name) > MaxName:
		return s.Errorf(s.keyLine("name"), "name %s: want lower-case letters, digits and hyphens, starting with a letter, at most %d", quote(s.Name), MaxName)
	case s.Dice < MinDice || s.Dice > MaxDice:
		return s.Errorf(s.keyLine("dice"), "dice = %d: want %d or %d", s.Dice, MinDice, MaxDice)
	case s.Rolls < 1 || s.Rolls > MaxRolls:
		return s.Errorf(s.keyLine("rolls"), "rolls = %d: want 1..%d", s.Rolls, MaxRolls)
	case len(s.Boxes) == 0:
		return s.Errorf(0, "no [[box]]: a game needs at least one box")
	}
	if err := s.checkFaces(); err != nil {
		return err
	}
	if u := s.UpperBonus; u != nil && (u.Threshold < 1 || u.Threshold > MaxPoints || u.Points < 0 || u.Points > MaxPoints) {
		return s.Errorf(s.Line["upper-bonus"], "upper bonus of %d at %d: want a threshold of 1..%d and points of 0..%d", u.Points, u.Threshold, MaxPoints, MaxPoints)
	}
	names := map[string]bool{}
	for i := range s.Boxes {
		b := &s.Boxes[i]
		if err := s.checkBox(b, names); err != nil {
			return err
		}
	}
	if err := s.checkFiveAlike(names); err != nil {
		return err
	}
	if s.FiveAlike != nil && s.Dice != MinDice {
		return s.Errorf(s.Line["five-alike"], "[five-alike] with dice = %d: a five-alike bonus and joker are for %d dice only", s.Dice, MinDice)
	}
	return nil
}

// checkFaces checks how the faces are written: six different upper-case
// letters or digits, a digit 1..6 only as its own face.
func (s *Spec) checkFaces() error {
	if s.Faces == "" {
		return nil
	}
	bad := len(s.Faces) != Faces
	for i, r := range s.Faces {
		switch {
		case bad:
		case r >= '1' && r <= '6' && int(r-'0') != i+1,
			!(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'),
			strings.IndexRune(s.Faces, r) != i:
			bad = true
		}
	}
	if bad {
		return s.Errorf(s.keyLine("faces"), "faces = %s: want six different upper-case letters or digits for faces 1..6, a digit 1..6 only as its own face", quote(s.Faces))
	}
	return nil
}

// checkBox checks one box; names holds the names seen before it.
func (s *Spec) checkBox(b *Box, names map[string]bool) error {
	fail := func(format string, args ...any) error {
		return s.Errorf(b.Line, "box %s: %s", quote(b.Name), fmt.Sprintf(format, args...))
	}
	for i, n := range []string{b.Name, b.OldName} {
		switch {
		case i == 1 && n == "": // no old name
		case !validName(n) || len(n) > MaxName:
			return fail("name %s: want lower-case letters, digits and hyphens, starting with a letter, at most %d", quote(n), MaxName)
		case names[n]:
			return fail("the name %s is taken by another box", quote(n))
		}
		names[n] = true
	}
	if b.Face < 0 || b.Face > Faces {
		return fail("face = %d: want 1..%d, or none for a box outside the upper section", b.Face, Faces)
	}
	total := 0
	for _, g := range b.Groups {
		if g < 1 || g > s.Dice {
			return fail("groups = %v: each wants 1..%d dice", b.Groups, s.Dice)
		}
		total += g
	}
	switch {
	case total > s.Dice || len(b.Groups) > Faces:
		return fail("groups = %v: more dice than the %d there are", b.Groups, s.Dice)
	case b.Exact && len(b.Groups) == 0:
		return fail("exact = true needs groups")
	case b.Run < 0 || b.Run > min(s.Dice, Faces):
		return fail("run = %d: want 1..%d", b.Run, min(s.Dice, Faces))
	case len(b.Contains) > s.Dice || strings.Trim(b.Contains, "123456") != "":
		return fail("contains = %s: want at most %d dice written 1..6", quote(b.Contains), s.Dice)
	case b.Joker < 0 || b.Joker > MaxPoints:
		return fail("joker = %d: want 0..%d", b.Joker, MaxPoints)
	}
	switch p := b.Points.(type) {
	case int64:
		if p < 0 || p > MaxPoints {
			return fail("points = %d: want 0..%d", p, MaxPoints)
		}
	case string:
		known := []string{PointsSum, PointsGroups, PointsFaceSum, PointsFaceCount}
		switch {
		case !slices.Contains(known, p):
			return fail("points = %s: want a number or one of %s", quote(p), strings.Join(known, ", "))
		case (p == PointsFaceSum || p == PointsFaceCount) && b.Face == 0:
			return fail("points = %q needs a face", p)
		case p == PointsGroups && len(b.Groups) == 0:
			return fail("points = %q needs groups", p)
		}
	case nil:
		return fail("no points: want a number or one of sum, groups, face-sum, face-count")
	default:
		return fail("points = %v: want a whole number or a name in quotes", p)
	}
	return nil
}

// checkFiveAlike checks the five-alike rule against the boxes' names.
func (s *Spec) checkFiveAlike(names map[string]bool) error {
	e := s.FiveAlike
	if e == nil {
		return nil
	}
	line := s.Line["five-alike"]
	switch {
	case !names[e.Box]:
		return s.Errorf(line, "five-alike box %s: no box of that name", quote(e.Box))
	case e.Bonus < 0 || e.Bonus > MaxPoints:
		return s.Errorf(line, "five-alike bonus = %d: want 0..%d", e.Bonus, MaxPoints)
	case e.Joker == "":
		return s.Errorf(line, "five-alike: no joker rule: want joker = %q, %q or %q", JokerNone, JokerFree, JokerForced)
	case e.Joker != JokerNone && e.Joker != JokerFree && e.Joker != JokerForced:
		return s.Errorf(line, "five-alike joker = %s: want %q, %q or %q", quote(e.Joker), JokerNone, JokerFree, JokerForced)
	}
	return nil
}
