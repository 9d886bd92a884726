package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"

	"dicepoker/advice"
	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/record"
	"dicepoker/review"
	"dicepoker/words"
)

// session is a game being played: the dialogue of play.
type session struct {
	g     *engine.Game
	terms coach.Terms // what the game's sheet calls its places and marks
	adv   coach.Advisor
	in    *bufio.Scanner
	out   io.Writer
	rng   *roller // nil: the player types the dice (--manual)
	coach bool
	hints bool // the advice is shown before every decision, unasked
	rec   *record.Writer
	sheet coach.Sheet
	// rngAt[i] is the dice generator's state when decision first+i of the
	// record was made, for undo to roll the same dice again; first is
	// the decisions the record held when the session began (a resumed
	// game), which were rolled by another generator.
	rngAt []rand.PCG
	first int
}

// errQuit ends a game early: the player quit or the input ended.
var errQuit = errors.New("quit")

// errUndo asks to take back the last decision.
var errUndo = errors.New("undo")

// lineWidth is the width that play's prose is wrapped to.
const lineWidth = 80

// play plays from position p until the sheet is full or the player quits:
// each decision is recorded, judged by the coach and followed by the
// next roll or turn; undo goes back to the position of the last one.
func (s *session) play(p coach.Position) error {
	turn := 0                   // the turn whose header was shown
	var changed engine.Multiset // the dice the last reroll changed
	for {
		if t := p.Sheet.Turn(); t != turn {
			turn = t
			fmt.Fprintf(s.out, "\nturn %d of %d, score %d\n%s", t, s.g.Turns(), p.Sheet.Score(), p.Sheet.Show())
		}
		fmt.Fprintf(s.out, "roll %d of %d: %s\n", s.g.Rolls-p.RollsLeft, s.g.Rolls, s.marked(p.Dice, changed))
		a, m, err := s.ask(p)
		if errors.Is(err, errUndo) {
			if back, ok := s.undo(); ok {
				p, changed = back, engine.Multiset{}
			}
			continue
		}
		if err == errQuit {
			return nil
		} else if err != nil {
			return err
		}
		if s.rng != nil {
			s.rngAt = append(s.rngAt, *s.rng.pcg)
		}
		if err := s.rec.Write(p, a); err != nil {
			return fmt.Errorf("record: %v", err)
		}
		switch {
		case m.Detail != "":
			fmt.Fprintf(s.out, "%s %s%s\n", a.Box, m.Detail, advice.BonusText(m.Bonus))
		case a.Box != "":
			fmt.Fprintf(s.out, "%s: %d %s%s\n", a.Box, m.Points, engine.Plural(m.Points, "point", "points"), advice.BonusText(m.Bonus))
		}
		if err := s.coachLine(p, a); err != nil {
			return err
		}
		if a.Box != "" {
			s.sheet = m.Next
			if s.sheet.Over() {
				return nil
			}
			p, changed = coach.Position{Game: s.g, Sheet: s.sheet, RollsLeft: s.g.Rolls - 1, Fresh: true}, engine.Multiset{}
			if p.Dice, err = s.roll(engine.Multiset{}); err != nil {
				return quitted(err)
			}
			continue
		}
		if p.Dice, err = s.roll(a.Keep); err != nil {
			return quitted(err)
		}
		p.RollsLeft--
		p.Fresh = a.Keep.Size() == 0
		changed = p.Dice.Minus(a.Keep)
	}
}

// quitted is nil for errQuit, the end of a game the player stopped.
func quitted(err error) error {
	if err == errQuit {
		return nil
	}
	return err
}

// marked writes dice with a * after each of those in changed, the dice a
// reroll brought: "1* 3 3 3* 6*".
func (s *session) marked(dice, changed engine.Multiset) string {
	var parts []string
	for face := 1; face <= engine.Faces; face++ {
		die := string(s.g.Letters[face-1])
		for i := range dice.Count(face) {
			if i < changed.Count(face) {
				parts = append(parts, die+"*")
			} else {
				parts = append(parts, die)
			}
		}
	}
	text := strings.Join(parts, " ")
	if changed.Size() > 0 {
		text += "  (* rerolled)"
	}
	return text
}

// undo takes back the last decision of the record and returns its
// position, the dice as they were; a seeded game's generator goes back
// to where it was then, so the same move rolls the same dice again.
func (s *session) undo() (coach.Position, bool) {
	e, err := s.rec.Undo()
	if err != nil {
		s.say("nothing to undo: %v", err)
		return coach.Position{}, false
	}
	// n is the decision's number, from 0. One made before a resumed
	// session was rolled by another generator: there is none to put back,
	// and the session's decisions now start at it.
	n := len(s.rec.Record().Entries)
	s.first = min(s.first, n)
	if i := n - s.first; i < len(s.rngAt) {
		*s.rng.pcg = s.rngAt[i]
		s.rngAt = s.rngAt[:i]
	}
	s.sheet = e.Position.Sheet
	s.say("took back %s (turn %d, roll %d of %d)", words.Text(s.g, e.Action), e.Position.Sheet.Turn(), s.g.Rolls-e.Position.RollsLeft, s.g.Rolls)
	return e.Position, true
}

