package engine

import (
	"fmt"
	"strings"
	"testing"
)

// TestFingerprintsKept pins the fingerprint of the shipped rules: a table
// saved under one must keep loading.
func TestFingerprintsKept(t *testing.T) {
	t.Parallel()
	for rules, want := range map[string]string{ // game and options, as a table's file name has them
		"yahtzee":              "33bd1b073e1cdf8324aae7605456070091eae2f5bc0eda5333250105ca75a98c",
		"yahtzee forced-joker": "c142d97136cb830eb795908466bf800b089109f0a03b045f55dc702b863d56b8",
		"yahtzee no-joker":     "de118eb50faad03581ce1e413ff88d9ef4eff761dd8445ebe7fe58baddec34c0",
		"yahtzee no-yahtzee-bonus,no-upper-bonus": "4f73c1f7f96a7d28cbf5d227da11b74bff9c39c66619014bb8feede60fb34b62",
		"yatzy":                            "c184c565971eb0eee9b4e51460f0883f30bd3327b1017b1e1597ed4881f6e8e4",
		"swedish":                          "102db0908c4feabaabd2df552bf06446f7971e648b65ef1bf443fbf2e9ef14e8",
		"swedish upper-bonus-threshold=70": "af382abdcae323134d2775586c80c193cda020fa7e3d13ec69632055eea46228",
		"poker-dice":                       "82642fd18a75477291d4eb2a3788f5215e9e773439b49c9ab6f3a457a50aab2c",
		"school":                           "fda72008858d390a197a3af20e0232bbdf66847bea60ee75cfda94ad1e9695c5",
		"school columns=1":                 "f98957fb1f6c1639a356d9e34a765e00b513bcbce9ef0135f40d7b95a02d14f4",
		"school columns=5":                 "c64b1b8cd7cb0920baa1e54bc9062e6350ef402108e7ec3f041b797aaeb0a32a",
		"school columns=1,taken=twos+pair": "d009d4d02d387f927f3402d512e42e402783e7aa558e8f608fdbcafde5cf7917",
	} {
		t.Run(rules, func(t *testing.T) {
			name, text, _ := strings.Cut(rules, " ")
			opts, err := ParseOptions(text)
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprintf("%x", mustGame(t, name, opts).Fingerprint()); got != want {
				t.Errorf("fingerprint %s, want %s", got, want)
			}
		})
	}
}

// TestSchoolRulesFingerprinted checks that each school rule that is data
// changes the fingerprint when it changes.
func TestSchoolRulesFingerprinted(t *testing.T) {
	t.Parallel()
	base := mustGame(t, "school", Options{Columns: 1})
	for name, change := range map[string]func(*Game){
		"zero":       func(g *Game) { g.School.Zero = -100 },
		"fresh":      func(g *Game) { g.School.Fresh = 3 },
		"face bonus": func(g *Game) { g.School.FaceBonus = 4 },
		"sum bonus":  func(g *Game) { g.Categories[len(g.Categories)-1].RowBonus = true },
		"pair bonus": func(g *Game) { g.Categories[Faces].RowBonus = false },
	} {
		t.Run(name, func(t *testing.T) {
			d := *base
			d.Categories = append([]Category(nil), base.Categories...)
			change(&d)
			g, err := Define(d)
			if err != nil {
				t.Fatal(err)
			}
			if g.Fingerprint() == base.Fingerprint() {
				t.Errorf("same fingerprint as the shipped rules")
			}
			if d.Categories[0].Name = "changed"; g.Categories[0].Name == "changed" {
				t.Errorf("Define shares the description's categories")
			}
		})
	}
}

