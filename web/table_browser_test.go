package web

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"

	"dicepoker/advice"
	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/record"
	"dicepoker/review"
	"dicepoker/school"
	"dicepoker/strategy"
	"dicepoker/tables"
)

// seat chooses the players at the table by taps: their names and modes.
func (p *page) seat(players ...[2]string) {
	p.t.Helper()
	for n := eval[int](p, `document.querySelectorAll("#setup-players li").length`); n != len(players); {
		if n < len(players) {
			p.click("#add-player")
			n++
		} else {
			n--
			p.click(fmt.Sprintf(`#setup-players li[data-i="%d"] .remove`, n))
		}
	}
	for i, pl := range players {
		li := fmt.Sprintf(`#setup-players li[data-i="%d"]`, i)
		name := li + " input.name"
		if err := chromedp.Do(p.ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).select()`, name)),
			chromedp.SendKeys(chromedp.CSS(name), pl[0])); err != nil {
			p.t.Fatal(err)
		}
		mode := fmt.Sprintf(`%s [data-mode=%q]`, li, pl[1])
		p.click(mode)
		if !eval[bool](p, fmt.Sprintf(`document.querySelector(%q).getAttribute("aria-pressed") === "true"`, mode)) {
			p.t.Errorf("player %d's mode %s does not show chosen", i+1, pl[1])
		}
	}
	p.click("#start-table")
}

// pad taps the faces on the dice pad, one by one.
func (p *page) pad(faces string) {
	p.t.Helper()
	g := eval[string](p, `games[S.game].faces`)
	for _, c := range faces {
		p.click(fmt.Sprintf(`#pad .face[data-face="%d"]`, strings.IndexRune(g, c)+1))
	}
}

// shown reports whether the element css is on the page and not hidden.
func (p *page) shown(css string) bool {
	p.t.Helper()
	return eval[bool](p, fmt.Sprintf(`(() => { const e = document.querySelector(%q); return !!e && !!e.offsetParent; })()`, css))
}

// checkReview compares the review the table shows for player i with
// review's for the record of that player's decisions, and returns review's.
func (p *page) checkReview(src advice.Source, i, decisions int) *review.Report {
	p.t.Helper()
	lines := eval[string](p, fmt.Sprintf(`S.table.players[%d].record.join("\n") + "\n"`, i))
	rec, err := record.Read(strings.NewReader(lines), "played")
	if err != nil {
		p.t.Fatal(err)
	}
	adv, err := advice.Advisor(src, rec.Game)
	if err != nil {
		p.t.Fatal(err)
	}
	r, err := review.Review(rec, adv)
	if err != nil {
		p.t.Fatal(err)
	}
	if len(r.Items) != decisions {
		p.t.Errorf("player %d: the record holds %d decisions, want %d", i, len(r.Items), decisions)
	}
	at := fmt.Sprintf(`#standings .player-review[data-i="%d"] `, i)
	for _, c := range []struct{ css, want string }{
		{".r-expected", fmt.Sprintf("%.2f", r.Expected)},
		{".r-loss", fmt.Sprintf("%.3f", r.Loss)},
		{".r-optimal", fmt.Sprintf("%d of %d", r.Optimal, len(r.Items))},
	} {
		if got := p.text(at + c.css); got != c.want {
			p.t.Errorf("player %d's review %s: the page shows %q, want %q", i, c.css, got, c.want)
		}
	}
	return r
}

// greedyTakenThrees saves in the tables directory the tests share the
// table of one-column school with the threes' bonus taken, every sheet
// valued 0: the greedy player that testSource plays on every other sheet.
// Without it the server would solve that variant exactly in memory for
// the school table's tests, some 17 s of processor time, and play it
// there alone; TestSchoolVariantSolvedInMemory checks that solve on a
// reduced sheet.
var greedyTakenThrees = sync.OnceValue(func() error {
	g, err := engine.New("school", engine.Options{Columns: 1, Taken: "threes"})
	if err != nil {
		return err
	}
	l, err := school.NewLayout(g)
	if err != nil {
		return err
	}
	return (&school.Exact{Game: g, Layout: l, Values: make([]float32, l.Size())}).Save(strategy.Path(os.Getenv(tables.EnvDir), g))
})

// schoolTablePage opens a tab on the server of testSource for a school
// table's game, whose players take each other's bonuses.
func schoolTablePage(t *testing.T) *page {
	t.Helper()
	if err := greedyTakenThrees(); err != nil {
		t.Fatal(err)
	}
	return newPage(t, testSource)
}

