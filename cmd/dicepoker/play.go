package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"time"

	"dicepoker/advice"
	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/record"
	"dicepoker/review"
	"dicepoker/strategy"
)

const playSummary = `Play a game in the terminal with the advisor as a coach. The program rolls
the dice (the same dice again with the same --seed), or with --manual you
type the dice you rolled. Type 'keep 3 3 5' or 'keep none' to reroll,
'score full-house' to write the dice in a box, 'hint' for the advisor's
ranking, 'sheet', 'help', 'quit'. Every decision is appended to the
record file as it is made; the game ends with the final score, the
optimal expected score and a review of every decision.`

// runPlay plays a game on the terminal.
func runPlay(args []string, stdout io.Writer) error { return play(args, os.Stdin, stdout) }

// play plays a game, reading the player's commands from in.
func play(args []string, in io.Reader, stdout io.Writer) error {
	fs := newFlagSet("play")
	gf := addGameFlags(fs)
	seed := fs.Uint64("seed", 0, "seed of the dice, to play the same dice again (default: from the clock, printed)")
	manual := fs.Bool("manual", false, "roll real dice and type what they show")
	coachOn := fs.Bool("coach", true, "after each move that is not the best, say the best and the points given up")
	recordFile := fs.String("record", "", "the record file to write (default: dicepoker-YYYYMMDD-HHMMSS.jsonl here)")
	tableFile := fs.String("table", "", "the strategy table to read (default: the tables directory)")
	if err := parseFlags(fs, args, stdout, "play --game G [options] [--seed S | --manual] [--coach=false] [--record FILE] [--table FILE]", playSummary); err != nil {
		return err
	}
	g, err := gf.build(fs)
	if err != nil {
		return err
	}
	if *manual && fs.Changed("seed") {
		return usagef("--seed chooses the program's dice; with --manual you roll your own")
	}
	sheet, err := coach.ParseSheet(g, "")
	if err != nil {
		return &usageError{err.Error()}
	}
	path := *recordFile
	if path == "" {
		path = time.Now().Format("dicepoker-20060102-150405.jsonl")
	}
	f, err := createRecord(path)
	if err != nil {
		return err
	}
	adv, err := advice.Advisor(opener(*tableFile), g)
	if err != nil {
		f.Close()
		os.Remove(path)
		return err
	}
	s := &session{g: g, adv: adv, in: bufio.NewScanner(in), out: stdout, coach: *coachOn,
		rec: record.NewWriter(f), sheet: sheet}
	fmt.Fprintf(stdout, "%s: %s\n%s from the start: %.2f\n", strategy.Describe(g), g.Describe(), expectedName(adv.Note()), adv.Expected())
	if note := adv.Note(); note != "" {
		fmt.Fprintf(stdout, "note: %s\n", note)
	}
	if !*manual {
		if !fs.Changed("seed") {
			*seed = uint64(time.Now().UnixNano())
		}
		s.rng = newRoller(*seed)
		fmt.Fprintf(stdout, "seed %d (play the same dice again with --seed %d)\n", *seed, *seed)
	}
	fmt.Fprintf(stdout, "record: %s\ntype 'help' for the commands\n", path)
	playErr := s.play()
	if err := f.Close(); playErr == nil {
		playErr = err
	}
	if playErr != nil {
		return playErr
	}
	return s.finish(path)
}

// createRecord creates a new record file, refusing to overwrite one.
func createRecord(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, os.ErrExist) {
		return nil, usagef("record file %s exists: choose another with --record", path)
	} else if err != nil {
		return nil, usagef("record file: %v", err)
	}
	return f, nil
}

// finish prints the end of a game, finished or not, and its review.
func (s *session) finish(path string) error {
	rec := s.rec.Record()
	if len(rec.Entries) == 0 {
		fmt.Fprintln(s.out, "no decision made: no record kept")
		return os.Remove(path)
	}
	if s.sheet.Over() {
		fmt.Fprintf(s.out, "\ngame over: final score %d\n%s", s.sheet.Score(), s.sheet.Show())
	} else {
		fmt.Fprintf(s.out, "\ngame stopped before turn %d of %d, score %d\n", s.sheet.Turn(), s.g.Turns(), s.sheet.Score())
	}
	fmt.Fprintf(s.out, "%s from the start: %.2f\nrecord: %s (review it with: dicepoker review %s)\n\n",
		expectedName(s.adv.Note()), s.adv.Expected(), path, path)
	r, err := review.Review(rec, s.adv)
	if err != nil {
		return err
	}
	writeReview(s.out, r)
	return nil
}

// roller rolls dice from a seeded generator, the same dice for the same seed.
type roller struct{ rng *rand.Rand }

func newRoller(seed uint64) *roller { return &roller{rand.New(rand.NewPCG(seed, seed))} }

// roll rolls the dice not in keep and returns the five dice.
func (d *roller) roll(keep engine.Multiset) engine.Multiset {
	return keep.RollRest(d.rng)
}
