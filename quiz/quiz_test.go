package quiz

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"testing"

	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/record"
	"dicepoker/review"
	"dicepoker/solver"
	"dicepoker/strategy"
)

// advisors holds the optimal advisor of each game solved for the tests.
var (
	advisorsMu sync.Mutex
	advisors   = map[string]coach.Advisor{}
)

// advisorOf returns the optimal advisor of the default rules of game
// name, solved once for all the tests.
func advisorOf(t *testing.T, name string) (*engine.Game, coach.Advisor) {
	t.Helper()
	g, err := engine.New(name, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	advisorsMu.Lock()
	defer advisorsMu.Unlock()
	if a := advisors[name]; a != nil {
		return g, a
	}
	sol, err := solver.Solve(g, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	a := coach.TableAdvisor(strategy.FromSolution(sol))
	advisors[name] = a
	return g, a
}

func TestDraw(t *testing.T) {
	t.Parallel()
	g, adv := advisorOf(t, "poker-dice")
	qs, err := Draw(g, adv, 12, 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) != 12 {
		t.Fatalf("%d questions, want 12", len(qs))
	}
	sorts := map[string]int{}
	seen := map[string]bool{}
	for i, q := range qs {
		if lead := Lead(q.Actions); lead < 0.13 {
			t.Errorf("question %d: the best leads by %v, less than the margin 0.13", i, lead)
		}
		key := positionKey(q.Position)
		if seen[key] {
			t.Errorf("question %d is asked twice: %s", i, key)
		}
		seen[key] = true
		sorts[q.Kind()+" "+Phase(q.Position)]++
		// The ranking is the advisor's for the position.
		actions, err := adv.Actions(q.Position)
		if err != nil || !reflect.DeepEqual(actions, q.Actions) {
			t.Errorf("question %d: its ranking is not the advisor's (%v)", i, err)
		}
	}
	for _, b := range Sorts {
		if n := sorts[b.Kind+" "+b.Phase]; n != 3 {
			t.Errorf("%d questions of %s %s, want 3 of each sort: %v", n, b.Kind, b.Phase, sorts)
		}
	}
	again, err := Draw(g, adv, 12, 5)
	if err != nil || !reflect.DeepEqual(keys(again), keys(qs)) {
		t.Errorf("the same seed drew other questions (%v)", err)
	}
	other, err := Draw(g, adv, 12, 6)
	if err != nil || reflect.DeepEqual(keys(other), keys(qs)) {
		t.Errorf("seeds 5 and 6 drew the same questions (%v)", err)
	}
}

func keys(qs []Question) []string {
	var out []string
	for _, q := range qs {
		out = append(out, positionKey(q.Position))
	}
	return out
}

func TestDrawRefuses(t *testing.T) {
	t.Parallel()
	g, adv := advisorOf(t, "poker-dice")
	for _, n := range []int{0, -1, MaxQuestions + 1} {
		if _, err := Draw(g, adv, n, 1); err == nil {
			t.Errorf("Draw of %d questions: no error", n)
		}
	}
}

func TestJudge(t *testing.T) {
	t.Parallel()
	g, adv := advisorOf(t, "poker-dice")
	qs, err := Draw(g, adv, 8, 9)
	if err != nil {
		t.Fatal(err)
	}
	for i, q := range qs {
		best, err := Judge(q, q.Actions[0].Action)
		if err != nil || best.Loss != 0 || !best.Optimal() || Why(best) != "" {
			t.Errorf("question %d: the best answer: %+v, %v; want no loss and no why", i, best.Loss, err)
		}
		last := len(q.Actions) - 1
		worst, err := Judge(q, q.Actions[last].Action)
		want := q.Actions[0].Value - q.Actions[last].Value
		if err != nil || math.Abs(worst.Loss-want) > 1e-12 || worst.Taken != last {
			t.Errorf("question %d: the worst answer lost %v (%v), want %v", i, worst.Loss, err, want)
		}
		// The loss is review's for the same decision.
		it, err := review.Judge(adv, record.Entry{Position: q.Position, Action: q.Actions[last].Action})
		if err != nil || it.Loss != worst.Loss {
			t.Errorf("question %d: review judges a loss of %v (%v), the quiz %v", i, it.Loss, err, worst.Loss)
		}
	}
	q := qs[0]
	if _, err := Judge(q, coach.Action{Box: "no-such-box"}); err == nil {
		t.Error("an answer the rules refuse was judged")
	}
}

func TestWhy(t *testing.T) {
	t.Parallel()
	g, adv := advisorOf(t, "yahtzee")
	sheet, err := coach.ParseSheet(g, "full-house=0")
	if err != nil {
		t.Fatal(err)
	}
	dice, err := engine.FromDice(2, 2, 5, 5, 5)
	if err != nil {
		t.Fatal(err)
	}
	p := coach.Position{Game: g, Sheet: sheet, Dice: dice, RollsLeft: 0}
	actions, err := adv.Actions(p)
	if err != nil {
		t.Fatal(err)
	}
	q := Question{Position: p, Actions: actions}
	it, err := Judge(q, coach.Action{Box: "twos"})
	if err != nil {
		t.Fatal(err)
	}
	fives := actions[0]
	twos := actions[it.Taken]
	later := (fives.Value - 15) - (twos.Value - 4)
	want := fmt.Sprintf("fives scores 11 points more now, more than the %.2f less it leaves to come; upper 0 of 63 for the bonus 35", -later)
	if fives.Box != "fives" || Why(it) != want {
		t.Errorf("best %s, why %q\nwant %q", fives.Box, Why(it), want)
	}
}

func TestYardsticks(t *testing.T) {
	t.Parallel()
	g, adv := advisorOf(t, "poker-dice")
	ys, err := Yardsticks(g, adv, 40, 20, 3)
	if err != nil {
		t.Fatal(err)
	}
	again, err := Yardsticks(g, adv, 40, 20, 3)
	if err != nil || !reflect.DeepEqual(ys, again) {
		t.Errorf("the same seed measured %v, then %v (%v)", ys, again, err)
	}
	other, err := Yardsticks(g, adv, 40, 20, 4)
	if err != nil || reflect.DeepEqual(ys, other) {
		t.Errorf("seeds 3 and 4 measured the same %v (%v)", ys, err)
	}
	byName := map[string]Yardstick{}
	for i, y := range ys {
		byName[y.Player] = y
		if i > 0 && y.MeanLoss < ys[i-1].MeanLoss {
			t.Errorf("yardsticks not sorted by mean loss: %v", ys)
		}
	}
	if y := byName["optimal"]; y.MeanLoss != 0 || y.Decisions != 40 {
		t.Errorf("optimal: %+v, want no loss on 40 decisions", y)
	}
	if r10, r30 := byName["random 10%"], byName["random 30%"]; !(r10.MeanLoss > 0 && r30.MeanLoss > r10.MeanLoss && r10.Decisions == 800) {
		t.Errorf("random 10%% %+v, random 30%% %+v: want 0 < the first < the second, 800 decisions each", r10, r30)
	}
	if y := byName["greedy"]; !(y.MeanLoss > 0) {
		t.Errorf("greedy: %+v, want a loss", y)
	}
}

func TestRate(t *testing.T) {
	t.Parallel()
	ys := []Yardstick{{"optimal", 0, 1}, {"random 10%", 1.5, 1}, {"greedy", 2.5, 1}}
	for _, tc := range []struct {
		loss            float64
		behind, aheadOf string
		text            string
	}{
		{0, "", "optimal", "0.00 points a decision: as good as optimal (0.00)"},
		{0.8, "optimal", "random 10%", "0.80 points a decision: behind optimal (0.00), ahead of random 10% (1.50)"},
		{2.5, "random 10%", "greedy", "2.50 points a decision: behind random 10% (1.50), ahead of greedy (2.50)"},
		{3, "greedy", "", "3.00 points a decision: behind every yardstick, the weakest greedy (2.50)"},
	} {
		r := Rate(tc.loss, ys)
		if r.Behind != tc.behind || r.AheadOf != tc.aheadOf || r.Text != tc.text {
			t.Errorf("Rate(%v) = %+v\nwant behind %q, ahead of %q, %q", tc.loss, r, tc.behind, tc.aheadOf, tc.text)
		}
	}
}

func TestPlayersOfGreedy(t *testing.T) {
	t.Parallel()
	g, adv := advisorOf(t, "yahtzee")
	sheet, err := coach.ParseSheet(g, "")
	if err != nil {
		t.Fatal(err)
	}
	dice, err := engine.FromDice(2, 2, 5, 5, 5)
	if err != nil {
		t.Fatal(err)
	}
	p := coach.Position{Game: g, Sheet: sheet, Dice: dice, RollsLeft: 0, Fresh: true}
	actions, err := adv.Actions(p)
	if err != nil {
		t.Fatal(err)
	}
	// Greedy writes the most points now: 25 for the full house, where
	// the optimal player writes something else.
	a, err := Greedy(g).Choose(p, actions, rand.New(rand.NewPCG(1, 1)))
	if err != nil || a.Box != "full-house" {
		t.Errorf("greedy chose %+v (%v), want full-house", a, err)
	}
}

func TestAnswers(t *testing.T) {
	t.Parallel()
	g, adv := advisorOf(t, "poker-dice")
	qs, err := Draw(g, adv, 4, 2)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	for _, q := range qs {
		if err := WriteAnswer(&b, q.Position, q.Actions[1].Action); err != nil {
			t.Fatal(err)
		}
	}
	whole := b.String()
	for _, tc := range []struct {
		name    string
		data    string
		answers int
		cut     bool
		bad     string
	}{
		{"whole", whole, 4, false, ""},
		{"no last newline", strings.TrimSuffix(whole, "\n"), 4, false, ""},
		{"last line cut", whole[:len(whole)-20], 3, true, ""},
		{"blank lines", "\n" + strings.ReplaceAll(whole, "\n", "\n\n"), 4, false, ""},
		{"a line cut inside", whole[:strings.Index(whole, "\n")-5] + "\n" + whole[strings.Index(whole, "\n")+1:], 0, false, "answers:1: bad JSON: the line ends before its JSON does"},
		{"bad dice", strings.Replace(whole, `"dice":[`, `"dice":[7,`, 1), 0, false, "answers:1: dice"},
		{"empty", "", 0, false, "answers: no answers in the file"},
		{"only a cut line", whole[:20], 0, false, "answers:1: bad JSON: the line ends"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			a, err := ReadAnswers(strings.NewReader(tc.data), "answers")
			if tc.bad != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.bad) {
					t.Errorf("error %v, want one starting %q", err, tc.bad)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(a.Entries) != tc.answers || (a.Cut != nil) != tc.cut || (a.Warning() != "") != tc.cut {
				t.Errorf("%d answers, cut %v (%q); want %d, cut %v", len(a.Entries), a.Cut, a.Warning(), tc.answers, tc.cut)
			}
			for i, e := range a.Entries {
				if e.Action != qs[i].Actions[1].Action || e.Position.Sheet.String() != qs[i].Position.Sheet.String() || e.Position.Dice != qs[i].Position.Dice {
					t.Errorf("answer %d read back as %+v", i, e)
				}
			}
		})
	}
}

func FuzzReadAnswers(f *testing.F) {
	f.Add([]byte(`{"game":"poker-dice","turn":1,"sheet":"","dice":[1,2,3,4,5],"rolls_left":0,"action":{"score":"straight"}}` + "\n"))
	f.Add([]byte(`{"game":"yahtzee","turn":1,"sheet":"","dice":[1,2,3,4,5],"rolls_left":2,"action":{"keep":[1,2]}}` + "\n{\"game\""))
	f.Add([]byte("\n\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := ReadAnswers(bytes.NewReader(data), "fuzz")
		if err == nil && len(a.Entries) == 0 {
			t.Fatal("no error and no answers")
		}
		if err == nil {
			for _, e := range a.Entries {
				if _, err := coach.Check(e.Position, e.Action); err != nil {
					t.Fatalf("an answer the rules refuse was read: %v", err)
				}
			}
		}
	})
}
