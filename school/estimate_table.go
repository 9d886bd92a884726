package school

import (
	"errors"
	"io/fs"
	"path/filepath"

	"dicepoker/engine"
	"dicepoker/strategy"
	"dicepoker/tables"
)

// estimateTag marks estimate tables in their header's options and name:
// the n-tuple estimate's with the load and bonus tuples and the School
// load and the bonuses by kind, its tables by spans read between two nodes
// of the turns left, fitted also on shaken sheets (some with the School
// closed) and greedy ones. The tags "estimate", "ntuple", "ntuple2",
// "ntuple3" and "ntuple4" mark estimates of other layouts: their files
// are left alone and never read as this one.
const estimateTag = "ntuple5"

// EstimatePath returns the estimate table file of g in directory dir.
func EstimatePath(dir string, g *engine.Game) string {
	return filepath.Join(dir, tables.FileName(g.Name, options(g, estimateTag)))
}

// Save writes the estimate's weights to path atomically, with the mean
// score it measured as the table's expected score.
func (e *Estimate) Save(path string) error {
	w := make([]float32, len(e.W))
	for i, v := range e.W {
		w[i] = float32(v)
	}
	return save(path, e.Game, estimateTag, e.Expected, w)
}

// LoadEstimate reads the estimate of school game g from path. A missing
// file gives an error for which errors.Is(err, fs.ErrNotExist) holds.
func LoadEstimate(path string, g *engine.Game) (*Estimate, error) {
	h, values, err := tables.Read(path, expect(g, estimateTag))
	if err != nil {
		return nil, err
	}
	return estimateOf(g, h, values, path)
}

// estimateOf returns the estimate of g whose table, read from where, has
// header h and values.
func estimateOf(g *engine.Game, h tables.Header, values []float32, where string) (*Estimate, error) {
	w := make([]float64, len(values))
	for i, v := range values {
		w[i] = float64(v)
	}
	e, err := NewEstimate(g, w)
	if err != nil {
		return nil, &tables.Error{Path: where, Err: tables.ErrCorrupt, Rebuild: expect(g, "").Rebuild, Reason: err.Error()}
	}
	e.Expected = h.Expected
	return e, nil
}

// Fit is how an estimate table is built: the training and the games that
// measure it.
type Fit struct {
	Train TrainOptions
	Games int // games that measure the estimate-based player
	// Progress, when set, is told now and then how much of the fit is
	// done, of its total: in seconds of the work as FitCost rates it, so
	// that the time left at the rate so far is honest.
	Progress func(done, total float64)
}

// DefaultFit returns the fit that builds g's estimate table. With one
// column, teacher are the exact values, and the estimate is fitted to
// them; else teacher is nil, and the estimate is fitted by rounds of play.
func DefaultFit(g *engine.Game, teacher Values, threads int) Fit {
	// 6,000 games a round: with three columns 6 points better than 3,000
	// on the same dice, and cheap with games played side by side and the
	// least squares' layout. Then 20,000 games of its own to calibrate.
	t := TrainOptions{Rounds: 40, Games: 6000, Seed: 1, Threads: threads, Lambda: 0.4, Average: 8, Calibrate: 20000}
	if teacher != nil {
		t = TrainOptions{Rounds: 4, Games: 400, Seed: 1, Threads: threads, Average: 2, Teacher: teacher}
	}
	return Fit{Train: t, Games: 2000}
}

// Build trains an estimate as f says and measures it.
func Build(g *engine.Game, f Fit) (*Estimate, error) {
	// The rounds, the calibration at the end of the training and the games
	// that measure the estimate, each by its share of the time.
	round, calibrate, measure := fitWork(g, f)
	total := round*float64(f.Train.Rounds) + calibrate + measure
	report := func(float64) {}
	if f.Progress != nil {
		report = func(done float64) { f.Progress(done, total) }
		each := f.Train.Progress
		f.Train.Progress = func(r int, e *Estimate) {
			if each != nil {
				each(r, e)
			}
			report(float64(r+1) * round)
		}
	}
	e, err := Train(g, f.Train)
	if err != nil {
		return nil, err
	}
	report(total - measure)
	scores := NewKernel(g).Simulate([]Player{e.After}, f.Games, f.Train.Seed+1<<32, f.Train.Threads)
	report(total)
	points := 0
	for _, s := range scores {
		points += s[0]
	}
	e.Expected = float64(points) / float64(len(scores))
	return e, nil
}

// OpenEstimate loads g's estimate table from dir, else the one that ships
// with the program for g's rules, read from shipped
// (ShippedFiles.Estimate), or, when there is neither, builds it with fit,
// saves it and returns it (tables.Open).
// notice, if not nil, is told before a build starts.
//
// The shipped estimate is not copied to dir: it loads as fast from the
// program, and a copy would go on shadowing the estimate a later version
// of the program ships under the same name. A table in dir (a refit by
// solve) comes first.
func OpenEstimate(dir string, g *engine.Game, shipped ShippedFiles, fit func() (Fit, error), notice func(msg string)) (*Estimate, error) {
	path := EstimatePath(dir, g)
	load := func(path string) (*Estimate, error) {
		e, err := LoadEstimate(path, g)
		if errors.Is(err, fs.ErrNotExist) {
			if s, serr := shipped.Estimate(g); !errors.Is(serr, fs.ErrNotExist) {
				return s, serr
			}
		}
		return e, err
	}
	build := func() (*Estimate, error) {
		f, err := fit()
		if err != nil {
			return nil, err
		}
		// Told here, where the fit and so its cost are known.
		if notice != nil {
			notice("no estimate table for " + strategy.Describe(g) + " yet: fitting it once (" + FitCost(g, f).String() + ") and saving it to " + path)
		}
		return Build(g, f)
	}
	return tables.Open(path, load, build, nil, nil)
}
