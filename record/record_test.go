package record

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dicepoker/coach"
	"dicepoker/engine"
)

// scripted plays a whole game of g with dice from a fixed generator: it
// keeps the most common face while it may reroll, then writes the dice in
// the first open box the rules allow.
func scripted(t testing.TB, g *engine.Game) *bytes.Buffer {
	t.Helper()
	var out bytes.Buffer
	w := NewWriter(&out)
	seed := uint32(7)
	roll := func(keep engine.Multiset) engine.Multiset {
		for keep.Size() < engine.Dice {
			seed = seed*1664525 + 1013904223
			keep[seed>>16%6]++
		}
		return keep
	}
	sheet, err := coach.ParseSheet(g, "")
	if err != nil {
		t.Fatal(err)
	}
	for !sheet.Over() {
		p := coach.Position{Game: g, Sheet: sheet, Dice: roll(engine.Multiset{}), RollsLeft: g.Rolls - 1, Fresh: true}
		for ; p.RollsLeft > 0; p.RollsLeft-- {
			var keep engine.Multiset
			f := 0
			for i, n := range p.Dice {
				if n > p.Dice[f] {
					f = i
				}
			}
			keep[f] = p.Dice[f]
			if keep.Size() == engine.Dice {
				break
			}
			if err := w.Write(p, coach.Action{Keep: keep}); err != nil {
				t.Fatal(err)
			}
			p.Dice, p.Fresh = roll(keep), false
		}
		for _, cat := range g.Categories {
			if m, err := coach.Check(p, coach.Action{Box: cat.Name}); err == nil {
				if err := w.Write(p, coach.Action{Box: cat.Name}); err != nil {
					t.Fatal(err)
				}
				sheet = m.Next
				break
			}
		}
	}
	return &out
}

func TestWriteRead(t *testing.T) {
	for _, c := range []struct {
		name string
		o    engine.Options
	}{
		{"poker-dice", engine.Options{}},
		{"yahtzee", engine.Options{ForcedJoker: true}},
		{"yahtzee", engine.Options{NoUpperBonus: true, NoJoker: true}},
		{"yatzy", engine.Options{}},
		{"swedish", engine.Options{UpperBonusThreshold: 70}},
	} {
		t.Run(c.name+" "+c.o.String(), func(t *testing.T) {
			g, err := engine.New(c.name, c.o)
			if err != nil {
				t.Fatal(err)
			}
			data := scripted(t, g).String()
			rec, err := Read(strings.NewReader(data), "game.jsonl")
			if err != nil {
				t.Fatalf("%s: %v\n%s", c.name, err, data)
			}
			lines := strings.Split(strings.TrimSuffix(data, "\n"), "\n")
			if len(rec.Entries) != len(lines) || rec.Game.Name != g.Name || rec.Game.Options != g.Options || !rec.Final().Over() {
				t.Fatalf("%s: %d entries of %d lines, game %s %s, over %v", c.name, len(rec.Entries), len(lines), rec.Game.Name, rec.Game.Options, rec.Final().Over())
			}
			for i, e := range rec.Entries {
				line, _ := json.Marshal(e)
				if string(line) != lines[i] || e.Line != i+1 {
					t.Errorf("%s line %d: read back as %s (line %d)", c.name, i+1, line, e.Line)
				}
			}
			// Blank lines are skipped but counted.
			if rec, err := Read(strings.NewReader("\n"+strings.ReplaceAll(data, "\n", "\n\n")), "x"); err != nil || rec.Entries[1].Line != 4 {
				t.Errorf("%s with blank lines: %v", c.name, err)
			}
		})
	}
}

func TestWriterRefuses(t *testing.T) {
	g, _ := engine.New("poker-dice", engine.Options{})
	var out bytes.Buffer
	w := NewWriter(&out)
	sheet, _ := coach.ParseSheet(g, "")
	dice, _ := engine.ParseDice("9TJQK", g.Letters)
	p := coach.Position{Game: g, Sheet: sheet, Dice: dice, RollsLeft: 0}
	if err := w.Write(p, coach.Action{Box: "ones"}); err == nil || out.Len() != 0 || len(w.Record().Entries) != 0 {
		t.Errorf("an illegal box was written: %v, %q", err, out.String())
	}
	if err := w.Write(p, coach.Action{Box: "straight"}); err != nil || len(w.Record().Entries) != 1 {
		t.Errorf("straight: %v", err)
	}
}

