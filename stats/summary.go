// Package stats follows a player across games: it judges the records of
// the games played (package record) and the answers of the quizzes
// (package quiz) in a history directory, keeps what each file came to in
// an index beside them so that a file is judged once, and sums them up by
// game: the games, the mean score, the mean loss per decision by kind of
// decision (keep or box, early or late turn), the costliest mistakes made
// more than once, and the trend from file to file.
package stats

import (
	"fmt"

	"dicepoker/engine"
	"dicepoker/quiz"
	"dicepoker/review"
	"dicepoker/words"
)

// Source names what a history file holds.
const (
	SourceGame = "game" // a game record, as play writes it
	SourceQuiz = "quiz" // a quiz's answers (quiz.WriteAnswer)
)

// Tally is decisions counted with the points they lost.
type Tally struct {
	Decisions int     `json:"n"`
	Loss      float64 `json:"loss"`
}

func (t *Tally) add(o Tally) { t.Decisions += o.Decisions; t.Loss += o.Loss }

// Mean returns the mean loss per decision, 0 for none.
func (t Tally) Mean() float64 {
	if t.Decisions == 0 {
		return 0
	}
	return t.Loss / float64(t.Decisions)
}

// Mistake is a decision that lost points, in words that group alike
// mistakes: "wrote small-straight instead of fives with the upper bonus
// in reach".
type Mistake struct {
	Text string  `json:"text"`
	Loss float64 `json:"loss"`
}

// Summary is what one history file came to: its source, game and score,
// its decisions' losses by sort and its mistakes. The index keeps one a
// file; Size and ModTime tell whether the file has changed since.
type Summary struct {
	File    string `json:"file"`
	Size    int64  `json:"size"`
	ModTime int64  `json:"mtime"` // Unix nanoseconds
	Source  string `json:"source"`
	Game    string `json:"game,omitempty"`
	Options string `json:"options,omitempty"`
	// Score and Complete: a game's sheet score after its last decision,
	// and whether the game was played to its end.
	Score    int                    `json:"score,omitempty"`
	Complete bool                   `json:"complete,omitempty"`
	Sorts    [len(quiz.Sorts)]Tally `json:"sorts"`
	Mistakes []Mistake              `json:"mistakes,omitempty"`
	Error    string                 `json:"error,omitempty"` // why the file could not be judged
}

// Total returns every decision of the summary with the points they lost.
func (s *Summary) Total() Tally {
	var t Tally
	for _, x := range s.Sorts {
		t.add(x)
	}
	return t
}

// add adds a judged decision to the summary.
func (s *Summary) add(it review.Item) {
	p := it.Entry.Position
	t := &s.Sorts[quiz.SortOf(quiz.KindOf(it.Actions[0].Action), quiz.Phase(p))] // KindOf and Phase give only Sorts
	t.Decisions++
	t.Loss += it.Loss
	if !it.Optimal() {
		s.Mistakes = append(s.Mistakes, Mistake{Text: MistakeText(it), Loss: it.Loss})
	}
}

// MistakeText says what a decision that lost points did, in words that
// group alike mistakes: the box written or the dice kept against the
// best, and, where an upper box was at stake with the upper bonus still
// in reach, that it was.
func MistakeText(it review.Item) string {
	p := it.Entry.Position
	best, taken := it.Actions[0], it.Actions[it.Taken]
	var text string
	switch {
	case taken.Box != "" && best.Box != "":
		text = fmt.Sprintf("wrote %s instead of %s", words.Box(taken.Action), words.Box(best.Action))
	case taken.Box != "":
		text = fmt.Sprintf("wrote %s instead of rerolling", words.Box(taken.Action))
	case best.Box != "":
		text = fmt.Sprintf("rerolled instead of writing %s", words.Box(best.Action))
	default:
		text = keptText(taken.Keep, best.Keep)
	}
	if quiz.UpperAtStake(p, best, taken) != "" {
		text += " with the upper bonus in reach"
	}
	return text
}

// keptText says what a keep did against the best keep: "kept 2 dice
// instead of 3", "rerolled all five instead of keeping 2".
func keptText(taken, best engine.Multiset) string {
	n, m := taken.Size(), best.Size()
	switch {
	case n == 0:
		return fmt.Sprintf("rerolled all five instead of keeping %d", m)
	case m == 0:
		return fmt.Sprintf("kept %d %s instead of rerolling all five", n, engine.Plural(n, "die", "dice"))
	case n == m:
		return fmt.Sprintf("kept the wrong %d %s", n, engine.Plural(n, "die", "dice"))
	}
	return fmt.Sprintf("kept %d %s instead of %d", n, engine.Plural(n, "die", "dice"), m)
}
