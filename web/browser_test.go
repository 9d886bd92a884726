package web

import (
	"context"
	"fmt"
	"net"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"dicepoker/advice"
	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/internal/browsertest"
	"dicepoker/internal/lan"
	"dicepoker/record"
	"dicepoker/review"
)

// screenshotDir returns where the browser tests leave their pictures of
// the page for people to look at: $DICEPOKER_SCREENSHOTS, else
// testdata/screenshots (which git ignores).
func screenshotDir() string {
	if dir := os.Getenv("DICEPOKER_SCREENSHOTS"); dir != "" {
		return dir
	}
	return "testdata/screenshots"
}

// shared is the browser the tests share, started by the first that asks
// for a tab and stopped by TestMain.
var shared struct {
	mu      sync.Mutex
	ctx     context.Context // the browser's first tab; nil until started
	dataDir string
	stop    func()
}

// sharedBrowser returns the first tab of the shared browser, starting it
// with the Chromium at path on first use.
func sharedBrowser(path string) (context.Context, error) {
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.ctx != nil {
		return shared.ctx, nil
	}
	dir, err := os.MkdirTemp("", "dicepoker-web-chromium")
	if err != nil {
		return nil, err
	}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), browsertest.Options(path, dir)...)
	ctx, cancel2 := chromedp.NewContext(actx)
	stop := func() { cancel2(); cancel(); os.RemoveAll(dir) }
	if err := chromedp.Do(ctx); err != nil {
		stop()
		return nil, err
	}
	shared.ctx, shared.dataDir, shared.stop = ctx, dir, stop
	return ctx, nil
}

// stopBrowser stops the shared browser, if it was started.
func stopBrowser() {
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.stop != nil {
		shared.stop()
		shared.ctx, shared.stop = nil, nil
	}
}

// browser returns a new tab of headless Chromium, at a phone's size, or
// skips the test when there is no chromium, except in CI (CI=true),
// where that is a failure. Without extra options the tab opens in the
// browser the tests share, in a browser context of its own (its own
// storage, as a new profile has); with them, in a browser of its own
// started with those options besides the usual ones.
func browser(t *testing.T, extra ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	path := browsertest.Chromium(t)
	var ctx context.Context
	if len(extra) == 0 {
		parent, err := sharedBrowser(path)
		if err != nil {
			t.Fatalf("cannot start chromium: %v", err)
		}
		var cancel context.CancelFunc
		ctx, cancel = chromedp.NewContext(parent, chromedp.WithNewBrowserContext())
		t.Cleanup(cancel)
	} else {
		actx, cancel := chromedp.NewExecAllocator(context.Background(), browsertest.Options(path, t.TempDir(), extra...)...)
		t.Cleanup(cancel)
		var cancel2 context.CancelFunc
		ctx, cancel2 = chromedp.NewContext(actx)
		t.Cleanup(cancel2)
	}
	ctx, cancel3 := context.WithTimeout(ctx, 8*time.Minute)
	t.Cleanup(cancel3)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844)); err != nil {
		t.Fatalf("cannot start chromium: %v", err)
	}
	return ctx
}

// settleTimeout is how long a page may take to draw what a tap did: a
// table solved for it (yatzy's: some 6 s of processor time) on a machine
// that other work shares with the tests running side by side.
const settleTimeout = 3 * time.Minute

// colors chooses the page's light or dark colors, as prefers-color-scheme.
func colors(scheme string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}})
		return err
	})
}

