package gamefile

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// head is the start of a well-written file; each case adds to it.
const head = `name = "test"
dice = 5
rolls = 3
`

const chance = `
[[box]]
name = "chance"
points = "sum"
`

func TestParseReadsEveryKey(t *testing.T) {
	t.Parallel()
	s, err := Parse("g.toml", []byte(`# a comment
name = "every-key"
dice = 5
faces = "9TJQKA"
rolls = 2

[upper-bonus]
threshold = 15
points = 3

[five-alike]
box = "five"
bonus = 100
joker = "forced"
joker-needs-full = true

[[box]]
name = "aces"
old-name = "ace"
face = 6
points = "face-count"

[[box]]
name = "five"
groups = [5]
exact = true
points = 50

[[box]]
name = "straight"
run = 5
contains = "23"
points = 4
joker = 4
`))
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case s.Name != "every-key" || s.Dice != 5 || s.Faces != "9TJQKA" || s.Rolls != 2:
		t.Errorf("head read as %+v", s)
	case *s.UpperBonus != UpperBonus{Threshold: 15, Points: 3}:
		t.Errorf("upper bonus %+v", *s.UpperBonus)
	case *s.FiveAlike != FiveAlike{Box: "five", Bonus: 100, Joker: JokerForced, JokerNeedsFull: true}:
		t.Errorf("five-alike %+v", *s.FiveAlike)
	case len(s.Boxes) != 3:
		t.Fatalf("%d boxes, want 3", len(s.Boxes))
	}
	want := []struct {
		line  int
		rule  string
		fixed int
	}{{17, "1 a die showing A", -1}, {23, "50 if exactly 5 alike", 50}, {29, "4 if a run of 5 faces and the dice 23 among them", 4}}
	for i, w := range want {
		b := s.Boxes[i]
		if b.Line != w.line {
			t.Errorf("box %s on line %d, want %d", b.Name, b.Line, w.line)
		}
		if got := s.Rule(b); got != w.rule {
			t.Errorf("box %s: rule %q, want %q", b.Name, got, w.rule)
		}
		if n, ok := b.Fixed(); ok != (w.fixed >= 0) || ok && n != w.fixed {
			t.Errorf("box %s: Fixed() = %d, %t", b.Name, n, ok)
		}
	}
	if b := s.Boxes[0]; b.OldName != "ace" || b.Face != 6 {
		t.Errorf("box aces read as %+v", b)
	}
	if b := s.Boxes[2]; b.Run != 5 || b.Contains != "23" || b.Joker != 4 {
		t.Errorf("box straight read as %+v", b)
	}
}

