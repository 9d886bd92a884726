package stats

import (
	"cmp"
	"slices"

	"dicepoker/quiz"
)

// GameStats sums up the history of one game (its name and options).
type GameStats struct {
	Game    string
	Options string
	// Games counts the game records, Complete those played to the end,
	// MeanScore their mean final score (0 with none).
	Games, Complete int
	MeanScore       float64
	Quizzes         int // answers files
	Total           Tally
	Sorts           [len(quiz.Sorts)]Tally
	// Mistakes are the mistakes made more than once, the costliest in
	// all first, at most MaxMistakes.
	Mistakes []Repeated
	// Trend is each file's mean loss per decision, oldest first, with
	// whether it was a quiz.
	Trend []Point
}

// Repeated is a mistake made more than once: how often and the points
// lost in all.
type Repeated struct {
	Text  string
	Count int
	Loss  float64
}

// Point is one file of the trend.
type Point struct {
	File     string
	Source   string
	MeanLoss float64
}

// MaxMistakes is how many repeated mistakes Sum keeps a game.
const MaxMistakes = 5

// Sum sums up summaries, oldest first, by game: only game (a name) when
// it is not "", and then only its options when options is not nil. The
// games come in the order of their first file; the summaries of files
// that could not be judged (Error) are left out.
func Sum(summaries []Summary, game string, options *string) []GameStats {
	var out []*GameStats
	byKey := map[string]*GameStats{}
	mistakes := map[string]map[string]*Repeated{}
	for _, s := range summaries {
		if s.Error != "" || game != "" && (s.Game != game || options != nil && s.Options != *options) {
			continue
		}
		key := s.Game + "|" + s.Options
		gs := byKey[key]
		if gs == nil {
			gs = &GameStats{Game: s.Game, Options: s.Options}
			byKey[key], mistakes[key] = gs, map[string]*Repeated{}
			out = append(out, gs)
		}
		if s.Source == SourceQuiz {
			gs.Quizzes++
		} else {
			gs.Games++
			if s.Complete {
				gs.Complete++
				gs.MeanScore += float64(s.Score)
			}
		}
		for i, t := range s.Sorts {
			gs.Sorts[i].add(t)
			gs.Total.add(t)
		}
		for _, m := range s.Mistakes {
			r := mistakes[key][m.Text]
			if r == nil {
				r = &Repeated{Text: m.Text}
				mistakes[key][m.Text] = r
			}
			r.Count++
			r.Loss += m.Loss
		}
		if t := s.Total(); t.Decisions > 0 {
			gs.Trend = append(gs.Trend, Point{File: s.File, Source: s.Source, MeanLoss: t.Mean()})
		}
	}
	res := make([]GameStats, len(out))
	for i, gs := range out {
		if gs.Complete > 0 {
			gs.MeanScore /= float64(gs.Complete)
		}
		for _, r := range mistakes[gs.Game+"|"+gs.Options] {
			if r.Count > 1 {
				gs.Mistakes = append(gs.Mistakes, *r)
			}
		}
		slices.SortFunc(gs.Mistakes, func(a, b Repeated) int {
			return cmp.Or(cmp.Compare(b.Loss, a.Loss), cmp.Compare(a.Text, b.Text))
		})
		gs.Mistakes = gs.Mistakes[:min(len(gs.Mistakes), MaxMistakes)]
		res[i] = *gs
	}
	return res
}

// Unreadable returns the summaries of the files that could not be judged.
func Unreadable(summaries []Summary) []Summary {
	var out []Summary
	for _, s := range summaries {
		if s.Error != "" {
			out = append(out, s)
		}
	}
	return out
}