// shoot writes screenshots of the page at a phone's and a desktop's size,
// name-390.png and name-1280.png, and in dark colors on the phone,
// name-390-dark.png.
func shoot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	screenshots := screenshotDir()
	if err := os.MkdirAll(screenshots, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, size := range []struct {
		w, h        int64
		scheme, tag string
	}{{390, 844, "light", "390"}, {1280, 800, "light", "1280"}, {390, 844, "dark", "390-dark"}} {
		if err := chromedp.Do(ctx, colors(size.scheme), chromedp.EmulateViewport(size.w, size.h), chromedp.Sleep(150*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(screenshots, name+"-"+size.tag+".png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Do(ctx, colors("light"), chromedp.EmulateViewport(390, 844)); err != nil {
		t.Fatal(err)
	}
}

// idle waits until the page has drawn the ranking of its position. A
// poll that starts as a navigation replaces the page's JavaScript context
// finds that context gone; it is polled again in the new one.
func idle(t *testing.T, ctx context.Context) {
	t.Helper()
	for try := 1; ; try++ {
		err := waitUntil(ctx, `document.body.dataset.busy === "0"`, settleTimeout)
		if err == nil {
			return
		}
		if try == 5 || !contextGone(err) {
			t.Fatalf("the page did not settle: %v", err)
		}
	}
}

// waitUntil waits until the JavaScript expression cond holds on the page,
// for at most timeout. It tests cond at once, then on each change of the
// page's document (the page marks its body's data-busy and data-renders
// as it draws), not on every frame: a wait of seconds for a solve costs
// the browser no work.
func waitUntil(ctx context.Context, cond string, timeout time.Duration) error {
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingMutation(), chromedp.WithPollingTimeout(timeout)))
	return err
}

// contextGone reports whether err says that the JavaScript context a
// command ran in went away with a navigation.
func contextGone(err error) bool {
	return strings.Contains(err.Error(), "Cannot find context with specified id") || strings.Contains(err.Error(), "Execution context was destroyed")
}

// page is a browser tab on the server, for the tests to drive.
type page struct {
	t   *testing.T
	ctx context.Context
	url string
}

// newPage opens a tab on the server the tests of src share.
func newPage(t *testing.T, src Source) *page {
	ctx := browser(t)
	return &page{t, ctx, sharedServer(t, src)}
}

// newPageWith opens a tab on a server of its own with src and o.
func newPageWith(t *testing.T, src Source, o Options) *page {
	ctx := browser(t)
	return &page{t, ctx, serve(t, src, o).URL}
}

// do runs actions on the page and waits until it has drawn what they did.
func (p *page) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	before := eval[string](p, "document.body.dataset.renders || '0'")
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.t.Fatal(err)
	}
	wait := fmt.Sprintf(`document.body.dataset.busy === "0" && Number(document.body.dataset.renders) > %s`, before)
	if err := waitUntil(p.ctx, wait, settleTimeout); err != nil {
		p.t.Fatalf("the page did not settle: %v (busy %s, renders %s, was %s, status %q)", err, eval[string](p, "document.body.dataset.busy"),
			eval[string](p, "document.body.dataset.renders"), before, eval[string](p, `document.querySelector("#status").textContent`))
	}
}

// load loads a page and waits until it has drawn its position.
func (p *page) load(action chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, chromedp.Evaluate[chromedp.Void](`document.body && (document.body.dataset.busy = "1")`), action); err != nil {
		p.t.Fatal(err)
	}
	idle(p.t, p.ctx)
}

func (p *page) open(query string) { p.t.Helper(); p.load(chromedp.Navigate(p.url + "/" + query)) }

func (p *page) click(css string) { p.t.Helper(); p.do(chromedp.Click(chromedp.CSS(css))) }

// keys types on the page, as a desktop keyboard does.
func (p *page) keys(s string) {
	p.t.Helper()
	for _, k := range s {
		p.do(chromedp.KeyEvent(string(k)))
	}
}

func (p *page) text(css string) string {
	p.t.Helper()
	return eval[string](p, fmt.Sprintf(`document.querySelector(%q).textContent`, css))
}

func eval[T any](p *page, js string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](js))
	if err != nil {
		p.t.Fatalf("%s: %v", js, err)
	}
	return v
}

// query returns the position the page's URL holds, once the page has
// kept its state (persist), as it does a second after a change at the
// latest, and when it is left.
func (p *page) query() url.Values {
	p.t.Helper()
	q, err := url.ParseQuery(strings.TrimPrefix(eval[string](p, "persist(), location.search"), "?"))
	if err != nil {
		p.t.Fatal(err)
	}
	return q
}

// shownRow is a row of the ranking the page shows.
type shownRow struct {
	Action   string
	Expected string // the full value, from data-expected
	Tie      string
}