// say writes a line of prose, wrapped at lineWidth.
func (s *session) say(format string, args ...any) {
	fmt.Fprintln(s.out, wrap(fmt.Sprintf(format, args...), lineWidth))
}

// wrap breaks each line of text between words so that no line is longer
// than width, unless one word is; continued lines are indented by two
// spaces.
func wrap(text string, width int) string {
	var b strings.Builder
	for i, line := range strings.Split(text, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		n := 0
		for j, word := range strings.Fields(line) {
			switch {
			case j == 0:
			case n+1+len(word) > width:
				b.WriteString("\n  ")
				n = 2
			default:
				b.WriteByte(' ')
				n++
			}
			b.WriteString(word)
			n += len(word)
		}
	}
	return b.String()
}

// coachLine says, with the coach on, what the best was when action a
// taken in p was not.
func (s *session) coachLine(p coach.Position, a coach.Action) error {
	if !s.coach {
		return nil
	}
	it, err := review.Judge(s.adv, record.Entry{Position: p, Action: a})
	if err != nil || it.Optimal() {
		return err
	}
	s.say("coach: the best was %s; that gave up %.2f points", s.ranking(p, it.Actions).Describe(0), it.Loss)
	return nil
}

func (s *session) ranking(p coach.Position, actions []coach.Option) *advice.Ranking {
	return &advice.Ranking{Game: s.g, SheetScore: p.Sheet.Score(), RollsLeft: p.RollsLeft, Fresh: p.Fresh, Dice: p.Dice, Actions: actions, Note: s.adv.Note()}
}

// line reads the next line of input after a prompt; errQuit at its end.
func (s *session) line(prompt string) (string, error) {
	fmt.Fprint(s.out, prompt)
	if !s.in.Scan() {
		if err := s.in.Err(); err != nil {
			fmt.Fprintf(s.out, "\ncannot read the input (%v): the game stops here\n", err)
		} else {
			fmt.Fprintln(s.out, "\nend of input: the game stops here")
		}
		return "", errQuit
	}
	return strings.TrimSpace(s.in.Text()), nil
}

// ask reads commands until the player chooses a legal action in p, and
// returns it with its move when it writes a box.
func (s *session) ask(p coach.Position) (coach.Action, coach.Move, error) {
	if s.hints {
		s.shownHint(p)
	}
	for {
		text, err := s.line("> ")
		if err != nil {
			return coach.Action{}, coach.Move{}, err
		}
		word, rest, _ := strings.Cut(text, " ")
		rest = strings.TrimSpace(rest)
		var a coach.Action
		switch strings.ToLower(word) {
		case "":
			continue
		case "keep", "score", "cross":
			if a, _, err = words.Parse(p, s.terms, text); err != nil {
				fmt.Fprintf(s.out, "%v\n", err)
				continue
			}
		case "hint":
			s.hintCommand(p, rest)
			continue
		case "undo":
			return a, coach.Move{}, errUndo
		default:
			if err := s.command(text); err != nil {
				return a, coach.Move{}, err
			}
			continue
		}
		m, err := coach.Check(p, a)
		if err != nil {
			s.say("not allowed: %v", err)
			continue
		}
		if ok, err := s.confirm(p, m); err != nil || !ok {
			if err != nil {
				return a, m, err
			}
			fmt.Fprintln(s.out, "not written: choose again")
			continue
		}
		return a, m, nil
	}
}

// confirm asks before move m writes a zero in p while another box
// scores more, and reports whether the player wants it all the same.
func (s *session) confirm(p coach.Position, m coach.Move) (bool, error) {
	better, most := betterThanZero(p, m)
	if better == "" {
		return true, nil
	}
	answer, err := s.line(fmt.Sprintf("%s gets %d, but %s scores %d: write %d in %s? (yes/no) ", m.Box, m.Points, better, most, m.Points, m.Box))
	return strings.HasPrefix(strings.ToLower(answer), "y"), err
}

// betterThanZero returns, when move m writes a zero in p, the box that
// scores the most there, with its points and bonus, if that is more than
// m's; else "".
func betterThanZero(p coach.Position, m coach.Move) (string, int) {
	if !m.Zero {
		return "", 0
	}
	better, most := "", m.Points+m.Bonus
	for _, c := range p.Game.Categories {
		if alt, err := coach.Check(p, coach.Action{Box: c.Name}); err == nil && alt.Points+alt.Bonus > most {
			better, most = c.Name, alt.Points+alt.Bonus
		}
	}
	return better, most
}

// command runs the commands that take no action: sheet, help, quit.
func (s *session) command(text string) error {
	switch strings.ToLower(text) {
	case "sheet":
		fmt.Fprint(s.out, s.sheet.Show())
		s.legend()
	case "help", "?":
		s.help()
	case "quit", "exit":
		return errQuit
	default:
		fmt.Fprintf(s.out, "unknown command %s: type 'help' for the commands\n", engine.Quote(text))
	}
	return nil
}

