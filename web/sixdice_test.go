package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/engine/gamefile"
)

// sixDiceFile is a game file of six dice and four boxes, Maxi Yatzy cut
// down: its table solves in a moment.
const sixDiceFile = "../engine/gamefile/testdata/maxi-reduced.toml"

// sixDice returns the game of sixDiceFile, as dicepoker serve --rules reads it.
func sixDice(t *testing.T) *engine.Game {
	t.Helper()
	data, err := os.ReadFile(sixDiceFile)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := gamefile.Parse(sixDiceFile, data)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.GameOf(spec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestAPISixDice offers a game file's game of six dice beside the
// built-in games: the games list it with its six dice, its advice is
// advise --rules's byte for byte, a box takes six dice, and five dice or
// rule options are refused for it.
func TestAPISixDice(t *testing.T) {
	t.Parallel()
	g := sixDice(t)
	dir := t.TempDir() // the game's table, solved by the command, is read there by the server
	ts := serve(t, advice.Opener{Dir: dir}, Options{Games: []*engine.Game{g}})

	status, body := call(t, ts, "/api/games", "")
	var list []gameInfo
	if err := json.Unmarshal([]byte(body), &list); status != http.StatusOK || err != nil {
		t.Fatalf("/api/games: %d %s (%v)", status, body, err)
	}
	if last := list[len(list)-1]; last.Name != "maxi-reduced" || last.Dice != 6 || last.Rolls != 3 || len(last.Categories) != 4 || list[0].Dice != 5 {
		t.Errorf("/api/games lists %+v last and %s with %d dice first; want maxi-reduced with six dice, 3 rolls and 4 boxes", last, list[0].Name, list[0].Dice)
	}

	for _, c := range []struct {
		name, body string
		args       []string
	}{
		{"new game", `{"game":"maxi-reduced","dice":[1,1,2,3,5,6]}`,
			[]string{"--dice", "112356"}},
		{"sheet, one reroll left", `{"game":"maxi-reduced","sheet":"fours=16","dice":[6,6,6,3,3,1],"rolls_left":1}`,
			[]string{"--sheet", "fours=16", "--dice", "666331", "--rolls-left", "1"}},
		{"last roll", `{"game":"maxi-reduced","sheet":"sixes=24,villa=0","dice":[4,4,4,4,6,6],"rolls_left":0}`,
			[]string{"--sheet", "sixes=24,villa=0", "--dice", "444466", "--rolls-left", "0"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			want := command(t, dir, append([]string{"advise", "--json", "--rules", sixDiceFile}, c.args...)...)
			if status, got := call(t, ts, "/api/advise", c.body); status != http.StatusOK || got != want {
				t.Errorf("/api/advise %s: %d\n%s\nwant what advise --rules %s prints:\n%s", c.body, status, got, strings.Join(c.args, " "), want)
			}
		})
	}

	status, body = call(t, ts, "/api/write", `{"game":"maxi-reduced","sheet":"","dice":[4,4,4,4,6,6],"box":"tower"}`)
	var w struct {
		Points int `json:"points"`
		Next   struct {
			Sheet string `json:"sheet"`
		} `json:"next"`
	}
	if err := json.Unmarshal([]byte(body), &w); status != http.StatusOK || err != nil || w.Points != 28 || w.Next.Sheet != "tower=28" {
		t.Errorf("writing 4 4 4 4 6 6 in the tower: %d %s; want 28 points, the sheet tower=28", status, body)
	}

	for _, c := range []struct{ name, path, body, want string }{
		{"five dice", "/api/advise", `{"game":"maxi-reduced","dice":[1,2,3,4,5]}`, "dice: want six face numbers 1..6, have 5"},
		{"six dice for a game of five", "/api/advise", `{"game":"yatzy","dice":[1,2,3,4,5,6]}`, "dice: want five face numbers 1..6, have 6"},
		{"a die out of range", "/api/score", `{"game":"maxi-reduced","dice":[1,2,3,4,5,7]}`, "dice: die 7 is out of range 1..6"},
		{"rule options", "/api/sheet", `{"game":"maxi-reduced","rules":["forced-joker"]}`, "maxi-reduced has no rule options"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if status, got := call(t, ts, c.path, c.body); status != http.StatusBadRequest || !strings.Contains(got, c.want) {
				t.Errorf("%s %s: %d %s; want 400 saying %q", c.path, c.body, status, got, c.want)
			}
		})
	}

	yatzy, _ := engine.New("yatzy", engine.Options{})
	for _, games := range [][]*engine.Game{{yatzy}, {g, g}} {
		if _, err := NewAPI(testSource, Options{Games: games}); err == nil || !strings.Contains(err.Error(), "offered twice") {
			t.Errorf("offering %s beside the built-in games: %v, want it refused", games[0].Name, err)
		}
	}
}

// TestBrowserSixDice plays a game file's game of six dice on the page:
// six dice shown, set by taps and typed, ranked as advise ranks them,
// written in a box, opened from a shared link, played by taps in the
// play mode with the advice advise --json gives, and entered on the
// table's pad.
func TestBrowserSixDice(t *testing.T) {
	t.Parallel()
	g := sixDice(t)
	src := advice.Opener{Dir: t.TempDir()}
	p := newPageWith(t, src, Options{Games: []*engine.Game{g}})
	p.open("?game=maxi-reduced")
	if n := eval[int](p, `document.querySelectorAll("#dice .die").length`); n != 6 {
		t.Fatalf("the page shows %d dice, want six", n)
	}
	// The dice start at 1 2 3 4 5 6; taps turn a die to the next face.
	p.click(`#dice .die[data-i="0"]`)
	p.click(`#dice .die[data-i="0"]`)
	p.click(`#dice .die[data-i="5"]`)
	p.click(`#rolls button[data-n="1"]`)
	one := 1
	dice, _ := g.ParseDice("323451")
	p.checkRanking(src, advice.Request{Game: g, Dice: dice, RollsLeft: &one})
	if q := p.query(); q.Get("dice") != "323451" || q.Get("game") != "maxi-reduced" {
		t.Errorf("the URL holds %v, want maxi-reduced's dice 323451", q)
	}
	if actions := eval[string](p, `[...document.querySelectorAll("#ranking .action")].map((a) => a.textContent).join("|")`); !strings.Contains(actions, "reroll all six") {
		t.Errorf("no action rerolls all six dice: %s", actions)
	}
	shoot(t, p.ctx, "maxi-reduced")

	// Typed: the cursor moves along the six dice and back to the first.
	p.click(`#dice .die[data-i="0"]`)
	p.keys("14444664")
	if got := eval[string](p, `S.dice.join("")`); got != "644446" {
		t.Errorf("typed 14444664 from the first die: the dice are %s, want 644446", got)
	}
	p.click(`.box[data-box="tower"]`)
	if got := p.text("#totals .score"); got != "score 28" {
		t.Errorf("after writing 6 4 4 4 4 6 in the tower the page shows %q, want score 28", got)
	}

	// A shared link opens the position; one with five dice is refused.
	p.open("?game=maxi-reduced&sheet=sixes%3D24%2Cvilla%3D0&dice=444466&rolls=0")
	zero := 0
	dice, _ = g.ParseDice("444466")
	p.checkRanking(src, advice.Request{Game: g, Sheet: advice.Sheet{Notation: "sixes=24,villa=0"}, Dice: dice, RollsLeft: &zero})
	p.open("?game=maxi-reduced&dice=44446")
	if got := p.text("#notice"); !strings.Contains(got, "dice=44446 is not six faces of maxi-reduced") {
		t.Errorf("a link with five dice: the page says %q", got)
	}
	p.playSixDice(t, src, g, 3)
	// At the table, the pad enters six dice.
	p.open("?game=maxi-reduced&mode=table")
	p.seat([2]string{"Ann", "assist"})
	p.pad("12345")
	if p.shown("#ranking-box") {
		t.Errorf("five dice of six entered: advice shown")
	}
	p.pad("6")
	if got, best := eval[string](p, `S.dice.join("")`), p.text("#best .what"); got != "123456" || !strings.HasPrefix(best, "Best: ") {
		t.Errorf("six dice entered on the pad: the dice are %s, the page says %q", got, best)
	}
	if err := chromedp.Do(p.ctx, chromedp.EmulateViewport(360, 740)); err != nil {
		t.Fatal(err)
	}
	if w := eval[int](p, "document.documentElement.scrollWidth"); w > 360 {
		t.Errorf("six dice make the page %d px wide on a 360 px screen", w)
	}
}

// playSixDice plays turns turns of six-dice game g in the page's play
// mode by taps: at each roll the advice, shown on asking, is advise
// --json's for the position; one die is held and the others rerolled
// while rolls are left, then the first open box is written.
func (p *page) playSixDice(t *testing.T, src advice.Opener, g *engine.Game, turns int) {
	t.Helper()
	p.open("?game=maxi-reduced")
	p.click("#mode-play")
	for written := 0; written < turns; {
		type position struct {
			Dice      []int  `json:"dice"`
			Sheet     string `json:"sheet"`
			RollsLeft int    `json:"rollsLeft"`
		}
		pos := eval[position](p, `({ dice: S.dice, sheet: S.sheet, rollsLeft: S.rollsLeft })`)
		dice, err := engine.FromDice(pos.Dice...)
		if err != nil || dice.Size() != 6 {
			t.Fatalf("turn %d: the page rolled %v (%v), want six dice", written+1, pos.Dice, err)
		}
		if p.shown("#ranking-box") {
			t.Fatalf("turn %d: the advice is shown before it is asked for", written+1)
		}
		p.click("#peek")
		p.checkRanking(src, advice.Request{Game: g, Sheet: advice.Sheet{Notation: pos.Sheet}, Dice: dice, RollsLeft: &pos.RollsLeft})
		args := []string{"advise", "--json", "--rules", sixDiceFile, "--dice", strings.Trim(strings.Join(strings.Fields(fmt.Sprint(pos.Dice)), ""), "[]"),
			"--rolls-left", strconv.Itoa(pos.RollsLeft)}
		if pos.Sheet != "" {
			args = append(args, "--sheet", pos.Sheet)
		}
		var want struct {
			Options []struct {
				Expected float64 `json:"expected"`
			} `json:"options"`
		}
		if out := command(t, src.Dir, args...); json.Unmarshal([]byte(out), &want) != nil || len(want.Options) == 0 {
			t.Fatalf("advise %q: %s", args, out)
		}
		shown := eval[[]string](p, `[...document.querySelectorAll("#ranking tbody tr")].map((tr) => tr.dataset.expected)`)
		if len(shown) != len(want.Options) {
			t.Fatalf("turn %d, %v with %d rolls left: the page ranks %d actions, advise --json %d", written+1, pos.Dice, pos.RollsLeft, len(shown), len(want.Options))
		}
		for i, o := range want.Options {
			if shown[i] != strconv.FormatFloat(o.Expected, 'g', -1, 64) {
				t.Errorf("turn %d, %v with %d rolls left: the page's rank %d expects %s, advise --json's %v", written+1, pos.Dice, pos.RollsLeft, i+1, shown[i], o.Expected)
			}
		}
		if pos.RollsLeft > 0 {
			p.click(`#dice .die[data-i="0"]`)
			p.click("#roll")
			continue
		}
		p.click(".box.open:not([disabled])")
		written++
		if sheet := eval[string](p, "S.sheet"); strings.Count(sheet, "=") != written {
			t.Fatalf("after %d turns the sheet is %q", written, sheet)
		}
	}
}