// checkRanking compares the ranking the page shows with advise's for
// position pos: every action, in order, with its expected score and tie.
func (p *page) checkRanking(src advice.Source, pos advice.Request) {
	p.t.Helper()
	rows := eval[[]shownRow](p, `[...document.querySelectorAll("#ranking tbody tr")].map((tr) => ({
		Action: tr.querySelector(".action").firstChild.textContent, Expected: tr.dataset.expected, Tie: tr.dataset.tie }))`)
	a, err := advised(src, pos)
	if err != nil {
		p.t.Fatal(err)
	}
	if len(rows) != len(a.Actions) {
		p.t.Fatalf("the page ranks %d actions, advise %d", len(rows), len(a.Actions))
	}
	for i, r := range rows {
		got, err := strconv.ParseFloat(r.Expected, 64)
		if err != nil || r.Action != a.Describe(i) || got != a.Expected(i) || r.Tie != strconv.FormatBool(a.Tie(i)) {
			p.t.Errorf("rank %d: the page shows %+v, advise %q %v tie %v", i+1, r, a.Describe(i), a.Expected(i), a.Tie(i))
		}
	}
	if best := p.text("#best .what"); best != "Best: "+a.Describe(0) {
		p.t.Errorf("the page shows %q, advise's best is %q", best, a.Describe(0))
	}
}

func TestBrowserRankingIsAdvise(t *testing.T) {
	t.Parallel()
	p := newPage(t, advice.Opener{})
	g, _ := engine.New("yahtzee", engine.Options{})
	p.open("?game=yahtzee")
	// The dice start at 1 2 3 4 5; taps turn a die to the next face.
	for i, taps := range []int{2, 1, 2, 1, 1} {
		for range taps {
			p.click(fmt.Sprintf(`#dice .die[data-i="%d"]`, i))
		}
	}
	p.click(`#rolls button[data-n="1"]`)
	one := 1
	dice, _ := engine.FromDice(3, 3, 5, 5, 6)
	p.checkRanking(advice.Opener{}, advice.Request{Game: g, Dice: dice, RollsLeft: &one})
	if kept := eval[int](p, `document.querySelectorAll("#dice .die.keep").length`); kept != 2 {
		t.Errorf("%d dice marked keep, want the two fives of keep 5 5", kept)
	}
	if q := p.query(); q.Get("dice") != "33556" || q.Get("rolls") != "1" {
		t.Errorf("the URL holds %v", q)
	}
	shoot(t, p.ctx, "advise-yahtzee")

	// Typed on a desktop keyboard: the digits set the dice from the first.
	p.click(`#dice .die[data-i="0"]`) // the cursor goes to the die tapped
	p.keys("66612")
	dice, _ = engine.FromDice(6, 6, 6, 1, 2)
	p.checkRanking(advice.Opener{}, advice.Request{Game: g, Dice: dice, RollsLeft: &one})

	// A shared URL opens the same position in a new tab.
	p.open("?game=poker-dice&sheet=pair%3D1&dice=9TKAA&rolls=0")
	pd, _ := engine.New("poker-dice", engine.Options{})
	zero := 0
	dice, _ = engine.ParseDice("9TKAA", pd.Letters)
	p.checkRanking(advice.Opener{}, advice.Request{Game: pd, Sheet: advice.Sheet{Notation: "pair=1"}, Dice: dice, RollsLeft: &zero})
	if faces := p.text("#dice"); faces != "910KAA" {
		t.Errorf("poker-dice dice show %q, want the card faces 9 10 K A A", faces)
	}
	shoot(t, p.ctx, "advise-poker-dice")
}

