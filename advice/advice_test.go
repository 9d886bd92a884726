package advice_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"dicepoker/advice"
	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/internal/tablestest"
	"dicepoker/target"
)

// The best first-roll actions, averaged over the 252 first rolls by their
// probability, must give the optimal expected score of a new game: the
// published optimum for poker-dice (docs/rules.md), through every step advise takes.
func TestAdviseFirstRollsAverageToTheOptimum(t *testing.T) {
	tablestest.Dir(t)
	g, _ := engine.New("poker-dice", engine.Options{})
	mean := 0.0
	for r := range engine.NumRolls {
		a, err := advice.Advise(context.Background(), advice.Request{Game: g, Dice: engine.Roll(r)}, advice.Env{Tables: advice.Opener{}})
		if err != nil {
			t.Fatal(err)
		}
		if a.RollsLeft != 1 || a.Expected(0) < a.Expected(len(a.Actions)-1) || a.Actions[0].Value != a.Expected(0) {
			t.Fatalf("roll %v: rolls left %d, ranking %v .. %v", engine.Roll(r), a.RollsLeft, a.Expected(0), a.Expected(len(a.Actions)-1))
		}
		mean += engine.RollProbability(r) * a.Expected(0)
	}
	if math.Abs(mean-31.4230112) > 1e-4 {
		t.Errorf("the first rolls' best values average %.7f, want the optimum 31.4230112", mean)
	}
}

func TestAdviseRefuses(t *testing.T) {
	tablestest.Dir(t)
	yahtzee, _ := engine.New("yahtzee", engine.Options{})
	school, _ := engine.New("school", engine.Options{Columns: 2})
	dice, _ := engine.FromDice(1, 2, 3, 4, 5)
	three, no, total := 3, false, 30
	for _, c := range []struct {
		name string
		r    advice.Request
		want string // the error, its fields worded plainly
	}{
		{"rolls left", advice.Request{Game: yahtzee, Dice: dice, RollsLeft: &three}, "rolls left 3: yahtzee allows 0..2 rerolls after the first roll"},
		{"sheet", advice.Request{Game: yahtzee, Sheet: advice.Sheet{Notation: "ones=7"}, Dice: dice}, "sheet: ones holds 0 to 5, not 7"},
		{"sheet JSON", advice.Request{Game: yahtzee, Sheet: advice.Sheet{JSON: []byte(`{"ones": 7}`), Name: "s.json"}, Dice: dice}, "s.json: sheet: ones holds 0 to 5, not 7"},
		{"school sheet", advice.Request{Game: school, Sheet: advice.Sheet{Notation: "pair=x"}, Dice: dice}, "sheet: "},
		{"not fresh first roll", advice.Request{Game: school, Dice: dice, Fresh: &no}, "fresh=false: the first roll of a turn is always fresh"},
		{"rollouts", advice.Request{Game: school, Dice: dice, Rollouts: -1}, "rollouts -1: must be 0 to 1000000"},
		{"fresh outside school", advice.Request{Game: yahtzee, Dice: dice, Fresh: &no}, "fresh belongs to school, not to yahtzee"},
		{"rollouts outside school", advice.Request{Game: yahtzee, Dice: dice, Rollouts: 5}, "rollouts belongs to school, not to yahtzee"},
		{"target in school", advice.Request{Game: school, Dice: dice, Target: &total}, "target belongs to the single-sheet games, not to school"},
		{"target and opponents", advice.Request{Game: yahtzee, Dice: dice, Target: &total, Opponents: []advice.Sheet{{}}}, "give target or opponents, not both"},
		{"school opponent", advice.Request{Game: school, Dice: dice, Opponents: []advice.Sheet{{Notation: "pair=x"}}}, `opponents "pair=x": `},
		{"school opponent object", advice.Request{Game: school, Dice: dice, Opponents: []advice.Sheet{{JSON: []byte(`{"pair":["x"]}`), Name: "opponents[0]"}}}, "opponents[0]: "},
		{"school, four opponents", advice.Request{Game: school, Dice: dice, Opponents: make([]advice.Sheet, 4)}, "opponents given 4 times: school has at most 4 players"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := advice.Advise(context.Background(), c.r, advice.Env{Tables: advice.Opener{Strategy: "greedy"}})
			if _, ok := err.(*advice.InputError); !ok || !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("error %v (%T), want an InputError %q", err, err, c.want)
			}
		})
	}
}

