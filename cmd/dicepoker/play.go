package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"

	"dicepoker/advice"
	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/record"
	"dicepoker/review"
	"dicepoker/strategy"
	"dicepoker/words"
)

const playSummary = `Play a game in the terminal with the advisor as a coach. The program rolls
the dice (the same dice again with the same --seed), or with --manual you
type the dice you rolled. Type 'keep 3 3 5' or 'keep none' to reroll,
'score full-house' to write the dice in a box, 'hint' for the advisor's
ranking, 'undo' to take back a decision, 'sheet', 'help', 'quit'. With
--hints the advice comes before every decision without asking ('hint
always' and 'hint off' switch it during the game). Every decision is
appended to the record file as it is made (by default in the user's data
directory); --resume goes on with a game from its record. The game ends
with the final score, the optimal expected score and a review of every
decision.`

// runPlay plays a game on the terminal.
func runPlay(e env, args []string, stdout io.Writer) error { return play(e, args, os.Stdin, stdout) }

// play plays a game, reading the player's commands from in.
func play(e env, args []string, in io.Reader, stdout io.Writer) error {
	fs, gf := newGameFlagSet("play")
	seed := fs.Uint64("seed", 0, "seed of the dice, to play the same dice again (default: from the clock, printed)")
	manual := fs.Bool("manual", false, "roll real dice and type what they show")
	coachOn := fs.Bool("coach", true, "after each move that is not the best, say the best and the points given up")
	hints := fs.Bool("hints", false, "show the advice before every decision without asking ('hint always' and 'hint off' switch it in the game)")
	recordFile := fs.String("record", "", "the record file to write (default: a new dicepoker-YYYYMMDD-HHMMSS.jsonl in $XDG_DATA_HOME/dicepoker or ~/.local/share/dicepoker)")
	resume := fs.String("resume", "", "go on with the game of this record file, appending to it")
	tableFile := addTableFlag(fs)
	g, err := gf.parse(fs, args, stdout, "play --game G [options] [--seed S | --manual] [--hints] [--coach=false] [--record FILE | --resume FILE] [--table FILE]", playSummary)
	if err != nil {
		return err
	}
	if *manual && fs.Changed("seed") {
		return usagef("--seed chooses the program's dice; with --manual you roll your own")
	}
	s := &session{in: bufio.NewScanner(in), out: stdout, coach: *coachOn, hints: *hints}
	var f *os.File
	var path string
	var start *record.Entry // the last decision of a resumed game
	if *resume != "" {
		if fs.Changed("record") {
			return usagef("--resume %s goes on writing that record; --record names the record of a new game", *resume)
		}
		var rec *record.Record
		var data []byte
		if f, rec, data, err = openResumed(*resume, g, fs.Changed("game"), gf.rules); err != nil {
			return err
		}
		if s.rec, err = record.Continue(f, rec, data); err != nil {
			f.Close()
			return usagef("%s: %v", *resume, err)
		}
		g, path, s.first = rec.Game, *resume, len(rec.Entries)
		start = &rec.Entries[len(rec.Entries)-1]
		s.sheet = rec.Final()
	} else {
		if s.sheet, err = coach.ParseSheet(g, ""); err != nil {
			return &usageError{err.Error()}
		}
		if f, path, err = e.createRecord(*recordFile, "dicepoker"); err != nil {
			return err
		}
		s.rec = record.NewWriter(f)
	}
	s.g, s.terms = g, s.sheet.Terms()
	if s.adv, err = advice.Advisor(e.opened(*tableFile), g); err != nil {
		f.Close()
		if start == nil {
			os.Remove(path)
		}
		return err
	}
	s.say("%s: %s", strategy.Describe(g), g.Describe())
	fmt.Fprintf(stdout, "%s from the start: %.2f\n", expectedName(s.adv.Note()), s.adv.Expected())
	if note := s.adv.Note(); note != "" {
		s.say("note: %s", note)
	}
	if !*manual {
		if !fs.Changed("seed") {
			*seed = uint64(time.Now().UnixNano())
		}
		s.rng = newRoller(*seed, g.Cup())
		fmt.Fprintf(stdout, "seed %d (play the same dice again with --seed %d)\n", *seed, *seed)
	}
	fmt.Fprintf(stdout, "record: %s\ntype 'help' for the commands\n", path)
	s.legend()
	playErr := s.begin(start)
	if err := f.Close(); playErr == nil {
		playErr = err
	}
	if playErr != nil {
		return playErr
	}
	return s.finish(path, gf.rules, start != nil)
}