func TestBrowserYahtzeeSheetByTaps(t *testing.T) {
	t.Parallel()
	p := newPage(t, advice.Opener{})
	g, _ := engine.New("yahtzee", engine.Options{})
	sheet, _ := coach.ParseSheet(g, "")
	p.open("?game=yahtzee")
	turns := []struct{ dice, box string }{
		{"55555", "yahtzee"}, {"33356", "threes"}, {"55555", "fives"}, {"12345", "large-straight"},
		{"22233", "full-house"}, {"66641", "sixes"}, {"11123", "ones"}, {"44442", "four-of-a-kind"},
		{"22456", "twos"}, {"13456", "small-straight"}, {"44455", "fours"}, {"66655", "three-of-a-kind"},
		{"12366", "chance"},
	}
	var scores []string
	for i, turn := range turns {
		p.click(`#dice .die[data-i="0"]`)
		p.keys(turn.dice)
		m, _ := engine.ParseDice(turn.dice, g.Letters)
		mv, err := sheet.Write(m, false, turn.box, false)
		if err != nil {
			t.Fatal(err)
		}
		box := fmt.Sprintf(`.box[data-box=%q]`, turn.box)
		want := strconv.Itoa(mv.Points) // the page writes the + before it
		if mv.Bonus != 0 {
			want += fmt.Sprintf(" +%d", mv.Bonus)
		}
		if got := p.text(box + " .pts"); got != want {
			t.Errorf("turn %d: %s would score %q on the page, want %q", i+1, turn.box, got, want)
		}
		p.click(box)
		sheet = mv.Next
		if got := p.text(box + " .pts"); got != strconv.Itoa(mv.Points) {
			t.Errorf("turn %d: %s shows %q after the tap, want %d", i+1, turn.box, got, mv.Points)
		}
		scores = append(scores, p.text("#totals .score"))
		if want := fmt.Sprintf("score %d", sheet.Score()); scores[i] != want {
			t.Errorf("turn %d: the page shows %q, want %q", i+1, scores[i], want)
		}
	}
	if q := p.query(); q.Get("sheet") != sheet.String() {
		t.Errorf("the URL holds the sheet %q, want %q", q.Get("sheet"), sheet.String())
	}
	if best := p.text("#best"); best != fmt.Sprintf("Game over: %d points.", sheet.Score()) {
		t.Errorf("the full sheet says %q", best)
	}
	shoot(t, p.ctx, "yahtzee-sheet")
	p.click("#undo") // the chance box, then the dice typed before it
	for range 5 {
		p.click("#undo")
	}
	if got := p.text("#totals .score"); got != scores[len(scores)-2] {
		t.Errorf("after undo the page shows %q, want %q", got, scores[len(scores)-2])
	}
	p.click("#redo")
	p.load(chromedp.Reload()) // the game survives a reload
	if !eval[bool](p, `document.querySelector('.box[data-box="chance"]').classList.contains("open")`) {
		t.Errorf("after one redo and a reload, chance is filled, want it open")
	}
	for range 5 {
		p.click("#redo")
	}
	if got := p.text("#totals .score"); got != scores[len(scores)-1] {
		t.Errorf("after redo the page shows %q, want %q", got, scores[len(scores)-1])
	}
}

func TestBrowserPlayToTheReview(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, query string
		src         Source
		cells       string // what a tap writes in
	}{
		{"poker-dice", "?game=poker-dice", advice.Opener{}, ".box.open:not([disabled])"},
		{"school", "?game=school&rules=columns%3D1", testSource, ".cell.next:not([disabled])"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p := newPage(t, c.src)
			p.open(c.query)
			p.click("#mode-play")
			coachSaid := map[string]bool{}
			for step := 0; eval[bool](p, `document.querySelector("#review").hidden`); step++ {
				if step > 100 {
					t.Fatal("the game did not end in 100 moves")
				}
				if eval[bool](p, `!document.querySelector("#roll").hidden && !document.querySelector("#roll").disabled`) {
					p.click(`#dice .die[data-i="0"]`) // hold one die, reroll the others
					p.click("#roll")
				} else {
					if eval[int](p, fmt.Sprintf("document.querySelectorAll(%q).length", c.cells)) == 0 {
						p.click("#cross") // school: the dice fit no open row, cross one out
					}
					p.click(c.cells)
				}
				coachSaid[p.text("#coach")] = true
			}
			// The review is review's for the record of the game played.
			lines := eval[string](p, `S.record.join("\n") + "\n"`)
			rec, err := record.Read(strings.NewReader(lines), "played")
			if err != nil {
				t.Fatal(err)
			}
			adv, err := advice.Advisor(c.src, rec.Game)
			if err != nil {
				t.Fatal(err)
			}
			r, err := review.Review(rec, adv)
			if err != nil {
				t.Fatal(err)
			}
			if want := rec.Game.Turns() * rec.Game.Rolls; len(rec.Entries) != want || !r.Final.Over() {
				t.Errorf("the record holds %d decisions, over %v; want %d (every reroll and a box each turn)", len(rec.Entries), r.Final.Over(), want)
			}
			for _, c := range []struct{ css, want string }{
				{".r-score", strconv.Itoa(r.Final.Score())},
				{".r-expected", fmt.Sprintf("%.2f", r.Expected)},
				{".r-loss", fmt.Sprintf("%.3f", r.Loss)},
				{".r-optimal", fmt.Sprintf("%d of %d (%.1f%%)", r.Optimal, len(r.Items), 100*r.Share())},
			} {
				if got := p.text("#review " + c.css); got != c.want {
					t.Errorf("review %s: the page shows %q, want %q", c.css, got, c.want)
				}
			}
			gaveUp := false
			for said := range coachSaid {
				gaveUp = gaveUp || strings.HasPrefix(said, "coach: the best was ") && strings.HasSuffix(said, " points")
			}
			if !gaveUp && r.Loss > 0 {
				t.Errorf("the coach never said what a move gave up: %v", coachSaid)
			}
			shoot(t, p.ctx, "play-review-"+c.name)
		})
	}
}

