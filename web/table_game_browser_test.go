package web

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"dicepoker/advice"
	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/review"
)

// tapJS taps the elements of a list of selectors, one after another in
// the same task as quick fingers do, with the click events a tap
// dispatches; then it waits until the page has drawn what they did (its
// renders counter has moved on and it is no longer busy). An element
// missing, hidden or disabled is an error: no one can tap it.
const tapJS = `(async (sels) => {
	const b = document.body.dataset, before = Number(b.renders || 0);
	for (const s of sels) {
		const e = document.querySelector(s);
		if (!e || !e.offsetParent || e.disabled) throw new Error("cannot tap " + s + ": " + (!e ? "not on the page" : e.disabled ? "disabled" : "hidden"));
		for (const type of ["pointerdown", "pointerup", "click"]) {
			e.dispatchEvent(new (type === "click" ? MouseEvent : PointerEvent)(type, { bubbles: true, cancelable: true, view: window }));
		}
	}
	for (const end = Date.now() + 180000; !(b.busy === "0" && Number(b.renders) > before);) {
		if (Date.now() > end) throw new Error("the page did not settle after tapping " + sels.join(", ") + ": " + document.querySelector("#status").textContent);
		await new Promise((r) => setTimeout(r, 10));
	}
	return true;
})(%s)`

// tap taps the elements css in one go (one round trip to the browser)
// and waits until the page has drawn what they did.
func (p *page) tap(css ...string) {
	p.t.Helper()
	sels, _ := json.Marshal(css)
	if _, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](fmt.Sprintf(tapJS, sels), chromedp.EvalAwaitPromise)); err != nil {
		p.t.Fatal(err)
	}
}

// padFaces returns the taps on the dice pad that enter faces (1 to 6).
func padFaces(faces []int) []string {
	taps := make([]string, len(faces))
	for k, f := range faces {
		taps[k] = fmt.Sprintf(`#pad .face[data-face="%d"]`, f)
	}
	return taps
}

// tableTurn is what the page shows the player to move, read in one go.
type tableTurn struct {
	Line     string
	Dice     []int // 0: a die to enter
	Rolls    int
	Advice   bool // the ranking or the best shown, or a die or box marked best
	Peek     bool // the peek button shown
	KeepBest bool // the keep-the-advised button shown
	Best     struct {
		Action   string
		Keep     []int
		Category string
	}
	Scores []string // the score options of the advice, best first
	Open   []struct {
		Box string
		Pts int
	}
	Coach string
}

const turnJS = `(() => {
	const shown = (s) => { const e = document.querySelector(s); return !!e && !!e.offsetParent; };
	const a = typeof advice !== "undefined" && advice;
	return {
		Line: document.querySelector("#turn-line").textContent, Dice: S.dice, Rolls: S.rollsLeft,
		Advice: shown("#best") || shown("#ranking-box") || document.querySelectorAll("#dice .die.keep, .box.best").length > 0,
		Peek: shown("#peek"), KeepBest: shown("#keep-best"),
		Best: a ? { Action: a.best.action, Keep: a.best.keep || [], Category: a.best.category || "" } : { Action: "", Keep: [], Category: "" },
		Scores: a ? a.options.filter((o) => o.action === "score").map((o) => o.category) : [],
		Open: [...document.querySelectorAll(".box.open:not([disabled])")].map((b) => ({ Box: b.dataset.box, Pts: parseInt(b.querySelector(".pts").textContent, 10) })),
		Coach: document.querySelector("#coach").textContent,
	};
})()`

func (p *page) turn() tableTurn {
	p.t.Helper()
	return eval[tableTurn](p, turnJS)
}

// mostFaces returns the positions of the dice that do not show the face
// most of them show (the highest of those): the dice a simple player
// rerolls.
func mostFaces(dice []int) []int {
	var count [7]int
	for _, d := range dice {
		count[d]++
	}
	most := 6
	for f := 5; f >= 1; f-- {
		if count[f] > count[most] {
			most = f
		}
	}
	var other []int
	for i, d := range dice {
		if d != most {
			other = append(other, i)
		}
	}
	return other
}

