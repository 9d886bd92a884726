package engine

import (
	"os"
	"testing"
)

// TestMaxiYatzyBoxes scores six dice in the boxes of games/maxi-yatzy.toml
// as docs/rules.md says them: the best choice of dice that meets a box,
// more alike dice than it needs still counting, groups of different faces.
func TestMaxiYatzyBoxes(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../games/maxi-yatzy.toml")
	if err != nil {
		t.Fatal(err)
	}
	g, err := ParseRules("maxi-yatzy.toml", data)
	if err != nil {
		t.Fatal(err)
	}
	if g.Dice != MaxDice || len(g.Categories) != 20 || g.Turns() != 20 || g.Rolls != 3 || g.Upper != (UpperBonus{Threshold: 75, Points: 50}) || g.Extra != nil {
		t.Fatalf("maxi-yatzy: %d dice, %s, %+v", g.Dice, g.Describe(), g.Upper)
	}
	cup := g.Cup()
	for _, c := range []struct {
		dice   string
		box    string
		points int
	}{
		{"666612", "three-of-a-kind", 18},
		{"666612", "four-of-a-kind", 24},
		{"666612", "five-of-a-kind", 0},
		{"444422", "full-house", 16},
		{"444422", "two-pairs", 12},
		{"444422", "tower", 20},
		{"444422", "villa", 0},
		{"444444", "two-pairs", 0},
		{"444444", "three-pairs", 0},
		{"444444", "five-of-a-kind", 20},
		{"444444", "maxi-yatzy", 100},
		{"444444", "fours", 24},
		{"555566", "two-pairs", 22},
		{"555566", "one-pair", 12},
		{"666555", "full-house", 28},
		{"666555", "villa", 33},
		{"112233", "three-pairs", 12},
		{"112234", "three-pairs", 0},
		{"123456", "small-straight", 15},
		{"123456", "large-straight", 20},
		{"123456", "full-straight", 21},
		{"123456", "chance", 21},
		{"123455", "small-straight", 15},
		{"123455", "full-straight", 0},
		{"234566", "large-straight", 20},
		{"113456", "large-straight", 0},
	} {
		t.Run(c.dice+"/"+c.box, func(t *testing.T) {
			var m Multiset
			for _, d := range c.dice {
				m[d-'1']++
			}
			box := g.Category(c.box)
			if box < 0 {
				t.Fatalf("no box %s", c.box)
			}
			if got := g.Score(box, cup.RollIndex(m)); got != c.points {
				t.Errorf("%s in %s: %d, want %d", c.dice, c.box, got, c.points)
			}
		})
	}
}

// TestCups checks the rolls and keeps of five and six dice: their
// numbers, each roll's index, probabilities that add up to 1, and the
// keeps of five dice as the first keeps of six.
func TestCups(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ dice, rolls, keeps int }{{5, 252, 462}, {6, 462, 924}} {
		cup, err := CupOf(c.dice)
		if err != nil {
			t.Fatal(err)
		}
		if cup.Dice() != c.dice || cup.NumRolls() != c.rolls || cup.NumKeeps() != c.keeps || cup.FirstRollKeep() != c.keeps-c.rolls {
			t.Fatalf("%d dice: %d rolls, %d keeps", c.dice, cup.NumRolls(), cup.NumKeeps())
		}
		total := 0.0
		for r := range cup.NumRolls() {
			m := cup.Roll(r)
			if m.Size() != c.dice || cup.RollIndex(m) != r {
				t.Fatalf("%d dice: roll %d is %v", c.dice, r, m)
			}
			total += cup.RollProbability(r)
			if subs := cup.SubKeeps(r); len(subs) == 0 || subs[0] != 0 || cup.Keep(subs[len(subs)-1]).Size() != c.dice-1 {
				t.Fatalf("%d dice: roll %v has sub-keeps %v", c.dice, m, subs)
			}
		}
		if total < 1-1e-12 || total > 1+1e-12 {
			t.Errorf("%d dice: probabilities add up to %v", c.dice, total)
		}
		for k := range cup.NumKeeps() {
			if k < NumKeeps && cup.Keep(k) != Keep(k) {
				t.Fatalf("keep %d: %v of %d dice, %v of five", k, cup.Keep(k), c.dice, Keep(k))
			}
			for f := 1; f <= Faces; f++ {
				child := cup.KeepChild(k, f)
				if (child < 0) != (k >= cup.FirstRollKeep()) || child >= 0 && cup.Keep(child).Count(f) != cup.Keep(k).Count(f)+1 {
					t.Fatalf("%d dice: keep %v plus a %d is keep %d", c.dice, cup.Keep(k), f, child)
				}
			}
		}
	}
	if _, err := CupOf(7); err == nil {
		t.Error("a cup of seven dice")
	}
}