// TestDefineRefuses checks that a description no solver can play is
// refused with an error that says why, not a panic later.
func TestDefineRefuses(t *testing.T) {
	t.Parallel()
	yahtzee := mustGame(t, "yahtzee", Options{})
	school := mustGame(t, "school", Options{Columns: 1})
	manyBoxes := *yahtzee
	for i := range MaxCategories + 1 - len(yahtzee.Categories) {
		manyBoxes.Categories = append(manyBoxes.Categories, Category{Name: fmt.Sprintf("box%d", i), Points: sum})
	}
	manyRows := *school
	for i := range MaxSchoolRows + 1 - len(school.Categories) {
		manyRows.Categories = append(manyRows.Categories, Category{Name: fmt.Sprintf("row%d", i), Points: sum})
	}
	for _, tc := range []struct {
		name string
		base *Game
		edit func(*Game)
		want string
	}{
		{"too many categories", &manyBoxes, nil, "33 categories, at most 32"},
		{"too many rows", &manyRows, nil, "16 rows, at most 15"},
		{"too many columns", school, func(g *Game) { g.Columns = MaxColumns + 1 }, "6 columns"},
		{"negative columns", school, func(g *Game) { g.Columns = -1 }, "-1 columns"},
		{"upper box with many levels", yahtzee, func(g *Game) { g.Categories[0].Points = sum }, "ones can hold 26 point values, at most 8"},
		{"five-alike box with many levels", yahtzee, func(g *Game) { g.Categories[g.Extra.Box].Points = sum }, "yahtzee can hold 26 point values"},
		{"combination row with many levels", school, func(g *Game) {
			g.Categories[Faces].Points = func(m Multiset) int { return 1 + RollIndex(m)%40 }
		}, "pair can score 40 point values, at most 31"},
		{"cell too large", school, func(g *Game) { g.Categories[Faces].Points = plus(sum, 100) }, "a cell holds 0..255"},
		{"negative combination points", school, func(g *Game) { g.Categories[Faces].Points = fixed(-1) }, "a cell holds 0..255"},
		{"negative upper points", yahtzee, func(g *Game) { g.Categories[0].Points = fixed(-1) }, "an upper box scores 0 or more"},
		{"no categories", yahtzee, func(g *Game) { g.Categories, g.Extra = nil, nil }, "no categories"},
		{"same name twice", yahtzee, func(g *Game) { g.Categories[1].Name = "ones" }, `category "ones"`},
		{"two upper boxes of a face", yahtzee, func(g *Game) { g.Categories[1].Face = 1 }, "ones and twos both collect face 1"},
		{"face out of range", yahtzee, func(g *Game) { g.Categories[0].Face = 7 }, "face 7"},
		{"no points", yahtzee, func(g *Game) { g.Categories[0].Points = nil }, "ones: no points"},
		{"five-alike box out of range", yahtzee, func(g *Game) { g.Extra = &FiveAlike{Box: 13} }, "five-alike box 13"},
		{"no rolls", yahtzee, func(g *Game) { g.Rolls = 0 }, "0 rolls"},
		{"five letters", yahtzee, func(g *Game) { g.Letters = "12345" }, "faces written"},
		{"school rules on a single sheet", yahtzee, func(g *Game) { g.School.Fresh = 2 }, "on a single sheet"},
		{"School row on a single sheet", yahtzee, func(g *Game) { g.Categories[0].School = true }, "a school row on a single sheet"},
		{"School row without a face", school, func(g *Game) { g.Categories[0].Face = 0 }, "a School row needs a face"},
		{"combination row with a face", school, func(g *Game) { g.Categories[Faces].Face = 2 }, "no face"},
		{"no doubling factor", school, func(g *Game) { g.School.Fresh = 0 }, "multiply points by 0"},
		{"a zero that pays", school, func(g *Game) { g.School.Zero = 5 }, "a zero of 0 or less"},
		{"upper bonus on a school sheet", school, func(g *Game) { g.Upper = UpperBonus{Threshold: 63, Points: 35} }, "no upper bonus"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := *tc.base
			d.Categories = append([]Category(nil), d.Categories...)
			if tc.edit != nil {
				tc.edit(&d)
			}
			g, err := Define(d)
			if err == nil {
				t.Fatalf("Define accepted %s", g.Describe())
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), d.Name+": ") {
				t.Errorf("error %q, want %q after the game's name", err, tc.want)
			}
		})
	}
}

// TestDefineAcceptsShipped checks that every shipped game and subset
// passes its own check, and that Define gives the game New gives.
func TestDefineAcceptsShipped(t *testing.T) {
	t.Parallel()
	for _, name := range GameNames {
		t.Run(name, func(t *testing.T) {
			g := mustGame(t, name, Options{})
			again, err := Define(*g)
			if err != nil {
				t.Fatal(err)
			}
			if again.Fingerprint() != g.Fingerprint() {
				t.Errorf("Define(*New(%s)) has another fingerprint", name)
			}
		})
	}
}