func TestBrowserTableSchoolBonuses(t *testing.T) {
	t.Parallel()
	p := schoolTablePage(t)
	g, _ := engine.New("school", engine.Options{Columns: 1})
	p.open("?game=school&rules=columns%3D1&mode=table")
	for range 2 {
		p.click("#add-player")
	}
	if n := eval[int](p, `document.querySelectorAll("#setup-players li").length`); n != 4 || !eval[bool](p, `document.querySelector("#add-player").disabled`) {
		t.Errorf("school seats %d players, want at most 4", n)
	}
	for range 2 {
		p.click(`#setup-players li[data-i="2"] .remove`)
	}
	p.seat([2]string{"Ann", "assist"}, [2]string{"Bob", "pen"})
	if !strings.Contains(p.text("#win-note"), "not offered for school") || !eval[bool](p, `document.querySelector("#win").disabled`) {
		t.Errorf("school's play to win: %q", p.text("#win-note"))
	}
	// Ann closes the threes first and takes their bonus from Bob.
	p.pad("33335")
	p.click(`.cell.next[data-row="threes"]`)
	if got := p.text("#turn-line"); got != "Bob to move, turn 1 of 15" {
		t.Errorf("after Ann's write: %q", got)
	}
	bob, _ := coach.ParseSheet(g, "taken=threes")
	if got := eval[string](p, `S.sheet`); got != bob.String() {
		t.Errorf("Bob's sheet is %q, want %q", got, bob.String())
	}
	if got := p.text(`.grid tr:nth-child(3) .bonus`); got != "✕" {
		t.Errorf("Bob's threes bonus shows %q, want ✕ (taken)", got)
	}
	shoot(t, p.ctx, "table-school")
	// Bob cannot have it now; his next write passes the turn back to Ann.
	p.pad("33336")
	if eval[bool](p, `view.rows[2].in_reach`) {
		t.Error("the threes bonus is still in Bob's reach")
	}
	p.click(`.cell.next[data-row="sixes"]`)
	if got := p.text("#turn-line"); got != "Ann to move, turn 2 of 15" {
		t.Errorf("after Bob's write: %q", got)
	}
	ann := eval[string](p, `S.sheet`)
	if !strings.HasPrefix(ann, "threes=x") || strings.Contains(ann, "taken") {
		t.Errorf("Ann's sheet is %q", ann)
	}
	// A seat tapped shows that player's sheet.
	p.click(`.seat[data-i="1"]`)
	if got := p.text(`.grid tr:nth-child(6) .cell.written`); got == "" || p.shown("#pad") {
		t.Errorf("Bob's sheet seen from Ann's turn: sixes %q", got)
	}
	p.click(`.seat[data-i="1"]`)
	if !p.shown("#pad") {
		t.Error("back to Ann's turn: no dice pad")
	}
}

func TestBrowserDicePad(t *testing.T) {
	t.Parallel()
	p := newPage(t, advice.Opener{})
	p.open("?game=poker-dice&mode=table")
	p.seat([2]string{"Ann", "assist"})
	if faces := eval[string](p, `[...document.querySelectorAll("#pad .face")].map((b) => b.textContent).join(" ")`); faces != "9 10 J Q K A" {
		t.Errorf("the poker-dice pad shows %q", faces)
	}
	p.pad("AKA9T")                    // in any order
	p.click(`#dice .die[data-i="3"]`) // the 9 was a queen: clear it and tap the queen
	if eval[int](p, `S.dice[3]`) != 0 {
		t.Fatalf("the die tapped holds %d, want it cleared", eval[int](p, `S.dice[3]`))
	}
	p.pad("Q")
	g, _ := engine.New("poker-dice", engine.Options{})
	one := 1
	dice, _ := engine.ParseDice("AKAQT", g.Letters)
	p.checkRanking(advice.Opener{}, advice.Request{Game: g, Dice: dice, RollsLeft: &one})
	a, _ := advised(advice.Opener{}, advice.Request{Game: g, Dice: dice, RollsLeft: &one})
	if kept := eval[int](p, `document.querySelectorAll("#dice .die.keep").length`); kept != a.Actions[0].Keep.Size() {
		t.Errorf("%d dice marked keep, want %d (%s)", kept, a.Actions[0].Keep.Size(), a.Describe(0))
	}
	if err := chromedp.Do(p.ctx, chromedp.EmulateViewport(360, 740)); err != nil {
		t.Fatal(err)
	}
	if w := eval[int](p, "document.documentElement.scrollWidth"); w > 360 {
		t.Errorf("the table is %d px wide on a 360 px screen", w)
	}
	shoot(t, p.ctx, "table-dice-pad")
	// Typed on a keyboard, and Backspace clears the last die.
	for range 5 {
		p.click(`#dice .die:not(.empty)`)
	}
	p.keys("9tjq")
	p.do(chromedp.KeyEvent("\b"))
	p.keys("ka")
	if got := eval[string](p, `S.dice.join("")`); got != "12356" {
		t.Errorf("typed 9 t j q, backspace, k a: the dice are %s, want 12356", got)
	}

	// A storage too small for the undo stack keeps the position and the latest moves.
	before := eval[int](p, `Storage.prototype.setItem = ((set) => function (k, v) {
		if (v.length > 6000) throw new DOMException("full", "QuotaExceededError");
		return set.call(this, k, v);
	})(Storage.prototype.setItem), undo.length`)
	p.click(`#dice .die[data-i="4"]`)
	p.load(chromedp.Reload())
	if got, kept := eval[string](p, `S.dice.join("")`), eval[int](p, `undo.length`); got != "12350" || kept == 0 || kept > before {
		t.Errorf("after a reload with a small storage: dice %s, %d moves to undo of %d", got, kept, before+1)
	}
}