// The lines of a good poker-dice record, and how each malformed record
// changes them.
var good = []string{
	`{"game":"poker-dice","options":"","turn":1,"sheet":"","dice":[1,1,2,5,6],"rolls_left":1,"action":{"keep":[1,1]}}`,
	`{"game":"poker-dice","options":"","turn":1,"sheet":"","dice":[1,1,1,3,4],"rolls_left":0,"action":{"score":"three-of-a-kind"}}`,
	`{"game":"poker-dice","options":"","turn":2,"sheet":"three-of-a-kind=3","dice":[2,3,4,5,6],"rolls_left":1,"action":{"score":"straight"}}`,
}

func TestReadRefuses(t *testing.T) {
	if _, err := Read(strings.NewReader(strings.Join(good, "\n")), "r.jsonl"); err != nil {
		t.Fatalf("the good record: %v", err)
	}
	last := `{"game":"poker-dice","turn":13,"sheet":"aces=3,kings=3,queens=3,jacks=3,tens=3,nines=0,pair=1,two-pair=2,three-of-a-kind=3,full-house=4,four-of-a-kind=4,five-of-a-kind=0","dice":[1,2,3,4,5],"rolls_left":0,"action":{"score":"straight"}}`
	for _, c := range []struct {
		line      int    // the line to replace, from 1; 0 appends
		text      string // its new text
		want      string // the error, after "r.jsonl:"
		wantWhole string // or the whole error, when set
	}{
		{2, `{"game":"poker-dice",`, "2: bad JSON", ""},
		{2, `[1,2]`, "2: bad JSON", ""},
		{1, strings.Replace(good[0], `"turn"`, `"foo":1,"turn"`, 1), `1: bad JSON: json: unknown field "foo"`, ""},
		{1, strings.Replace(good[0], `,"rolls_left":1`, "", 1), `1: missing "rolls_left"`, ""},
		{1, good[0] + " {}", "1: bad JSON: more than one value on the line", ""},
		{1, strings.Replace(good[0], "poker-dice", "chess", 1), `1: unknown game "chess"`, ""},
		{1, strings.Replace(good[0], `"options":""`, `"options":"bogus"`, 1), `1: unknown rule option "bogus"`, ""},
		{1, strings.Replace(good[0], `"options":""`, `"options":"forced-joker"`, 1), "1: option forced-joker belongs to yahtzee, not to poker-dice", ""},
		{2, strings.Replace(good[1], "poker-dice", "school", 1), "2: game school, but the record is of poker-dice: a record holds one game", ""},
		{2, strings.Replace(good[1], `{"score":"three-of-a-kind"}`, `{"cross":"three-of-a-kind"}`, 1), "2: poker-dice has no crossing out", ""},
		{2, strings.Replace(good[1], `{"score":"three-of-a-kind"}`, `{"cross":"pair","score":"pair"}`, 1), "2: bad JSON: action: want exactly one of", ""},
		{2, strings.Replace(good[1], `{"score":"three-of-a-kind"}`, `{"cross":""}`, 1), `2: bad JSON: action: "cross" names no row`, ""},
		{3, strings.Replace(good[2], "three-of-a-kind=3", "three-of-a-kind=9", 1), "3: sheet: three-of-a-kind holds 0 or 3, not 9", ""},
		{3, strings.Replace(good[2], `"turn":2`, `"turn":3`, 1), "3: turn 3, but the sheet is before turn 2", ""},
		{1, strings.Replace(good[0], "[1,1,2,5,6]", "[1,1,2,5]", 1), "1: dice [1 1 2 5]: need exactly 5 dice", ""},
		{1, strings.Replace(good[0], "[1,1,2,5,6]", "[1,1,2,5,7]", 1), "1: dice [1 1 2 5 7]: die 7 is out of range 1..6", ""},
		{1, strings.Replace(good[0], `"rolls_left":1`, `"rolls_left":2`, 1), "1: rolls_left 2: poker-dice allows 0..1 rerolls", ""},
		{1, strings.Replace(good[0], `"rolls_left":1`, `"rolls_left":-1`, 1), "1: rolls_left -1", ""},
		{1, strings.Replace(good[0], `[1,1]}`, `[0]}`, 1), "1: keep [0]: die 0 is out of range 1..6", ""},
		{1, strings.Replace(good[0], `[1,1]}`, `[6,6]}`, 1), "1: cannot keep A A: the dice are 9 9 T K A", ""},
		{1, strings.Replace(good[0], `[1,1]}`, `[1,1,2,5,6]}`, 1), "1: keeping all five dice is not a reroll", ""},
		{2, strings.Replace(good[1], `{"score":"three-of-a-kind"}`, `{"keep":[1]}`, 1), "2: no rerolls left", ""},
		{2, strings.Replace(good[1], "three-of-a-kind", "bananas", 1), `2: poker-dice has no box "bananas"`, ""},
		{2, strings.Replace(good[1], `{"score":"three-of-a-kind"}`, `{"score":"pair","keep":[]}`, 1), "2: bad JSON: action: want exactly one of", ""},
		{2, strings.Replace(good[1], `{"score":"three-of-a-kind"}`, `{}`, 1), "2: bad JSON: action: want exactly one of", ""},
		{2, strings.Replace(good[1], `{"score":"three-of-a-kind"}`, `{"score":""}`, 1), `2: bad JSON: action: "score" names no box`, ""},
		{2, strings.Replace(good[1], `{"score":"three-of-a-kind"}`, `{"discard":[1]}`, 1), `2: bad JSON: action: bad JSON: json: unknown field "discard"`, ""},
		{2, strings.Replace(good[1], `"game":"poker-dice"`, `"game":"yahtzee"`, 1), "2: game yahtzee, but the record is of poker-dice: a record holds one game", ""},
		{2, strings.Replace(good[1], `"turn":1,"sheet":""`, `"turn":2,"sheet":"aces=1"`, 1), `2: sheet "aces=1": line 1 rerolled in the same turn with sheet ""`, ""},
		{2, strings.Replace(good[1], "[1,1,1,3,4]", "[1,2,3,4,5]", 1), "2: dice [1 2 3 4 5] do not hold the dice kept on line 1, [1 1]", ""},
		{3, strings.Replace(good[2], `"rolls_left":1`, `"rolls_left":0`, 1), "3: rolls_left 0: a new turn starts with 1", ""},
		{3, strings.Replace(good[2], `"sheet":"three-of-a-kind=3"`, `"sheet":"pair=1"`, 1), `3: sheet "pair=1" does not follow line 2, which leaves "three-of-a-kind=3"`, ""},
		{3, last, `3: sheet "aces=3,kings=3,`, ""},
		{0, strings.Repeat(" ", maxLine+1), "4: line longer than 65536 bytes", ""},
	} {
		t.Run(c.want, func(t *testing.T) {
			lines := append([]string{}, good...)
			if c.line == 0 {
				lines = append(lines, c.text)
			} else {
				lines[c.line-1] = c.text
			}
			_, err := Read(strings.NewReader(strings.Join(lines, "\n")+"\n"), "r.jsonl")
			if err == nil || !strings.HasPrefix(err.Error(), "r.jsonl:"+c.want) {
				t.Errorf("line %d = %.60s...: error %v, want r.jsonl:%s", c.line, c.text, err, c.want)
			}
		})
	}
	// A line after the last box, and an empty record.
	if _, err := Read(strings.NewReader(last+"\n"+last), "r.jsonl"); err == nil || err.Error() != "r.jsonl:2: the game ended on line 1" {
		t.Errorf("a line after the game: %v", err)
	}
	for _, empty := range []string{"", "\n\n"} {
		if _, err := Read(strings.NewReader(empty), "r.jsonl"); err == nil || err.Error() != "r.jsonl: no decisions in the record" {
			t.Errorf("empty record: %v", err)
		}
	}
}

