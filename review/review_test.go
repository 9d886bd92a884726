package review

import (
	"bytes"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/record"
	"dicepoker/solver"
	"dicepoker/strategy"
)

var pokerTable = sync.OnceValues(func() (*strategy.Table, error) {
	g, _ := engine.New("poker-dice", engine.Options{})
	return strategy.Solve(g, solver.Options{})
})

// playGame plays a whole game with the table's best action at every
// decision but those in mistakes, where it takes the first action worth
// less than the best, and returns the record and the points those
// mistakes gave up, from the table's values.
func playGame(t *testing.T, table *strategy.Table, seed uint64, mistakes map[int]bool) (string, float64) {
	t.Helper()
	g := table.Game
	rng := rand.New(rand.NewPCG(seed, 1))
	roll := func(keep engine.Multiset) engine.Multiset {
		for keep.Size() < engine.Dice {
			keep[rng.IntN(engine.Faces)]++
		}
		return keep
	}
	var out bytes.Buffer
	w := record.NewWriter(&out)
	sheet, _ := coach.ParseSheet(g, "")
	lost, n := 0.0, 0
	for p := (coach.Position{Game: g, Sheet: sheet, Dice: roll(engine.Multiset{}), RollsLeft: g.Rolls - 1}); ; n++ {
		sh, _ := engine.ParseSheet(g, p.Sheet.String())
		actions, err := table.Actions(sh.State(g), p.Dice, p.RollsLeft)
		if err != nil {
			t.Fatal(err)
		}
		act := actions[0]
		if mistakes[n] {
			for _, worse := range actions {
				if actions[0].Value-worse.Value > 1e-6 {
					act = worse
					lost += actions[0].Value - worse.Value
					break
				}
			}
		}
		a := act.Action
		m, err := coach.Check(p, a)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Write(p, a); err != nil {
			t.Fatal(err)
		}
		switch {
		case a.Box == "":
			p.Dice, p.RollsLeft = roll(a.Keep), p.RollsLeft-1
		case m.Next.Over():
			return out.String(), lost
		default:
			p = coach.Position{Game: g, Sheet: m.Next, Dice: roll(engine.Multiset{}), RollsLeft: g.Rolls - 1}
		}
	}
}

func TestReview(t *testing.T) {
	table, err := pokerTable()
	if err != nil {
		t.Fatal(err)
	}
	adv := coach.TableAdvisor(table)
	for _, c := range []struct {
		name     string
		mistakes map[int]bool
	}{
		{"the advisor's own play", nil},
		{"one mistake", map[int]bool{0: true}},
		{"three mistakes", map[int]bool{3: true, 10: true, 17: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			for seed := range uint64(3) {
				data, lost := playGame(t, table, seed, c.mistakes)
				rec, err := record.Read(strings.NewReader(data), "game.jsonl")
				if err != nil {
					t.Fatal(err)
				}
				r, err := Review(rec, adv)
				if err != nil {
					t.Fatal(err)
				}
				n := len(rec.Entries)
				if math.Abs(r.Loss-lost) > 1e-12 || r.Optimal != n-len(c.mistakes) || r.Share() != float64(n-len(c.mistakes))/float64(n) {
					t.Errorf("%s, seed %d: loss %v, %d of %d optimal; want %v, %d", c.name, seed, r.Loss, r.Optimal, n, lost, n-len(c.mistakes))
				}
				if !r.Final.Over() || r.Expected != table.Expected || r.Note != "" || r.Game != rec.Game {
					t.Errorf("%s, seed %d: final over %v, expected %v, note %q", c.name, seed, r.Final.Over(), r.Expected, r.Note)
				}
				for i, it := range r.Items {
					if it.Optimal() != !c.mistakes[i] || it.Entry.Line != i+1 || (it.Loss == 0) != it.Optimal() {
						t.Errorf("%s, seed %d, decision %d: optimal %v, loss %v", c.name, seed, i, it.Optimal(), it.Loss)
					}
				}
			}
		})
	}
}

// TestJudgeTie takes an action tied with the best: it is optimal.
func TestJudgeTie(t *testing.T) {
	table, err := pokerTable()
	if err != nil {
		t.Fatal(err)
	}
	g := table.Game
	// Only the pair box is left: every face is as good as another.
	sheet, err := coach.ParseSheet(g, "aces=3,kings=3,queens=3,jacks=3,tens=3,nines=0,two-pair=2,three-of-a-kind=3,straight=4,full-house=4,four-of-a-kind=4,five-of-a-kind=0")
	if err != nil {
		t.Fatal(err)
	}
	dice, _ := engine.ParseDice("9TJQK", g.Letters)
	p := coach.Position{Game: g, Sheet: sheet, Dice: dice, RollsLeft: 1}
	adv := coach.TableAdvisor(table)
	actions, _ := adv.Actions(p)
	if actions[0].Box != "" || actions[0].Keep.Size() != 1 || math.Abs(actions[1].Value-actions[0].Value) > Epsilon {
		t.Fatalf("want a one-die keep tied with another first, got %+v, %+v", actions[0], actions[1])
	}
	it, err := Judge(adv, record.Entry{Position: p, Action: actions[1].Action})
	if err != nil || it.Taken != 1 || it.Loss != 0 || !it.Optimal() {
		t.Errorf("tied action: %+v, %v", it, err)
	}
	it, err = Judge(adv, record.Entry{Position: p, Action: coach.Action{Box: "pair"}})
	if err != nil || it.Optimal() || math.Abs(it.Loss-(actions[0].Value-0)) > 1e-12 {
		t.Errorf("writing no pair: loss %v, want %v (%v)", it.Loss, actions[0].Value, err)
	}
}