// openResumed reads the record of a game to go on with, and opens it for
// appending; it returns the file, the record and the file's bytes. The
// game flags, when given, must name the record's game; a game file's game
// (the file rules, "" for none) is the only one its record can be read
// with.
func openResumed(path string, g *engine.Game, gameGiven bool, rules string) (*os.File, *record.Record, []byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, nil, fileError("--resume", err)
	}
	read := record.Read
	if rules != "" {
		gameGiven = true
		read = func(r io.Reader, name string) (*record.Record, error) { return record.ReadOf(r, name, g) }
	}
	rec, err := read(bytes.NewReader(data), path)
	if err != nil {
		return nil, nil, nil, &usageError{err.Error()}
	}
	if w := rec.Warning(); w != "" {
		notice("warning: " + w + "; the game goes on after them")
	}
	if gameGiven && (rec.Game.Name != g.Name || rec.Game.Options != g.Options) {
		return nil, nil, nil, usagef("%s is a game of %s, not of %s", path, strategy.Describe(rec.Game), strategy.Describe(g))
	}
	if rec.Final().Over() {
		return nil, nil, nil, usagef("the game of %s is over: there is nothing to resume (review it with: %s)", path, reviewCommand(path, rules))
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return nil, nil, nil, fileError("--resume", err)
	}
	return f, rec, data, nil
}

// begin rolls the first dice and plays: a new game's first roll, or, after
// a resumed game's last decision, its reroll or the next turn's roll.
func (s *session) begin(last *record.Entry) error {
	p := coach.Position{Game: s.g, Sheet: s.sheet, RollsLeft: s.g.Rolls - 1, Fresh: true}
	keep := engine.Multiset{}
	if last != nil && last.Action.Box == "" {
		p, keep = last.Position, last.Action.Keep
		p.RollsLeft, p.Fresh = p.RollsLeft-1, keep.Size() == 0
	}
	if last != nil {
		fmt.Fprintf(s.out, "resuming after decision %d: %s\n", s.first, words.Text(s.g, last.Action))
	}
	var err error
	if p.Dice, err = s.roll(keep); err != nil {
		return quitted(err)
	}
	return s.play(p)
}

// recordDir is where records go by default: dicepoker in the user's data
// directory, $XDG_DATA_HOME or else ~/.local/share.
func (e env) recordDir() (string, error) {
	data := e("XDG_DATA_HOME")
	if data == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("no directory for the record (set XDG_DATA_HOME or give --record): %v", err)
		}
		data = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(data, "dicepoker"), nil
}

// createRecord creates a new record file at path, refusing to overwrite
// one; with no path, a new file in recordDir named for the time after
// prefix ("dicepoker-20260101-120000.jsonl"), -2, -3 ... after the name
// when files start in the same second.
func (e env) createRecord(path, prefix string) (*os.File, string, error) {
	if path != "" {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, os.ErrExist) {
			return nil, "", usagef("record file %s exists: choose another with --record", path)
		} else if err != nil {
			return nil, "", fileError("record file", err)
		}
		return f, path, nil
	}
	dir, err := e.recordDir()
	if err != nil {
		return nil, "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, "", fmt.Errorf("record directory: %v", err)
	}
	base := filepath.Join(dir, prefix+time.Now().Format("-20060102-150405"))
	for n := 1; ; n++ {
		path = base + ".jsonl"
		if n > 1 {
			path = fmt.Sprintf("%s-%d.jsonl", base, n)
		}
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			return f, path, nil
		} else if !errors.Is(err, os.ErrExist) {
			return nil, "", fileError("record file", err)
		}
	}
}

// finish prints the end of a game, finished or not, and its review. A new
// game with no decision keeps no record.
func (s *session) finish(path, rules string, resumed bool) error {
	rec := s.rec.Record()
	if len(rec.Entries) == 0 && !resumed {
		fmt.Fprintln(s.out, "no decision made: no record kept")
		return os.Remove(path)
	}
	if len(rec.Entries) == 0 {
		fmt.Fprintf(s.out, "\nevery decision taken back: %s is empty\n", path)
		return nil
	}
	if s.sheet.Over() {
		fmt.Fprintf(s.out, "\ngame over: final score %d\n%s", s.sheet.Score(), s.sheet.Show())
	} else {
		fmt.Fprintf(s.out, "\ngame stopped before turn %d of %d, score %d\n", s.sheet.Turn(), s.g.Turns(), s.sheet.Score())
	}
	fmt.Fprintf(s.out, "%s from the start: %.2f\nrecord: %s (review it with: %s)\n\n",
		expectedName(s.adv.Note()), s.adv.Expected(), path, reviewCommand(path, rules))
	r, err := review.Review(rec, s.adv)
	if err != nil {
		return err
	}
	writeReview(s.out, r)
	return nil
}

// reviewCommand returns the command that reviews the record at path, of
// a game from the game file rules ("" for a built-in game), which the
// record is read with.
func reviewCommand(path, rules string) string {
	if rules == "" {
		return "dicepoker review " + path
	}
	return "dicepoker review --rules " + rules + " " + path
}

// roller rolls dice from a seeded generator, the same dice for the same
// seed. Its state can be copied and put back, for undo.
type roller struct {
	pcg *rand.PCG
	rng *rand.Rand
	cup *engine.Cup // the dice it rolls
}

// newRoller returns a roller of cup's dice, seeded with seed.
func newRoller(seed uint64, cup *engine.Cup) *roller {
	pcg := rand.NewPCG(seed, seed)
	return &roller{pcg: pcg, rng: rand.New(pcg), cup: cup}
}

// roll rolls the dice not in keep and returns all the cup's dice.
func (d *roller) roll(keep engine.Multiset) engine.Multiset {
	return d.cup.RollRest(keep, d.rng)
}
