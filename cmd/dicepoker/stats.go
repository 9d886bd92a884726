package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"dicepoker/advice"
	"dicepoker/chart"
	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/quiz"
	"dicepoker/stats"
	"dicepoker/strategy"
)

const statsSummary = `Your skill over time: the records of the games played with play and the
answers of the quizzes, in the user's data directory (or --dir), summed up
by game: the games and their mean final score, the mean loss per decision
split by kind (a keep or a box by the best action, early or late by the
turn), the costliest mistakes made more than once, and the trend from file
to file, as a chart with --png. Each file is judged once: an index beside
them (stats-index.json-lines) keeps what each came to, and only new or
changed files are judged again, with the strategy tables of the tables
directory.`

// runStats sums up the history of games and quizzes.
func runStats(e env, args []string, stdout io.Writer) error {
	fs, gf := newGameFlagSet("stats")
	dirFlag := fs.String("dir", "", "the history directory (default: $XDG_DATA_HOME/dicepoker or ~/.local/share/dicepoker, where play and quiz write)")
	png := addOutputFlag(fs, "png", "also draw the trend, each file's mean loss per decision, as a PNG (or, named .svg, SVG) picture in this file")
	asJSON := addJSONFlag(fs)
	g, err := gf.parse(fs, args, stdout, "stats [--game G] [game options] [--dir DIR] [--png FILE] [--json]", statsSummary)
	if err != nil {
		return err
	}
	dir := *dirFlag
	if dir == "" {
		if dir, err = e.recordDir(); err != nil {
			return err
		}
	} else if info, err := os.Stat(dir); err != nil {
		return fileError("--dir", err)
	} else if !info.IsDir() {
		return usagef("--dir %s is not a directory", quotedName(dir))
	}
	o := e.opened("")
	o.Mapped = true
	summaries, err := stats.Load(dir, func(g *engine.Game) (coach.Advisor, error) { return advice.Advisor(o, g) })
	if err != nil {
		return err
	}
	var game string
	var options *string
	if fs.Changed("game") {
		opts := g.Options.String()
		game, options = g.Name, &opts
	}
	sums := stats.Sum(summaries, game, options)
	if *png != "" {
		if err := trendChart(*png, sums); err != nil {
			return err
		}
	}
	if *asJSON {
		return writeJSON(stdout, statsJSON(dir, sums, stats.Unreadable(summaries)))
	}
	writeStats(stdout, dir, sums, stats.Unreadable(summaries))
	return nil
}

// trendWindow is how many files the trend's running mean spans, and
// trendPoints the most points a curve of the chart has: a longer trend is
// drawn by groups of files, each point the mean of its group (the
// picture's lines take time that grows faster than their points).
const (
	trendWindow = 10
	trendPoints = 100
)

// trendChart draws each game's trend, file by file, in file; with one
// game, also its running mean over trendWindow files. A history of more
// than trendPoints files is drawn in groups of files.
func trendChart(file string, sums []stats.GameStats) error {
	longest := 0
	for _, s := range sums {
		longest = max(longest, len(s.Trend))
	}
	group := (longest + trendPoints - 1) / trendPoints
	var series []chart.Series
	for _, s := range sums {
		y := make([]float64, len(s.Trend))
		for i, p := range s.Trend {
			y[i] = p.MeanLoss
		}
		if len(sums) == 1 && group == 1 && len(y) >= trendWindow {
			series = append(series, chart.Series{Name: describeRules(s.Game, s.Options), Y: y},
				chart.Series{Name: fmt.Sprintf("mean of the last %d", trendWindow), Y: running(y, trendWindow)})
			continue
		}
		series = append(series, chart.Series{Name: describeRules(s.Game, s.Options), Y: grouped(y, group)})
	}
	if len(series) == 0 {
		return usagef("--png: no games or quizzes to draw")
	}
	x := "game or quiz, oldest first"
	if group > 1 {
		x = fmt.Sprintf("groups of %d games or quizzes, oldest first", group)
	}
	if err := chart.Lines(file, "mean loss per decision, game by game", x, "points lost per decision", 1, series...); err != nil {
		return fileError("--png", err)
	}
	return nil
}

// grouped returns the mean of each group of n values, the last group
// what is left.
func grouped(y []float64, n int) []float64 {
	var out []float64
	for lo := 0; lo < len(y); lo += n {
		hi := min(lo+n, len(y))
		sum := 0.0
		for _, v := range y[lo:hi] {
			sum += v
		}
		out = append(out, sum/float64(hi-lo))
	}
	return out
}

// running returns the mean of each value with the window-1 before it
// (fewer at the start).
func running(y []float64, window int) []float64 {
	out := make([]float64, len(y))
	sum := 0.0
	for i, v := range y {
		sum += v
		if i >= window {
			sum -= y[i-window]
		}
		out[i] = sum / float64(min(i+1, window))
	}
	return out
}

// describeRules names a game and its options as strategy.Describe does.
func describeRules(game, options string) string {
	opts, err := engine.ParseOptions(options)
	if err != nil {
		return game
	}
	g, err := engine.New(game, opts)
	if err != nil {
		return game
	}
	return strategy.Describe(g)
}