func (s *session) help() {
	names := make([]string, len(s.g.Categories))
	for i, c := range s.g.Categories {
		names[i] = c.Name
	}
	fmt.Fprintf(s.out, `commands:
  keep 3 3 5     keep those dice and reroll the others (keep none: reroll all %s)
%s  hint           the advisor's ranking of every action (hint all: every one)
  hint always    show the advice before every decision (hint off: only when asked)
  undo           take back the last decision (a seeded game rolls the same dice again)
  sheet          show the sheet
  quit           stop here; the record keeps what was played
`, s.g.Cup().DiceWord(), s.terms.Write)
	s.say("dice are %s; %s: %s", diceNames(s.g), s.terms.Boxes, strings.Join(names, " "))
	s.legend()
}

// legend explains the marks of the sheet, where it has marks.
func (s *session) legend() {
	if s.terms.Legend != "" {
		s.say("%s", s.terms.Legend)
	}
}

func diceNames(g *engine.Game) string {
	if g.Letters == engine.DigitFaces {
		return "1 to 6"
	}
	return fmt.Sprintf("%s or 1 to 6", strings.Join(strings.Split(g.Letters, ""), " "))
}

// shownHints is how many actions the advice shown before every decision
// ranks (hint shows ten), and moreHints says how to see the others.
const (
	shownHints = 3
	moreHints  = "hint: the first ten, hint all: every one"
)

// hintCommand runs the hint command with its argument: "" ranks the first
// ten actions of p, "all" every one, "always" shows the advice before
// every decision from now on (from p), "off" only when asked.
func (s *session) hintCommand(p coach.Position, arg string) {
	switch strings.ToLower(arg) {
	case "":
		s.hint(p, 10, "hint all: every one")
	case "all":
		s.hint(p, 0, "")
	case "always":
		s.hints = true
		s.say("hints on: the advice comes before every decision ('hint off' stops it)")
		s.shownHint(p)
	case "off":
		s.hints = false
		s.say("hints off: type 'hint' for the advice ('hint always' shows it again)")
	default:
		fmt.Fprintf(s.out, "unknown hint %s: say 'hint', 'hint all', 'hint always' or 'hint off'\n", engine.Quote(arg))
	}
}

// hint prints the advisor's ranking of p's actions: the first limit, every
// one when limit is 0, with a line for the rest that says how to see them.
func (s *session) hint(p coach.Position, limit int, rest string) {
	if r := s.rankingOf(p); r != nil {
		writeRanking(s.out, r, limit, rest)
	}
}

// shownHint prints the advice shown before every decision: hint's first
// shownHints actions, without the advisor's note, which the game's start
// gives once.
func (s *session) shownHint(p coach.Position) {
	if r := s.rankingOf(p); r != nil {
		r.Note = ""
		writeRanking(s.out, r, shownHints, moreHints)
	}
}

// rankingOf returns the advisor's ranking of p's actions, or nil when it
// has none, having said why.
func (s *session) rankingOf(p coach.Position) *advice.Ranking {
	actions, err := s.adv.Actions(p)
	if err != nil {
		fmt.Fprintf(s.out, "no hint: %v\n", err)
		return nil
	}
	return s.ranking(p, actions)
}

// roll returns the game's dice after rerolling those not in keep: rolled
// by the program, or typed by the player with --manual.
func (s *session) roll(keep engine.Multiset) (engine.Multiset, error) {
	cup := s.g.Cup()
	if s.rng != nil {
		return s.rng.roll(keep), nil
	}
	dice, word := cup.Dice(), cup.DiceWord()
	n := dice - keep.Size()
	ask := "roll the " + word + " dice and type them"
	if n < dice {
		ask = fmt.Sprintf("keep %s, reroll %d %s and type %s (or all %s dice)",
			spaced(keep, s.g.Letters), n, engine.Plural(n, "die", "dice"), engine.Plural(n, "its value", "their values"), word)
	}
	fmt.Fprintln(s.out, ask)
	for {
		text, err := s.line("dice> ")
		if err != nil {
			return keep, err
		}
		m, err := s.g.ParseKeep(text)
		switch {
		case err != nil && slices.Contains([]string{"sheet", "help", "?", "quit", "exit"}, strings.ToLower(text)):
			if err := s.command(text); err != nil {
				return keep, err
			}
		case err != nil:
			fmt.Fprintf(s.out, "%v: type the dice you rolled (or quit)\n", err)
		case m.Size() == n:
			for f := range m {
				m[f] += keep[f]
			}
			return m, nil
		case m.Size() == dice && m.Contains(keep):
			return m, nil
		case m.Size() == dice:
			fmt.Fprintf(s.out, "those %s dice do not hold the dice kept, %s\n", word, spaced(keep, s.g.Letters))
		default:
			fmt.Fprintf(s.out, "type %d %s, or all %s\n", n, engine.Plural(n, "die", "dice"), word)
		}
	}
}
