package advice_test

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"testing"

	"dicepoker/advice"
	"dicepoker/engine"
)

// pokerAllButStraight is a poker-dice sheet of 32 points with only the
// straight open.
const pokerAllButStraight = "aces=3,kings=3,queens=3,jacks=3,tens=3,nines=0,pair=1,two-pair=2,three-of-a-kind=3,full-house=4,four-of-a-kind=4,five-of-a-kind=0"

// TestAdviseToWin checks a ranking for a target where the chances are
// known: 4 points short with 9 T J Q A in hand and the straight open, the
// two keeps of four to the straight make it 1 time in 6, tied with each
// other and not with the rest; the JSON gives each option's chance, --top
// cutting them as for every ranking.
func TestAdviseToWin(t *testing.T) {
	g, _ := engine.New("poker-dice", engine.Options{})
	dice, _ := engine.ParseDice("9TJQA", g.Letters)
	total := 36
	a, err := advice.Advise(context.Background(), advice.Request{Game: g, Sheet: advice.Sheet{Notation: pokerAllButStraight}, Dice: dice, Target: &total}, advice.Env{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Goal == nil || len(a.Goal.Chance) != len(a.Actions) || math.Abs(a.Goal.Chance[0]-1.0/6) > 1e-12 ||
		a.Bests() != 2 || !a.Tie(0) || !a.Tie(1) || a.Tie(2) || a.Goal.What() != "36 or more" {
		t.Fatalf("ranking %+v, goal %+v", a.Ranking, a.Goal)
	}
	var out struct {
		Target      *int    `json:"target"`
		Probability float64 `json:"probability"`
		BestTied    int     `json:"best_tied"`
		Options     []struct {
			Probability *float64 `json:"probability"`
		} `json:"options"`
		Total int `json:"total_options"`
	}
	data, _ := json.Marshal(a.JSON(3))
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	if out.Target == nil || *out.Target != 36 || out.Probability != a.Goal.Chance[0] || out.BestTied != 2 || len(out.Options) != 3 ||
		out.Total != len(a.Actions) || out.Options[2].Probability == nil || *out.Options[2].Probability != a.Goal.Chance[2] {
		t.Errorf("JSON %s", data)
	}
	// A ranking by the expected score says nothing of chances.
	plain, _ := json.Marshal((&advice.Ranking{Game: g, Dice: dice, Actions: a.Actions}).JSON(0))
	var none map[string]any
	if err := json.Unmarshal(plain, &none); err != nil {
		t.Fatal(err)
	}
	if _, ok := none["probability"]; ok {
		t.Errorf("a plain ranking has a probability: %s", plain)
	}
}

// TestAdviseToWinFinishedOpponent checks that an opponent who has
// finished, a full sheet, is beaten as a final score: against 33 points,
// the 32 in hand win only with the straight, 1 time in 6.
func TestAdviseToWinFinishedOpponent(t *testing.T) {
	t.Parallel()
	g, _ := engine.New("poker-dice", engine.Options{})
	dice, _ := engine.ParseDice("9TJQA", g.Letters)
	finished := "aces=4,kings=3,queens=3,jacks=3,tens=3,nines=0,pair=1,two-pair=2,three-of-a-kind=3,full-house=4,four-of-a-kind=4,five-of-a-kind=0,straight=0"
	a, err := advice.Advise(context.Background(), advice.Request{Game: g, Sheet: advice.Sheet{Notation: pokerAllButStraight}, Dice: dice, Opponents: []advice.Sheet{{Notation: finished}}}, advice.Env{})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Goal.Opponents) != 1 || a.Goal.Opponents[0] != 33 || math.Abs(a.Goal.Chance[0]-1.0/6) > 1e-12 {
		t.Errorf("opponents %v, chance %v, want [33] and 1/6", a.Goal.Opponents, a.Goal.Chance[0])
	}
}

func TestAdviseToWinRefuses(t *testing.T) {
	g, _ := engine.New("poker-dice", engine.Options{})
	dice, _ := engine.ParseDice("9TJQA", g.Letters)
	total, three, over := 30, 3, advice.MaxTarget+1
	for name, tc := range map[string]advice.Request{
		"bad opponent": {Game: g, Dice: dice, Opponents: []advice.Sheet{{Notation: "aces=7"}}},
		"rolls left":   {Game: g, Dice: dice, RollsLeft: &three, Target: &total},
		"bad sheet":    {Game: g, Sheet: advice.Sheet{Notation: "pair=4"}, Dice: dice, Target: &total},
		"target over":  {Game: g, Dice: dice, Target: &over},
	} {
		_, err := advice.Advise(context.Background(), tc, advice.Env{})
		if _, ok := errors.AsType[*advice.InputError](err); !ok {
			t.Errorf("%s: %v, want an InputError", name, err)
		}
	}
}