func TestBrowserSchoolGrid(t *testing.T) {
	t.Parallel()
	p := newPage(t, testSource)
	g, _ := engine.New("school", engine.Options{Columns: 2})
	p.open("?game=school&rules=columns%3D2")
	if rows := eval[int](p, `document.querySelectorAll(".grid tbody tr").length`); rows != 16 {
		t.Errorf("the grid has %d rows, want 15 and the column bonuses", rows)
	}
	if cols := eval[int](p, `document.querySelectorAll(".grid thead th").length`); cols != 4 {
		t.Errorf("the grid's head has %d cells, want the names, 2 columns and the bonus", cols)
	}
	sheet, _ := coach.ParseSheet(g, "")
	for i, turn := range []struct {
		dice, row string
		cross     bool
		cell      string
	}{
		{"33335", "threes", false, "x"},
		{"12346", "pair", true, "-"},
		{"11234", "ones", false, "r"},
		{"55443", "two-pairs", false, "36"},
	} {
		p.click(`#dice .die[data-i="0"]`)
		p.keys(turn.dice)
		if turn.cross {
			p.click("#cross")
		}
		m, _ := engine.ParseDice(turn.dice, g.Letters)
		mv, err := sheet.Write(m, true, turn.row, turn.cross)
		if err != nil {
			t.Fatal(err)
		}
		p.click(fmt.Sprintf(`.cell.next[data-row=%q]`, turn.row)) // which ends the cross mode
		sheet = mv.Next
		if got := p.text(fmt.Sprintf(`.cell.written[data-row=%q][data-col="1"]`, turn.row)); got != turn.cell {
			t.Errorf("turn %d: %s 1 shows %q, want %q", i+1, turn.row, got, turn.cell)
		}
		if got, want := p.text("#totals"), fmt.Sprintf("reserve %d", eval[int](p, "view.reserve")); !strings.HasPrefix(got, want) {
			t.Errorf("turn %d: totals %q", i+1, got)
		}
		if got, want := p.text("#totals .score"), fmt.Sprintf("score %d", sheet.Score()); got != want {
			t.Errorf("turn %d: the page shows %q, want %q", i+1, got, want)
		}
	}
	if q := p.query(); q.Get("sheet") != sheet.String() {
		t.Errorf("the URL holds the sheet %q, want %q", q.Get("sheet"), sheet.String())
	}
	// Other players took the fives and the second column's bonuses.
	p.click(`.take[data-bonus="fives"]`)
	p.click(`.take[data-bonus="column2"]`)
	sheet, err := coach.ParseSheet(g, sheet.String()+",taken=fives+column2")
	if err != nil {
		t.Fatal(err)
	}
	if q := p.query(); q.Get("sheet") != sheet.String() || p.text(`.take[data-bonus="fives"]`) != "✕" {
		t.Errorf("after two bonuses taken the URL holds the sheet %q, want %q", q.Get("sheet"), sheet.String())
	}
	p.click(`#dice .die[data-i="0"]`)
	p.keys("11156")
	p.click(`#rolls button[data-n="1"]`)
	p.click("#fresh")
	one, fresh := 1, true
	dice, _ := engine.FromDice(1, 1, 1, 5, 6)
	p.checkRanking(testSource, advice.Request{Game: g, Sheet: advice.Sheet{Notation: sheet.String()}, Dice: dice, RollsLeft: &one, Fresh: &fresh})
	shoot(t, p.ctx, "school-grid")
	p.open("?game=school&rules=columns%3D3&sheet=ones%3Dx%2Fr%2Cpair%3D12%2Csixes%3Dx%2Fx%2Fx&dice=33355&rolls=2")
	if got := p.text(".grid tbody tr:nth-child(6) .bonus"); got != "30" {
		t.Errorf("sixes closed in 3 columns shows the bonus %q, want 30", got)
	}
	shoot(t, p.ctx, "school-grid-3")
}