func TestBrowserCleanPage(t *testing.T) {
	t.Parallel()
	p := newPage(t, testSource)
	// Before the script runs, nothing of a mode shows.
	res, err := http.Get(p.url + "/")
	if err != nil {
		t.Fatal(err)
	}
	html, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"fresh-box", "roll", "target-box", "opponents", "cross", "aim", "pad", "setup", "seats", "standings", "best", "keep-best", "peek", "notice", "review", "ranking-box"} {
		tag := regexp.MustCompile(`<[a-z]+ [^>]*id="` + id + `"[^>]*>`).Find(html)
		if !regexp.MustCompile(`\shidden[\s>]`).Match(tag) {
			t.Errorf("#%s shows before the script runs: %s", id, tag)
		}
	}
	// The dice of a link without a game are the default game's.
	p.open("?dice=33556")
	g, _ := engine.New("yahtzee", engine.Options{})
	dice, _ := engine.FromDice(3, 3, 5, 5, 6)
	p.checkRanking(testSource, advice.Request{Game: g, Dice: dice})
	// Examples use the game's boxes.
	p.click(`#aim [data-aim="beat"]`)
	if got := eval[string](p, `document.querySelector("#opponents").placeholder`); !strings.HasSuffix(got, "ones=3,twos=4") {
		t.Errorf("yahtzee's opponents box suggests %q", got)
	}
	for _, c := range []struct{ query, says string }{
		{"?dice=3355", "dice=3355 is not five faces of yahtzee"},
		{"?game=poker-dice&dice=99TKX", "dice=99TKX is not five faces of poker-dice"},
		{"?game=yatzy&rolls=3", "rolls=3: yatzy has 0 to 2 rerolls left"},
		{"?game=farkle", "game=farkle is not a game"},
		{"?game=yahtzee&sheet=ones%3D7", "sheet=ones=7: "},
		{"?game=school&rules=columns%3D1&target=200", "not offered for school"},
		{"?game=poker-dice&target=lots", "target=lots is not a total"},
		{"?dice=33556&seed=4", "seed= is not a field of a position"},
	} {
		p.open(c.query)
		if !p.shown("#notice") || !strings.Contains(p.text("#notice"), c.says) {
			t.Errorf("%s: the page says %q, want %q", c.query, p.text("#notice"), c.says)
		}
	}
	shoot(t, p.ctx, "refused-link")
}

