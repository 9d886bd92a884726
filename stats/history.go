package stats

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/internal/atomicfile"
	"dicepoker/quiz"
	"dicepoker/record"
	"dicepoker/review"
)

// A history directory holds the player's files, each a .jsonl: game
// records (record) and, named QuizPrefix..., quizzes' answers (quiz).
// Beside them IndexName keeps each file's Summary, a JSON line each,
// appended as files are judged: a file is judged again only when its
// size or time changes. The index is a cache of what the files say: a
// line it cannot read, cut short by a crash or damaged, is left out and
// its file judged again; the records themselves are never written here.

// QuizPrefix starts the names of the answers files of quizzes.
const QuizPrefix = "quiz-"

// IndexName is the name of the index in a history directory.
const IndexName = "stats-index.json-lines"

// AdvisorOf returns the advisor that judges the decisions of game g.
type AdvisorOf func(g *engine.Game) (coach.Advisor, error)

// Load returns the summary of every history file in dir, oldest first
// (by time, then name): from the index where the file has not changed,
// else judged afresh with the advisors of advisor and added to the
// index. A missing directory is an empty history.
func Load(dir string, advisor AdvisorOf) ([]Summary, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	indexPath := filepath.Join(dir, IndexName)
	known, lines, err := readIndex(indexPath)
	if err != nil {
		return nil, err
	}
	advisors := map[string]coach.Advisor{}
	cached := func(g *engine.Game) (coach.Advisor, error) {
		key := g.Name + "|" + g.Options.String()
		if a, ok := advisors[key]; ok {
			return a, nil
		}
		a, err := advisor(g)
		if err == nil {
			advisors[key] = a
		}
		return a, err
	}
	var out, fresh []Summary
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".jsonl") {
			continue
		}
		info, err := e.Info()
		if err != nil || !info.Mode().IsRegular() {
			continue // gone since the listing, or not a file
		}
		s, ok := known[e.Name()]
		if !ok || s.Size != info.Size() || s.ModTime != info.ModTime().UnixNano() {
			s, err = Judge(filepath.Join(dir, e.Name()), cached)
			if err != nil {
				return nil, err
			}
			s.File, s.Size, s.ModTime = e.Name(), info.Size(), info.ModTime().UnixNano()
			fresh = append(fresh, s)
		}
		out = append(out, s)
	}
	if len(fresh) > 0 {
		if err := updateIndex(indexPath, out, fresh, lines); err != nil {
			return nil, err
		}
	}
	slices.SortFunc(out, func(a, b Summary) int {
		if a.ModTime != b.ModTime {
			if a.ModTime < b.ModTime {
				return -1
			}
			return 1
		}
		return strings.Compare(a.File, b.File)
	})
	return out, nil
}

// readIndex returns the summaries of the index at path by file, the last
// line of a file winning, and the count of its lines; lines that do not
// read are left out.
func readIndex(path string) (map[string]Summary, int, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]Summary{}, 0, nil
	} else if err != nil {
		return nil, 0, err
	}
	known := map[string]Summary{}
	lines := 0
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		lines++
		var s Summary
		if json.Unmarshal(sc.Bytes(), &s) == nil && s.File != "" {
			known[s.File] = s
		}
	}
	return known, lines, nil
}

// updateIndex appends the fresh summaries to the index at path, a line
// each in one write; an index that has grown past twice the files it
// speaks of (all) is written anew, whole, in their place.
func updateIndex(path string, all, fresh []Summary, lines int) error {
	if lines+len(fresh) > 2*len(all)+16 {
		var b bytes.Buffer
		for _, s := range all {
			if err := appendLine(&b, s); err != nil {
				return err
			}
		}
		return atomicfile.WriteFile(path, b.Bytes(), 0o644)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	// A line cut short by a crash, with no newline, must not run into the
	// next: start on a line of its own.
	if info, err := f.Stat(); err == nil && info.Size() > 0 {
		var last [1]byte
		if _, err := f.ReadAt(last[:], info.Size()-1); err == nil && last[0] != '\n' {
			if _, err := f.Write([]byte{'\n'}); err != nil {
				f.Close()
				return err
			}
		}
	}
	for _, s := range fresh {
		var b bytes.Buffer
		if err := appendLine(&b, s); err != nil {
			f.Close()
			return err
		}
		if _, err := f.Write(b.Bytes()); err != nil {
			f.Close()
			return err
		}
	}
	return f.Close()
}

func appendLine(b *bytes.Buffer, s Summary) error {
	line, err := json.Marshal(s)
	if err != nil {
		return err
	}
	b.Write(line)
	b.WriteByte('\n')
	return nil
}

// Judge reads the history file at path, a game record or, named
// QuizPrefix..., a quiz's answers, and judges its decisions with the
// advisors of advisor. A file that is not a record it can judge comes
// back with Error set; an advisor that cannot be opened is an error.
func Judge(path string, advisor AdvisorOf) (Summary, error) {
	s := Summary{Source: SourceGame}
	if strings.HasPrefix(filepath.Base(path), QuizPrefix) {
		s.Source = SourceQuiz
	}
	data, err := os.ReadFile(path)
	if err != nil {
		s.Error = err.Error()
		return s, nil
	}
	var entries []record.Entry
	var final coach.Sheet
	if s.Source == SourceQuiz {
		a, err := quiz.ReadAnswers(bytes.NewReader(data), path)
		if err != nil {
			s.Error = err.Error()
			return s, nil
		}
		entries = a.Entries
	} else {
		rec, err := record.Read(bytes.NewReader(data), path)
		if err != nil {
			s.Error = err.Error()
			return s, nil
		}
		entries, final = rec.Entries, rec.Final()
	}
	g := entries[0].Position.Game
	s.Game, s.Options = g.Name, g.Options.String()
	if final != nil {
		s.Score, s.Complete = final.Score(), final.Over()
	}
	for _, e := range entries {
		adv, err := advisor(e.Position.Game)
		if err != nil {
			return Summary{}, err
		}
		it, err := review.Judge(adv, e)
		if err != nil {
			s.Error = err.Error()
			return s, nil
		}
		s.add(it)
	}
	return s, nil
}