// writeStats prints the sums of the history in dir, a section a game.
func writeStats(w io.Writer, dir string, sums []stats.GameStats, unreadable []stats.Summary) {
	fmt.Fprintf(w, "history: %s\n", dir)
	if len(sums) == 0 {
		fmt.Fprintln(w, "no games or quizzes yet: play (dicepoker play) or take a quiz (dicepoker quiz)")
	}
	for _, s := range sums {
		fmt.Fprintf(w, "\n%s: %d %s", describeRules(s.Game, s.Options), s.Games, engine.Plural(s.Games, "game", "games"))
		if s.Complete > 0 {
			fmt.Fprintf(w, " (%d played to the end, mean score %.1f)", s.Complete, s.MeanScore)
		}
		fmt.Fprintf(w, ", %d %s\n", s.Quizzes, engine.Plural(s.Quizzes, "quiz", "quizzes"))
		fmt.Fprintf(w, "mean loss per decision %.3f over %d decisions\n", s.Total.Mean(), s.Total.Decisions)
		fmt.Fprintf(w, "  %-6s %20s %20s\n", "", "early turns", "late turns")
		for _, kind := range []string{"keep", "box"} {
			fmt.Fprintf(w, "  %-6s", kind)
			for _, phase := range []string{"early", "late"} {
				t := s.Sorts[quiz.SortOf(kind, phase)]
				fmt.Fprintf(w, " %20s", fmt.Sprintf("%.3f (%d)", t.Mean(), t.Decisions))
			}
			fmt.Fprintln(w)
		}
		if len(s.Mistakes) > 0 {
			fmt.Fprintln(w, "costliest repeated mistakes:")
			for _, m := range s.Mistakes {
				fmt.Fprintf(w, "  %7.2f points in %d: %s\n", m.Loss, m.Count, m.Text)
			}
		}
		if len(s.Trend) > 1 {
			fmt.Fprintf(w, "trend, mean loss per decision by tenth of the history, oldest first: %s\n", tenths(s.Trend))
		}
	}
	for _, u := range unreadable {
		fmt.Fprintln(w, wrap(fmt.Sprintf("left out: %s: %s", u.File, u.Error), lineWidth))
	}
}

// tenths writes the mean of each tenth of a trend (of each point where
// it has fewer than ten).
func tenths(trend []stats.Point) string {
	y := make([]float64, len(trend))
	for i, p := range trend {
		y[i] = p.MeanLoss
	}
	var out []string
	for i := range 10 {
		lo, hi := i*len(y)/10, (i+1)*len(y)/10
		if lo < hi {
			out = append(out, fmt.Sprintf("%.2f", grouped(y[lo:hi], hi-lo)[0]))
		}
	}
	return strings.Join(out, " ")
}

// statsJSON returns the object stats --json prints.
func statsJSON(dir string, sums []stats.GameStats, unreadable []stats.Summary) any {
	type sortJSON struct {
		Kind      string  `json:"kind"`
		Phase     string  `json:"phase"`
		Decisions int     `json:"decisions"`
		MeanLoss  float64 `json:"mean_loss"`
	}
	type mistakeJSON struct {
		Text  string  `json:"text"`
		Count int     `json:"count"`
		Loss  float64 `json:"loss"`
	}
	type pointJSON struct {
		File     string  `json:"file"`
		Source   string  `json:"source"`
		MeanLoss float64 `json:"mean_loss"`
	}
	type gameJSON struct {
		Game      string        `json:"game"`
		Rules     string        `json:"rules"`
		Games     int           `json:"games"`
		Complete  int           `json:"complete"`
		MeanScore float64       `json:"mean_score"`
		Quizzes   int           `json:"quizzes"`
		Decisions int           `json:"decisions"`
		MeanLoss  float64       `json:"mean_loss"`
		Sorts     []sortJSON    `json:"by_decision"`
		Mistakes  []mistakeJSON `json:"mistakes"`
		Trend     []pointJSON   `json:"trend"`
	}
	type fileJSON struct {
		File  string `json:"file"`
		Error string `json:"error"`
	}
	games := make([]gameJSON, len(sums))
	for i, s := range sums {
		gj := gameJSON{Game: s.Game, Rules: s.Options, Games: s.Games, Complete: s.Complete, MeanScore: s.MeanScore, Quizzes: s.Quizzes,
			Decisions: s.Total.Decisions, MeanLoss: s.Total.Mean(), Mistakes: []mistakeJSON{}, Trend: make([]pointJSON, len(s.Trend))}
		for j, x := range quiz.Sorts {
			gj.Sorts = append(gj.Sorts, sortJSON{x.Kind, x.Phase, s.Sorts[j].Decisions, s.Sorts[j].Mean()})
		}
		for _, m := range s.Mistakes {
			gj.Mistakes = append(gj.Mistakes, mistakeJSON(m))
		}
		for j, p := range s.Trend {
			gj.Trend[j] = pointJSON(p)
		}
		games[i] = gj
	}
	left := make([]fileJSON, len(unreadable))
	for i, u := range unreadable {
		left[i] = fileJSON{u.File, u.Error}
	}
	return struct {
		Dir        string     `json:"dir"`
		ByGame     []gameJSON `json:"by_game"`
		Unreadable []fileJSON `json:"unreadable"`
	}{dir, games, left}
}