func TestBrowserShowsTheSolve(t *testing.T) {
	t.Parallel()
	src := &countingSource{Opener: advice.Opener{Dir: t.TempDir()}, release: make(chan struct{})} // the table is missing there: solved, not read
	p := newPageWith(t, src, Options{SolveWait: 100 * time.Millisecond})
	if err := chromedp.Do(p.ctx, chromedp.Navigate(p.url+"/?game=poker-dice&dice=99TKA&rolls=1")); err != nil {
		t.Fatal(err)
	}
	solving := `document.querySelector("#status").textContent.startsWith("Solving the strategy of poker-dice")`
	if err := waitUntil(p.ctx, solving, 20*time.Second); err != nil {
		t.Fatalf("the page did not say the table is being solved: %v (status %q)", err, p.text("#status"))
	}
	shoot(t, p.ctx, "solving")
	// The page answers taps meanwhile.
	if err := chromedp.Do(p.ctx, chromedp.Click(chromedp.CSS(`#dice .die[data-i="0"]`))); err != nil {
		t.Fatal(err)
	}
	if q := p.query(); q.Get("dice") != "T9TKA" {
		t.Errorf("a tap while solving: the dice are %q, want T9TKA", q.Get("dice"))
	}
	close(src.release)
	idle(t, p.ctx)
	if eval[bool](p, `!document.querySelector("#status").hidden`) || eval[int](p, `document.querySelectorAll("#ranking tbody tr").length`) == 0 {
		t.Errorf("after the solve: status %q, no ranking", p.text("#status"))
	}
	if n := src.opened.Load(); n != 1 {
		t.Errorf("the table was opened %d times, want once", n)
	}
}

func TestBrowserFitsA360Phone(t *testing.T) {
	t.Parallel()
	p := newPage(t, testSource)
	if err := chromedp.Do(p.ctx, chromedp.EmulateViewport(360, 740)); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"?game=swedish", "?game=poker-dice", "?game=school&rules=columns%3D5&sheet=three-of-a-kind%3D18%2F24%2F30%2F-%2F18&dice=55566", "?game=swedish&mode=table"} {
		t.Run(q, func(t *testing.T) {
			p.open(q)
			if w := eval[int](p, "document.documentElement.scrollWidth"); w > 360 {
				t.Errorf("the page is %d px wide on a 360 px screen", w)
			}
		})
	}
	shoot(t, p.ctx, "school-5-columns")
}

