package lanes

import (
	"testing"

	"dicepoker/engine"
)

// benchKeeps returns keep values with roll entries set to distinct values.
func benchKeeps() *Keeps {
	var v Keeps
	for r := range engine.NumRolls {
		v[engine.FirstRollKeep+r] = float64((r*37)%101) + 0.125*float64(r%7)
	}
	return &v
}

// BenchmarkKeepValues measures one pass of keep means.
func BenchmarkKeepValues(b *testing.B) {
	v := benchKeeps()
	for b.Loop() {
		KeepValues(v)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(keepParents), "ns/keep")
}

// BenchmarkBestKeeps measures one pass of best sub-keeps. Its input is
// reset from a copy each time, so that the maxima do not settle.
func BenchmarkBestKeeps(b *testing.B) {
	src := benchKeeps()
	KeepValues(src)
	var v Keeps
	for b.Loop() {
		v = *src
		BestKeeps(&v)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(engine.NumKeeps), "ns/keep")
}

// BenchmarkLanePasses measures one keep mean pass and one best keep pass
// over a batch of lanes with each lane kernel, on ordered values as a
// solve's. The best keeps' input is reset from a copy each time (the
// copy alone is timed as copy), so that the maxima do not settle.
func BenchmarkLanePasses(b *testing.B) {
	var src LaneKeeps
	for r := range engine.NumRolls {
		for j := range Lanes {
			src[engine.FirstRollKeep+r][j] = float64((r*37+j*11)%101) + 0.125*float64((r+j)%7)
		}
	}
	for _, k := range []Kernels{activeKernel, kernelGo} {
		b.Run("mean/"+k.name, func(b *testing.B) {
			v := src
			for b.Loop() {
				k.mean(&v, meanRows)
			}
		})
		b.Run("best/"+k.name, func(b *testing.B) {
			means := src
			k.mean(&means, meanRows)
			var v LaneKeeps
			for b.Loop() {
				v = means
				k.best(&v, maxGroups, true)
			}
		})
	}
	b.Run("copy", func(b *testing.B) {
		var v LaneKeeps
		for b.Loop() {
			v = src
		}
		_ = v
	})
}
