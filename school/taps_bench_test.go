package school

import (
	"testing"
	"time"

	"dicepoker/engine"
)

// tapTurn returns the positions of one turn as a person enters them on
// the page a tap at a time, from dice 1 2 3 4 5 with two rerolls left,
// fresh: each tap turns die tap%5 one face on, as the page's die does.
func tapTurn(taps int) []engine.Multiset {
	dice := [engine.Dice]int{1, 2, 3, 4, 5}
	var out []engine.Multiset
	for tap := range taps + 1 {
		var m engine.Multiset
		for _, d := range dice {
			m[d-1]++
		}
		out = append(out, m)
		dice[tap%engine.Dice] = dice[tap%engine.Dice]%engine.Faces + 1
	}
	return out
}

// BenchmarkTaps measures the advice of three-column school after each
// tap of a turn, as the offline app asks for it on one thread: the
// advisor's ranking (the lookahead) and the drift it adds, with one
// strategy kept for the whole turn, as the API keeps it. The turn's first
// advice, which searches the sheets a turn leads to, is not counted: only
// the six taps after it. A new sheet, one of the middle of a game and one
// near its end. Each turn starts from a new endgame, as a page that has
// just opened does. It reports the process's processor time of the taps too
// (cpu-ns/op), which a busy machine leaves as it is: run it with
// GOMAXPROCS=1, as the browser runs it.
func BenchmarkTaps(b *testing.B) {
	k, end, _ := shippedAdvisor(b)
	sheets := map[string]engine.SchoolState{
		"new":    k.g.NewSchoolState(),
		"middle": rankPositions(b, k, end.Player, 25, 13)[24].s,
		"late":   rankPositions(b, k, end.Player, 39, 13)[38].s,
	}
	turn := tapTurn(6)
	for _, name := range []string{"new", "middle", "late"} {
		s := sheets[name]
		b.Run(name, func(b *testing.B) {
			var cpu time.Duration
			known := true
			for b.Loop() {
				b.StopTimer()
				end := NewEndgame(k, end.base, EndgameTurns, EndgameLostTurns)
				advisor := k.Lookahead(end.Player, 1)
				drift := end.Drift()
				drift.Lookahead, drift.Threads = true, 1
				for i, dice := range turn {
					if i == 1 {
						c, ok := processCPU()
						cpu -= c
						known = known && ok
						b.StartTimer()
					}
					actions, err := k.Actions(s, dice, 2, true, advisor(&s))
					if err != nil {
						b.Fatal(err)
					}
					drift.Add(s, dice, 2, true, actions)
				}
				b.StopTimer()
				c, _ := processCPU()
				cpu += c
				b.StartTimer()
			}
			if known {
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
		})
	}
}