func TestBrowserPlayToWin(t *testing.T) {
	t.Parallel()
	const sheet = "nines=2,tens=3,jacks=4,queens=0,kings=5,aces=5,pair=1,two-pair=0,three-of-a-kind=0,four-of-a-kind=0"
	p := newPage(t, advice.Opener{})
	p.open("?game=poker-dice&sheet=" + url.QueryEscape(sheet) + "&dice=99TKA&rolls=1")
	if shown := eval[bool](p, `getComputedStyle(document.querySelector("#ranking th.chance")).display !== "none"`); shown {
		t.Error("the chance column shows while playing for the expected score")
	}
	p.click(`#aim [data-aim="target"]`)
	p.do(chromedp.SendKeys(chromedp.CSS("#target"), "30\t"))
	if q := p.query(); q.Get("target") != "30" {
		t.Errorf("the URL holds %v, want target=30", q)
	}

	g, _ := engine.New("poker-dice", engine.Options{})
	dice, _ := engine.ParseDice("99TKA", g.Letters)
	one, total := 1, 30
	pos := advice.Request{Game: g, Sheet: advice.Sheet{Notation: sheet}, Dice: dice, RollsLeft: &one}
	toTarget := pos
	toTarget.Target = &total
	a, err := advised(advice.Opener{}, toTarget)
	if err != nil {
		t.Fatal(err)
	}
	type row struct{ Action, Probability, Chance string }
	rows := eval[[]row](p, `[...document.querySelectorAll("#ranking tbody tr")].map((tr) => ({
		Action: tr.querySelector(".action").firstChild.textContent, Probability: tr.dataset.probability, Chance: tr.querySelector(".chance").textContent }))`)
	if len(rows) != len(a.Actions) {
		t.Fatalf("the page ranks %d actions, advise --target %d", len(rows), len(a.Actions))
	}
	for i, r := range rows {
		got, err := strconv.ParseFloat(r.Probability, 64)
		if err != nil || r.Action != a.Describe(i) || got != a.Goal.Chance[i] || r.Chance == "" {
			t.Errorf("rank %d: the page shows %+v, advise --target %q %v", i+1, r, a.Describe(i), a.Goal.Chance[i])
		}
	}
	if shown := eval[bool](p, `getComputedStyle(document.querySelector("#ranking th.chance")).display !== "none"`); !shown {
		t.Error("no chance column while playing for a target")
	}
	if best := p.text("#best .what"); best != "Best: "+a.Describe(0) {
		t.Errorf("the page shows %q, advise --target's best is %q", best, a.Describe(0))
	}
	if !strings.Contains(p.text("#best .chance"), "of 30 or more") {
		t.Errorf("the best line says %q", p.text("#best"))
	}
	if kept, want := eval[int](p, `document.querySelectorAll("#dice .die.keep").length`), eval[int](p, `advice.best.keep.length`); kept != want {
		t.Errorf("%d dice marked keep, want the %d of %s", kept, want, a.Describe(0))
	}
	shoot(t, p.ctx, "aim-poker-dice")

	// A reload keeps the aim.
	p.open("")
	rowsAfter := eval[int](p, `document.querySelectorAll("#ranking tbody tr[data-probability]").length`)
	if target := eval[string](p, `document.querySelector("#target").value`); rowsAfter != len(a.Actions) || target != "30" {
		t.Errorf("after a reload: %d rows with a chance, target %q", rowsAfter, target)
	}

	// Beating an opponent, typed in the notation.
	p.click(`#aim [data-aim="beat"]`)
	p.do(chromedp.SendKeys(chromedp.CSS("#opponents"), "straight=4\t"))
	toBeat := pos
	toBeat.Opponents = []advice.Sheet{{Notation: "straight=4"}}
	b, err := advised(advice.Opener{}, toBeat)
	if err != nil {
		t.Fatal(err)
	}
	if got := eval[float64](p, `Number(document.querySelector("#ranking tbody tr").dataset.probability)`); got != b.Goal.Chance[0] || p.text("#best .what") != "Best: "+b.Describe(0) {
		t.Errorf("beating straight=4: the page shows %q at %v, advise --opponent %q at %v", p.text("#best .what"), got, b.Describe(0), b.Goal.Chance[0])
	}
	if q := p.query(); q.Get("opponent") != "straight=4" || q.Has("target") {
		t.Errorf("the URL holds %v, want opponent=straight=4", q)
	}
}

func TestBrowserLANHostCheck(t *testing.T) {
	t.Parallel()
	var ip netip.Addr
	for _, a := range lan.Local().Addrs {
		if a.Is4() && !a.IsLoopback() {
			ip = a
			break
		}
	}
	if !ip.IsValid() {
		t.Skip("this machine has no network address but loopback")
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(ip.String(), "0"))
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	s, err := New(withTables(testSource, t.TempDir()), ":"+port, Options{Names: lan.Machine{Hostname: "MyLaptop"}.Names()})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(s)
	ts.Listener.Close()
	ts.Listener = ln
	ts.Start()
	t.Cleanup(ts.Close)
	// The browser finds the machine's name, and the attacker's, at the
	// machine's network address, as a rebinding DNS would have it.
	ctx := browser(t, chromedp.Flag("host-resolver-rules", fmt.Sprintf("MAP mylaptop.local %s, MAP attacker.example %s", ip, ip)))

	p := &page{t, ctx, "http://mylaptop.local:" + port}
	p.open("?game=poker-dice&dice=9TKAA&rolls=0")
	pd, _ := engine.New("poker-dice", engine.Options{})
	zero := 0
	dice, _ := engine.ParseDice("9TKAA", pd.Letters)
	p.checkRanking(testSource, advice.Request{Game: pd, Dice: dice, RollsLeft: &zero})

	if err := chromedp.Do(ctx, chromedp.Navigate("http://attacker.example:"+port+"/?game=poker-dice")); err != nil {
		t.Fatal(err)
	}
	if body := eval[string](p, "document.body.innerText"); !strings.Contains(body, `host \"attacker.example:`+port+`\" is not this server's address`) {
		t.Errorf("the page under another name shows %q, want the 421's error", body)
	}
}