// TestWord checks that each front end words the fields an error names
// its own way, the values and the rest of the message as they are.
func TestWord(t *testing.T) {
	flag := func(f string) string { return "--" + strings.ReplaceAll(f, "_", "-") }
	key := func(f string) string { return f }
	for _, c := range []struct {
		name          string
		err           error
		plain, flag   string
		key           string
		wrapsGameOver bool
	}{
		{"field and value", advice.Fieldf("{rolls_left} %d: want 0..%d", 3, 2), "rolls left 3: want 0..2", "--rolls-left 3: want 0..2", "rolls_left 3: want 0..2", false},
		{"two fields", advice.Fieldf("give {target} or {opponents}, not both"), "give target or opponents, not both", "give --target or --opponents, not both", "give target or opponents, not both", false},
		{"braces in a value stay", advice.Fieldf("{opponents} %s: %v", `"{target}"`, engine.ErrGameOver), `opponents "{target}": ` + engine.ErrGameOver.Error(), `--opponents "{target}": ` + engine.ErrGameOver.Error(), `opponents "{target}": ` + engine.ErrGameOver.Error(), true},
		{"braces around no field", advice.Fieldf("{} {Target} {rolls-left} {target"), "{} {Target} {rolls-left} {target", "{} {Target} {rolls-left} {target", "{} {Target} {rolls-left} {target", false},
		{"no fields", advice.Inputf("%d {target}", 100), "100 {target}", "100 {target}", "100 {target}", false},
		{"wrapped", fmt.Errorf("opening: %w", advice.Fieldf("{strategy} %s: no", "x")), "opening: strategy x: no", "opening: --strategy x: no", "opening: strategy x: no", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.err.Error() != c.plain || advice.Worded(c.err, flag) != c.flag || advice.Worded(c.err, key) != c.key {
				t.Errorf("%q, worded %q and %q; want %q, %q and %q", c.err, advice.Worded(c.err, flag), advice.Worded(c.err, key), c.plain, c.flag, c.key)
			}
			if errors.Is(c.err, engine.ErrGameOver) != c.wrapsGameOver {
				t.Errorf("errors.Is(%v, ErrGameOver) = %v", c.err, !c.wrapsGameOver)
			}
		})
	}
	if got := advice.Worded(errors.New("{target} 1"), flag); got != "{target} 1" {
		t.Errorf("an error of no input worded as %q", got)
	}
}

func TestTie(t *testing.T) {
	g, _ := engine.New("yatzy", engine.Options{})
	r := advice.Ranking{Game: g, SheetScore: 10, Actions: []coach.Option{{Value: 5}, {Value: 5 - 1e-10}, {Value: 4}, {Value: 3}, {Value: 3}}}
	for i, want := range []bool{true, true, false, false, false} { // tied with the best
		if r.Tie(i) != want || r.Expected(i) != 10+r.Actions[i].Value {
			t.Errorf("action %d: tie %v expected %v", i, r.Tie(i), r.Expected(i))
		}
	}
	if r.Bests() != 2 {
		t.Errorf("Bests %d, want 2", r.Bests())
	}
}

// TestTieNear ties chances as the goal's Near tells them apart: the
// every-target table's (target.Near32, 2^-22 in float32) ties chances
// 2^-24 apart that the exact solve's (target.Near, 1e-12) does not.
func TestTieNear(t *testing.T) {
	g, _ := engine.New("yatzy", engine.Options{})
	chance := []float64{0.5, 0.5 - 1.0/(1<<24), 0.5 - 1.0/(1<<20)}
	for _, c := range []struct {
		name string
		near func(p, best float64) bool
		want []bool
	}{
		{"exact", nil, []bool{false, false, false}},
		{"table", target.Near32, []bool{true, true, false}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := advice.Ranking{Game: g, Actions: []coach.Option{{Value: 5}, {Value: 5}, {Value: 5}},
				Goal: &advice.Goal{Chance: chance, Near: c.near}}
			for i, want := range c.want {
				if r.Tie(i) != want {
					t.Errorf("action %d: tie %v, want %v", i, r.Tie(i), want)
				}
			}
		})
	}
}

func TestTakenGame(t *testing.T) {
	one, _ := engine.New("school", engine.Options{Columns: 1})
	three, _ := engine.New("school", engine.Options{})
	for _, c := range []struct {
		g     *engine.Game
		sheet string
		want  string
	}{
		{one, "taken=twos+pair", "columns=1,taken=twos+pair"},
		{one, "ones=x", "columns=1"},
		{three, "taken=twos", ""},
	} {
		sh, err := c.g.ParseSchoolSheet(c.sheet)
		if err != nil {
			t.Fatal(err)
		}
		g, err := advice.TakenGame(c.g, sh)
		if err != nil || g.Options.String() != c.want {
			t.Errorf("%s, %q: the game of %q (%v), want %q", c.g.Options, c.sheet, g.Options, err, c.want)
		}
	}
}