// TestBrowserTableYatzyThreePlayers plays a whole three-player yatzy game
// at the table by taps, from the choice of the players to the standings
// and the text shared: Ann writes with a pen, Bob follows the advice,
// Cy peeks at it and now and then writes in a worse box. The dice come
// from a seeded source, entered on the pad, with rerolls through the
// page's own flow (Reroll, and Bob's keep of the advised dice).
func TestBrowserTableYatzyThreePlayers(t *testing.T) {
	t.Parallel()
	start := time.Now()
	p := newPage(t, advice.Opener{})
	g, _ := engine.New("yatzy", engine.Options{})
	p.open("?game=yatzy&mode=table")
	p.seat([2]string{"Ann", "pen"}, [2]string{"Bob", "assist"}, [2]string{"Cy", "peek"})
	names := []string{"Ann", "Bob", "Cy"}
	rng := rand.New(rand.NewPCG(43, 2026))
	roll := func(n int) []int {
		faces := make([]int, n)
		for k := range faces {
			faces[k] = 1 + rng.IntN(6)
		}
		return faces
	}
	sheets := make([]coach.Sheet, 3)
	for i := range sheets {
		sheets[i], _ = coach.ParseSheet(g, "")
	}
	decisions := make([]int, 3)
	rerolls := make([]int, 3)
	worse := 0   // Cy's writes in a box not the best
	bobWins := 0 // Bob's decisions before he plays to win

	// enter taps the faces of the dice to enter on the pad and returns the
	// dice the page then holds.
	enter := func() tableTurn {
		t.Helper()
		tt := p.turn()
		n := 0
		for _, d := range tt.Dice {
			if d == 0 {
				n++
			}
		}
		if n == 0 {
			t.Fatalf("%s: no dice to enter", tt.Line)
		}
		p.tap(padFaces(roll(n))...)
		return p.turn()
	}
	// write taps box and checks the sheet written against coach's.
	write := func(i int, tt tableTurn, box string) {
		t.Helper()
		m, err := engine.FromDice(tt.Dice...)
		if err != nil {
			t.Fatalf("%s: dice %v: %v", tt.Line, tt.Dice, err)
		}
		mv, err := sheets[i].Write(m, false, box, false)
		if err != nil {
			t.Fatalf("%s: %s with %v: %v", tt.Line, box, tt.Dice, err)
		}
		p.tap(fmt.Sprintf(`.box[data-box=%q]`, box))
		sheets[i] = mv.Next
		decisions[i]++
		if got := eval[string](p, fmt.Sprintf(`S.table.players[%d].sheet`, i)); got != mv.Next.String() {
			t.Fatalf("%s wrote %v in %s: the sheet is %q, want %q", names[i], tt.Dice, box, got, mv.Next.String())
		}
	}
	// reroll clears the dice at positions and taps Reroll.
	reroll := func(i int, at []int) {
		t.Helper()
		taps := make([]string, len(at))
		for k, d := range at {
			taps[k] = fmt.Sprintf(`#dice .die[data-i="%d"]`, d)
		}
		p.tap(taps...)
		p.tap("#roll")
		decisions[i]++
		rerolls[i]++
	}

	for turn := 1; turn <= 15; turn++ {
		for i, name := range names {
			tt := enter()
			if want := fmt.Sprintf("%s to move, turn %d of 15", name, turn); tt.Line != want {
				t.Fatalf("the table says %q, want %q", tt.Line, want)
			}
			switch name {
			case "Ann": // a pen: no advice; rerolls now and then, then writes the most points
				if tt.Advice || tt.Peek || tt.KeepBest {
					t.Fatalf("%s: a pen player is shown advice", tt.Line)
				}
				if turn%4 == 1 {
					if at := mostFaces(tt.Dice); len(at) > 0 {
						reroll(i, at)
						tt = enter()
					}
				}
				best := tt.Open[0]
				for _, o := range tt.Open {
					if o.Pts > best.Pts {
						best = o
					}
				}
				before := sheets[i].Score()
				write(i, tt, best.Box)
				if got := sheets[i].Score() - before; got != best.Pts && got != best.Pts+50 { // 50: the upper bonus
					t.Errorf("%s: %s showed %d points for %v and scored %d", tt.Line, best.Box, best.Pts, tt.Dice, got)
				}
			case "Bob": // assist: follows the advice, keeping the advised dice
				for {
					if !tt.Advice || tt.Best.Action == "" {
						t.Fatalf("%s: an assisted player sees no advice", tt.Line)
					}
					if turn == 1 && tt.Rolls == 2 || turn == 15 && tt.Rolls == 2 {
						two := 2
						m, _ := engine.FromDice(tt.Dice...)
						pos := advice.Request{Game: g, Sheet: advice.Sheet{Notation: sheets[1].String()}, Dice: m, RollsLeft: &two}
						p.checkRanking(advice.Opener{}, pos)
						if kept, want := eval[int](p, `document.querySelectorAll("#dice .die.keep").length`), len(tt.Best.Keep); tt.Best.Action == "keep" && kept != want {
							t.Errorf("%s: %d dice marked keep, want %d", tt.Line, kept, want)
						}
						if turn == 15 { // Bob plays to win against the others' sheets
							bobWins = decisions[1]
							p.tap("#win")
							toWin := pos
							toWin.Opponents = []advice.Sheet{{Notation: sheets[0].String()}, {Notation: sheets[2].String()}}
							win, err := advised(advice.Opener{}, toWin)
							if err != nil {
								t.Fatal(err)
							}
							if got := eval[float64](p, `advice.probability`); got != win.Goal.Chance[0] || p.text("#best .what") != "Best: "+win.Describe(0) {
								t.Errorf("Bob playing to win: the page shows %q at %v, advise --opponent at %q %v", p.text("#best .what"), got, win.Describe(0), win.Goal.Chance[0])
							}
							tt = p.turn()
						}
					}
					if tt.Best.Action == "score" {
						write(i, tt, tt.Best.Category)
						break
					}
					if !tt.KeepBest {
						t.Fatalf("%s: the advice keeps %v, and no button keeps them", tt.Line, tt.Best.Keep)
					}
					p.tap("#keep-best")
					decisions[i]++
					rerolls[i]++
					if got := p.text("#coach"); !strings.HasPrefix(got, "✓ Bob") {
						t.Errorf("%s: after keeping the advised, the coach says %q", tt.Line, got)
					}
					if turn == 2 { // typed on a keyboard this time
						n := eval[int](p, `S.dice.filter((d) => !d).length`)
						typed := ""
						for _, f := range roll(n) {
							typed += strconv.Itoa(f)
						}
						p.keys(typed)
						if tt = p.turn(); slices.Contains(tt.Dice, 0) {
							t.Fatalf("%s: typed %s, the dice are %v", tt.Line, typed, tt.Dice)
						}
						continue
					}
					tt = enter()
				}
			case "Cy": // peeks; rerolls on some turns, writes a worse box on others
				for {
					if tt.Advice || !tt.Peek {
						t.Fatalf("%s: a peeking player sees the advice before the tap", tt.Line)
					}
					p.tap("#peek")
					tt = p.turn()
					if !tt.Advice || tt.Peek {
						t.Fatalf("%s: no advice after the peek", tt.Line)
					}
					if tt.Rolls > 0 && (turn%3 == 0 || turn%3 == 2 && tt.Rolls == 2) {
						if at := mostFaces(tt.Dice); len(at) > 0 {
							reroll(i, at)
							tt = enter()
							continue
						}
					}
					box := tt.Scores[0]
					if turn%3 == 1 && len(tt.Scores) > 1 {
						box = tt.Scores[len(tt.Scores)-1]
					}
					write(i, tt, box)
					if said := p.text("#coach"); box != tt.Scores[0] {
						worse++
						if !strings.HasPrefix(said, "Cy: the best was ") && !strings.Contains(said, "tied with the best") {
							t.Errorf("%s: after Cy's %s the coach says %q", tt.Line, box, said)
						}
					}
					break
				}
			}
		}
		if turn == 7 { // undo works across players; a reload loses nothing
			p.tap("#undo")
			if got := p.text("#turn-line"); got != "Cy to move, turn 7 of 15" {
				t.Errorf("after undo: %q", got)
			}
			p.tap("#redo")
			p.load(chromedp.Reload())
			if got := p.text("#turn-line"); got != "Ann to move, turn 8 of 15" {
				t.Errorf("after redo and a reload: %q", got)
			}
		}
	}
	if !p.shown("#standings") || p.shown("#table") {
		t.Fatal("no standings at the end of the game")
	}
	for i, n := range rerolls {
		if n == 0 {
			t.Errorf("%s never rerolled", names[i])
		}
	}
	if worse == 0 {
		t.Error("Cy never wrote in a worse box")
	}

	// The standings are the sheets' scores; the reviews are review's.
	type standing struct {
		i, score int
	}
	var ranks []standing
	for i, s := range sheets {
		if !s.Over() {
			t.Errorf("%s's sheet %q is not over", names[i], s.String())
		}
		ranks = append(ranks, standing{i, s.Score()})
	}
	slices.SortStableFunc(ranks, func(a, b standing) int { return b.score - a.score })
	shown := eval[[]string](p, `[...document.querySelectorAll("#standings .ranks li")].map((li) => li.textContent)`)
	if eval[int](p, `document.querySelectorAll("#standings .player-review").length`) != 2 {
		t.Errorf("want the review of Bob and Cy, not of Ann who played with a pen (status %q)", p.text("#status"))
	}
	reports := map[int]*review.Report{1: p.checkReview(advice.Opener{}, 1, decisions[1]), 2: p.checkReview(advice.Opener{}, 2, decisions[2])}
	for k, it := range reports[1].Items[:bobWins] {
		if !it.Optimal() {
			t.Errorf("Bob's decision %d followed the advice and lost %v", k+1, it.Loss)
		}
	}
	if reports[2].Loss == 0 {
		t.Error("Cy's review shows no loss")
	}
	text := "dicepoker yatzy: 3 players"
	rank := 0
	for k, r := range ranks {
		if k >= len(shown) || shown[k] != names[r.i]+strconv.Itoa(r.score) {
			t.Errorf("standing %d: the page shows %q, want %s %d", k+1, shown, names[r.i], r.score)
		}
		if k == 0 || r.score != ranks[k-1].score {
			rank = k + 1
		}
		text += fmt.Sprintf("\n%d. %s %d", rank, names[r.i], r.score)
		if rep, ok := reports[r.i]; ok {
			text += fmt.Sprintf(" (gave up %.2f points in %d decisions, %d optimal)", rep.Loss, len(rep.Items), rep.Optimal)
		}
	}
	shoot(t, p.ctx, "table-game-standings")

	if err := chromedp.Do(p.ctx, chromedp.Click(chromedp.CSS("#share"))); err != nil {
		t.Fatal(err)
	}
	if err := waitUntil(p.ctx, `document.querySelector("#share-said").textContent !== ""`, 10*time.Second); err != nil {
		t.Fatalf("Share said nothing: %v", err)
	}
	if got := eval[string](p, `document.querySelector("#share-text").value`); got != text {
		t.Errorf("the shared text is\n%s\nwant\n%s", got, text)
	}
	if said := p.text("#share-said"); said != "copied" && (said != "copy the text below" || !p.shown("#share-text")) {
		t.Errorf("after Share the page says %q", said)
	}
	t.Logf("45 turns, %v decisions, %v rerolls, %d worse writes by Cy, in %v", decisions, rerolls, worse, time.Since(start).Round(time.Millisecond))
}