func TestParseRefuses(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, text string
		line       int
		want       string
	}{
		{"not toml", head + "[[box]\n", 4, "expected end of table array"},
		{"unknown key", head + chance + "pointz = 3\n", 8, `unknown key "box.pointz"`},
		{"wrong type", head + chance + "face = \"one\"\n", 8, "face"},
		{"six dice with a five-alike rule", strings.Replace(head, "dice = 5", "dice = 6", 1) + "[five-alike]\nbox = \"chance\"\njoker = \"free\"\n" + chance, 4, "for 5 dice only"},
		{"seven dice", strings.Replace(head, "dice = 5", "dice = 7", 1) + chance, 2, "want 5 or 6"},
		{"no rolls", strings.Replace(head, "rolls = 3", "rolls = 0", 1) + chance, 3, "want 1..10"},
		{"no name", strings.Replace(head, `name = "test"`, "", 1) + chance, 0, "name \"\""},
		{"bad name", strings.Replace(head, `"test"`, `"Big Game"`, 1) + chance, 1, "lower-case"},
		{"no boxes", head, 0, "no [[box]]"},
		{"faces too few", head + "faces = \"9TJ\"\n" + chance, 4, "six different"},
		{"faces with a digit elsewhere", head + "faces = \"21QKJA\"\n" + chance, 4, "own face"},
		{"faces twice", head + "faces = \"9TJQKK\"\n" + chance, 4, "six different"},
		{"box twice", head + chance + chance, 9, "taken by another box"},
		{"old name taken", head + chance + "\n[[box]]\nname = \"sum\"\nold-name = \"chance\"\npoints = 1\n", 9, "taken by another box"},
		{"no points", head + "\n[[box]]\nname = \"x\"\n", 5, "no points"},
		{"unknown points", head + "\n[[box]]\nname = \"x\"\npoints = \"all\"\n", 5, "want a number or one of"},
		{"points a float", head + "\n[[box]]\nname = \"x\"\npoints = 2.5\n", 5, "whole number"},
		{"negative points", head + "\n[[box]]\nname = \"x\"\npoints = -1\n", 5, "0..1000"},
		{"face-sum without face", head + "\n[[box]]\nname = \"x\"\npoints = \"face-sum\"\n", 5, "needs a face"},
		{"groups points without groups", head + "\n[[box]]\nname = \"x\"\npoints = \"groups\"\n", 5, "needs groups"},
		{"face out of range", head + "\n[[box]]\nname = \"x\"\nface = 7\npoints = \"face-sum\"\n", 5, "face = 7"},
		{"groups past the dice", head + "\n[[box]]\nname = \"x\"\ngroups = [3, 3]\npoints = 1\n", 5, "more dice"},
		{"group of none", head + "\n[[box]]\nname = \"x\"\ngroups = [0]\npoints = 1\n", 5, "1..5 dice"},
		{"exact alone", head + "\n[[box]]\nname = \"x\"\nexact = true\npoints = 1\n", 5, "needs groups"},
		{"run too long", head + "\n[[box]]\nname = \"x\"\nrun = 6\npoints = 1\n", 5, "run = 6"},
		{"contains a seven", head + "\n[[box]]\nname = \"x\"\ncontains = \"127\"\npoints = 1\n", 5, "written 1..6"},
		{"upper bonus at 0", head + "[upper-bonus]\nthreshold = 0\npoints = 5\n" + chance, 4, "threshold of 1.."},
		{"five-alike box unknown", head + "[five-alike]\nbox = \"yahtzee\"\njoker = \"free\"\n" + chance, 4, "no box of that name"},
		{"joker unknown", head + "[five-alike]\nbox = \"chance\"\njoker = \"wild\"\n" + chance, 4, `joker = "wild"`},
		{"joker missing", head + "[five-alike]\nbox = \"chance\"\n" + chance, 4, "no joker rule"},
		{"too long", head + strings.Repeat("#", MaxFileBytes), 0, "bytes, at most"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, err := Parse("g.toml", []byte(c.text))
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Parse: %v, want an *Error", err)
			}
			if e.File != "g.toml" || e.Line != c.line || !strings.Contains(e.Reason, c.want) {
				t.Errorf("Parse: %v, want g.toml line %d saying %q", err, c.line, c.want)
			}
		})
	}
}

// TestSixDiceAreChecked reads Maxi Yatzy, which the format describes
// whole, and refuses a file of six dice with a fault for the fault.
func TestSixDiceAreChecked(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../../games/maxi-yatzy.toml")
	if err != nil {
		t.Fatal(err)
	}
	s, err := Parse("maxi-yatzy.toml", data)
	if err != nil || s.Dice != 6 || len(s.Boxes) != 20 {
		t.Fatalf("Parse: %v, %v", s, err)
	}
	faulty := strings.Replace(string(data), "groups = [4, 2]", "groups = [4, 3]", 1)
	if _, err := Parse("maxi-yatzy.toml", []byte(faulty)); err == nil || !strings.Contains(err.Error(), `box "tower": groups = [4 3]: more dice`) {
		t.Errorf("Parse of a tower of seven dice: %v", err)
	}
}

func TestErrorWritesFileAndLine(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		e    Error
		want string
	}{
		{Error{"a.toml", 3, "bad"}, "a.toml:3: bad"},
		{Error{"a.toml", 0, "bad"}, "a.toml: bad"},
	} {
		if got := c.e.Error(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.e, got, c.want)
		}
	}
}

// FuzzParse holds Parse to an answer for any text: a Spec or an *Error
// with the file's name, never a panic; a Spec it gives has a name, five
// dice and boxes with points.
func FuzzParse(f *testing.F) {
	f.Add([]byte(head + chance))
	f.Add([]byte(head + "[five-alike]\nbox = \"chance\"\njoker = \"free\"\n" + chance))
	f.Add([]byte(head + "[[box]]\nname=\"x\"\ngroups=[3,2]\nexact=true\npoints=\"groups\"\n"))
	f.Add([]byte("name = 'x'\ndice = 6\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse("f.toml", data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.File != "f.toml" {
				t.Fatalf("error %v is not an *Error of the file", err)
			}
			return
		}
		if s.Name == "" || s.Dice < MinDice || s.Dice > MaxDice || len(s.Boxes) == 0 {
			t.Fatalf("accepted %+v", s)
		}
		for _, b := range s.Boxes {
			if b.Points == nil || s.Rule(b) == "" {
				t.Fatalf("box %+v has no rule", b)
			}
		}
	})
}