func TestBrowserTablePageRolls(t *testing.T) {
	t.Parallel()
	p := newPage(t, advice.Opener{})
	p.open("?game=poker-dice&mode=table")
	if err := chromedp.Do(p.ctx, chromedp.Click(chromedp.CSS("#page-rolls"))); err != nil {
		t.Fatal(err)
	}
	p.seat([2]string{"Ann", "peek"})
	if p.shown("#pad") || eval[int](p, `S.dice.filter((d) => d >= 1 && d <= 6).length`) != 5 {
		t.Fatalf("the page rolled %s, and shows the pad: %v", eval[string](p, `S.dice.join(" ")`), p.shown("#pad"))
	}
	kept := eval[int](p, `S.dice[0]`)
	for i := 1; i < 5; i++ {
		p.click(fmt.Sprintf(`#dice .die[data-i="%d"]`, i))
	}
	p.click("#roll")
	if got := eval[string](p, `JSON.stringify([S.rollsLeft, S.dice[0], S.held[0], S.dice.every((d) => d >= 1)])`); got != fmt.Sprintf("[0,%d,true,true]", kept) {
		t.Errorf("after a reroll of four dice: [rolls left, first die, held, all rolled] = %s", got)
	}
	line := eval[string](p, `S.table.players[0].record[0]`)
	if want := fmt.Sprintf(`"action":{"keep":[%d]}`, kept); !strings.Contains(line, want) {
		t.Errorf("the record holds %s, want the keep of the first die", line)
	}
}

// schoolSheet writes each of dice in its row, in order, on a new school sheet.
func schoolSheet(t *testing.T, g *engine.Game, turns ...[2]string) coach.Sheet {
	t.Helper()
	sheet, _ := coach.ParseSheet(g, "")
	for _, turn := range turns {
		m, _ := engine.ParseDice(turn[1], g.Letters)
		mv, err := sheet.Write(m, true, turn[0], false)
		if err != nil {
			t.Fatalf("%s with %s: %v", turn[0], turn[1], err)
		}
		sheet = mv.Next
	}
	return sheet
}

func TestBrowserTableSchoolReview(t *testing.T) {
	t.Parallel()
	p := schoolTablePage(t)
	g, _ := engine.New("school", engine.Options{Columns: 1})
	p.open("?game=school&rules=columns%3D1&mode=table")
	p.seat([2]string{"Ann", "assist"}, [2]string{"Bob", "peek"})
	// Two turns from the end: Ann has the threes and sixes open, Bob the threes and fours.
	rest := [][2]string{{"ones", "11123"}, {"twos", "22213"}, {"fives", "55512"}, {"pair", "11223"}, {"three-of-a-kind", "22234"},
		{"two-pairs", "22334"}, {"full-house", "22333"}, {"four-of-a-kind", "22223"}, {"five-of-a-kind", "22222"},
		{"small-straight", "12345"}, {"large-straight", "23456"}, {"sum", "66665"}}
	ann := schoolSheet(t, g, append(rest, [2]string{"fours", "44412"})...)
	bob := schoolSheet(t, g, append(rest, [2]string{"sixes", "66612"})...)
	eval[bool](p, fmt.Sprintf(`(() => { S.table.players[0].sheet = %q; S.table.players[1].sheet = %q; S.sheet = %[1]q; save(); return true; })()`, ann, bob))
	p.load(chromedp.Reload())
	for _, turn := range [][2]string{{"sixes", "66612"}, {"fours", "44412"}, {"threes", "33312"}, {"threes", "33345"}} {
		p.pad(turn[1])
		p.click(fmt.Sprintf(`.cell.next[data-row=%q]`, turn[0]))
	}
	// Ann closed the threes first: Bob's record is reviewed in two parts, before and after.
	if got := eval[string](p, `JSON.stringify(S.table.players.map((pl) => pl.cuts))`); got != "[[],[1]]" {
		t.Errorf("the records' parts start at %s, want Bob's second decision", got)
	}
	if !p.shown("#standings") {
		t.Fatal("no standings at the end")
	}
	var loss float64
	var optimal, decisions int
	for k := range 2 {
		line := eval[string](p, fmt.Sprintf(`S.table.players[1].record[%d]`, k))
		rec, err := record.Read(strings.NewReader(line), "played")
		if err != nil {
			t.Fatal(err)
		}
		adv, _ := advice.Advisor(testSource, rec.Game)
		r, err := review.Review(rec, adv)
		if err != nil {
			t.Fatal(err)
		}
		loss, optimal, decisions = loss+r.Loss, optimal+r.Optimal, decisions+len(r.Items)
	}
	at := `#standings .player-review[data-i="1"] `
	if got, want := p.text(at+".r-loss"), fmt.Sprintf("%.3f", loss); got != want {
		t.Errorf("Bob gave up %s points on the page, want %s", got, want)
	}
	if got, want := p.text(at+".r-optimal"), fmt.Sprintf("%d of %d", optimal, decisions); got != want {
		t.Errorf("Bob's optimal decisions on the page: %s, want %s", got, want)
	}
	p.checkReview(testSource, 0, 2)
	shoot(t, p.ctx, "table-school-standings")
}