// TestContinueUndo goes on with a scripted record in a file, with blank
// lines in it, and takes decisions back: each undo cuts one line off the
// file, and the file reads back as the record the writer holds.
func TestContinueUndo(t *testing.T) {
	g, _ := engine.New("yahtzee", engine.Options{})
	lines := strings.SplitAfter(scripted(t, g).String(), "\n")
	data := []byte(lines[0] + "\n" + strings.Join(lines[1:5], ""))
	rec, err := Read(bytes.NewReader(data), "game.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "game.jsonl")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w, err := Continue(f, rec, data)
	if err != nil {
		t.Fatal(err)
	}
	next, _ := Read(strings.NewReader(strings.Join(lines[:6], "")), "all")
	e := next.Entries[5]
	if err := w.Write(e.Position, e.Action); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		entries int
	}{{"the line written", 5}, {"a line read", 4}, {"another", 3}, {"and another", 2}, {"after the blank line", 1}, {"the first", 0}} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := w.Undo(); err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(path)
			want := strings.Join(lines[:tc.entries], "")
			if tc.entries >= 1 {
				want = lines[0] + "\n" + strings.Join(lines[1:tc.entries], "")
			}
			if string(got) != want || len(w.Record().Entries) != tc.entries {
				t.Errorf("file after undo:\n%s\nwant\n%s(%d entries)", got, want, len(w.Record().Entries))
			}
		})
	}
	if _, err := w.Undo(); err == nil {
		t.Error("undo of an empty record succeeded")
	}
	// The writer goes on writing after the undos, from the file's start.
	if err := w.Write(next.Entries[0].Position, next.Entries[0].Action); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); string(got) != lines[0] {
		t.Errorf("file %q, want %q", got, lines[0])
	}
}

// TestCut reads records whose last line a crash cut short: the decisions
// before it are kept, the line is left out and Cut says which it was, and
// a game resumed from the file goes on after them. A bad line anywhere
// else, or a last line that is whole, still refuses the record.
func TestCut(t *testing.T) {
	g, _ := engine.New("yahtzee", engine.Options{})
	lines := strings.SplitAfter(scripted(t, g).String(), "\n")
	whole := strings.Join(lines[:3], "")
	for _, tc := range []struct {
		name, data string
		entries    int    // decisions kept
		cut        string // the error Cut holds, "" for none
		file       string // the file after Continue
	}{
		{"mid-JSON", whole + lines[3][:40], 3, "game.jsonl:4: bad JSON: the line ends before its JSON does", whole},
		{"one byte", whole + "{", 3, "game.jsonl:4: bad JSON: the line ends before its JSON does", whole},
		{"before the last brace", whole + lines[3][:len(lines[3])-2], 3, "game.jsonl:4: bad JSON: the line ends before its JSON does", whole},
		{"before the newline", whole + strings.TrimSuffix(lines[3], "\n"), 4, "", whole + lines[3]},
		{"after blank lines", whole + "\n \n" + lines[3][:40], 3, "game.jsonl:6: bad JSON: the line ends before its JSON does", whole + "\n \n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec, err := Read(strings.NewReader(tc.data), "game.jsonl")
			if err != nil {
				t.Fatal(err)
			}
			if len(rec.Entries) != tc.entries || (rec.Cut == nil) != (tc.cut == "") || rec.Cut != nil && rec.Cut.Error() != tc.cut {
				t.Fatalf("%d decisions, cut %v; want %d and %q", len(rec.Entries), rec.Cut, tc.entries, tc.cut)
			}
			path := filepath.Join(t.TempDir(), "game.jsonl")
			if err := os.WriteFile(path, []byte(tc.data), 0o644); err != nil {
				t.Fatal(err)
			}
			f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			w, err := Continue(f, rec, []byte(tc.data))
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := os.ReadFile(path); string(got) != tc.file {
				t.Fatalf("file after Continue:\n%q\nwant\n%q", got, tc.file)
			}
			// The game goes on: the next decision follows on its own line.
			next, _ := Read(strings.NewReader(strings.Join(lines[:tc.entries+1], "")), "all")
			e := next.Entries[tc.entries]
			if err := w.Write(e.Position, e.Action); err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(path)
			if again, err := Read(bytes.NewReader(got), "again"); err != nil || again.Cut != nil || len(again.Entries) != tc.entries+1 {
				t.Errorf("file after the next decision:\n%s\n(%v)", got, err)
			}
		})
	}
	for _, tc := range []struct{ name, data, want string }{
		{"cut with its newline", whole + lines[3][:40] + "\n", "game.jsonl:4: bad JSON: the line ends before its JSON does"},
		{"cut in the middle", lines[0] + lines[1][:40] + "\n" + lines[2], "game.jsonl:2: bad JSON: the line ends before its JSON does"},
		{"cut before a blank line", whole + lines[3][:40] + "\n  ", "game.jsonl:4: bad JSON: the line ends before its JSON does"},
		{"whole but bad JSON", whole + `{"game":"yahtzee"]`, "game.jsonl:4: bad JSON: "},
		{"whole but against the rules", whole + strings.Replace(strings.TrimSuffix(lines[3], "\n"), `"turn":`, `"turn":9`, 1), "game.jsonl:4: "},
		{"only a cut line", lines[0][:40], "game.jsonl:1: bad JSON: the line ends before its JSON does"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Read(strings.NewReader(tc.data), "game.jsonl"); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}

// FuzzContinue checks that Continue finds the line of every decision of
// any record that Read accepts, whatever blank lines and spaces it holds.
func FuzzContinue(f *testing.F) {
	g, _ := engine.New("poker-dice", engine.Options{})
	lines := strings.SplitAfter(scripted(f, g).String(), "\n")
	f.Add([]byte(strings.Join(lines[:3], "")))
	f.Add([]byte(lines[0] + "\n  \n" + lines[1]))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := Read(bytes.NewReader(data), "fuzz")
		if err != nil {
			return
		}
		// A bytes.Buffer cannot be cut: Continue refuses to cut the line
		// Read left out, and takes every other record.
		w, err := Continue(&bytes.Buffer{}, rec, data)
		if (rec.Cut == nil) != (err == nil) {
			t.Fatalf("Continue: %v, with the last line cut %v", err, rec.Cut)
		}
		if err == nil && len(w.Record().Entries) != len(rec.Entries) {
			t.Fatalf("%d entries, want %d", len(w.Record().Entries), len(rec.Entries))
		}
	})
}
