package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"dicepoker/internal/browsertest"
	"dicepoker/internal/tablestest"
)

// siteBrowser returns a tab of the headless Chromium at path, with a
// fresh profile.
func siteBrowser(t *testing.T, path string) context.Context {
	t.Helper()
	actx, cancel := chromedp.NewExecAllocator(context.Background(), browsertest.Options(path, t.TempDir())...)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(actx)
	t.Cleanup(cancel2)
	ctx, cancel3 := context.WithTimeout(ctx, 4*time.Minute)
	t.Cleanup(cancel3)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("cannot start chromium: %v", err)
	}
	return ctx
}

// siteRun evaluates js in the page, awaiting it where it is a promise.
func siteRun[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// siteSettle runs actions and waits until the page has drawn what they
// did (its data-busy back to 0 and one more drawing), and returns how
// long that took.
func siteSettle(t *testing.T, ctx context.Context, actions ...chromedp.Action[chromedp.Void]) time.Duration {
	t.Helper()
	before := siteRun[string](t, ctx, "document.body.dataset.renders || '0'")
	start := time.Now()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatal(err)
	}
	wait := fmt.Sprintf(`document.body.dataset.busy === "0" && Number(document.body.dataset.renders) > %s`, before)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](wait, chromedp.WithPollingTimeout(2*time.Minute), chromedp.WithPollingInterval(5*time.Millisecond))); err != nil {
		t.Fatalf("the page did not settle: %v (status %q)", err, siteRun[string](t, ctx, `document.querySelector("#status").textContent`))
	}
	return time.Since(start)
}

// siteLoad loads url and waits until the page has drawn its position's
// advice, and returns how long that took.
func siteLoad(t *testing.T, ctx context.Context, action chromedp.Action[chromedp.Void]) time.Duration {
	t.Helper()
	start := time.Now()
	if err := chromedp.Do(ctx, action); err != nil {
		t.Fatal(err)
	}
	// The renders start again with the new page: wait for its first ranking.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.body && document.body.dataset.busy === "0" && document.querySelectorAll("#ranking tbody tr").length > 0`,
		chromedp.WithPollingTimeout(2*time.Minute), chromedp.WithPollingInterval(5*time.Millisecond))); err != nil {
		t.Fatalf("the page did not show advice: %v", err)
	}
	return time.Since(start)
}

// siteRanking is what the page shows of the ranking: each action's
// expected score, and the best action's line.
type siteRanking struct {
	Expected []float64
	Best     string
}

func siteShown(t *testing.T, ctx context.Context) siteRanking {
	t.Helper()
	return siteRun[siteRanking](t, ctx, `({ Expected: [...document.querySelectorAll("#ranking tbody tr")].map((tr) => Number(tr.dataset.expected)),
		Best: document.querySelector("#best .what").textContent })`)
}

// siteAnswer is a request to the advisor in the page and the arguments
// of advise that ask the same.
type siteAnswer struct {
	name, body string
	args       []string
}

// siteAnswers asks the advisor in the page each request, as the page
// asks it, and compares its answer with advise --json's, byte for byte.
func siteAnswers(t *testing.T, ctx context.Context, answers []siteAnswer) {
	t.Helper()
	for _, a := range answers {
		got := siteRun[struct {
			Status int
			Body   string
		}](t, ctx, fmt.Sprintf(`dicepokerAsk("POST", "/api/advise", %q).then((m) => ({ Status: m.status, Body: m.body }))`, a.body))
		want := runOK(t, append([]string{"advise", "--json"}, a.args...)...)
		if got.Status != 200 || got.Body != want {
			t.Errorf("%s: the offline advisor answers %d\n%s\nadvise --json prints\n%s", a.name, got.Status, got.Body, want)
		}
	}
}

// unpackingHost serves the site as a host that sends school's
// estimates, .gz files, with Content-Encoding gzip does: the browser
// unpacks them on the way, and the advisor reads them unpacked.
func unpackingHost(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/tables/estimates/") && strings.HasSuffix(r.URL.Path, ".gz") {
			w.Header().Set("Content-Encoding", "gzip")
		}
		h.ServeHTTP(w, r)
	})
}

// TestSiteInBrowser builds the site, serves it from a file server on
// loopback, enters a position by taps and compares the advice the page
// shows with advise --json's; then asks the advisor in the page for
// positions of every game on the site (school's estimates unpacked by
// the host on the way) and compares its answers with advise --json's,
// byte for byte; then cuts the network, reloads, and gets the same
// advice from the app kept by the service worker. It checks the manifest
// an install reads, that a service worker controls the page, and that
// the page says what the app leaves out. It logs how long the first
// advice took in the fresh profile, and the next.
func TestSiteInBrowser(t *testing.T) {
	path := browsertest.Chromium(t)
	tablestest.Dir(t)
	dir := filepath.Join(t.TempDir(), "site")
	runOK(t, "site", "--out", dir, "--games", "yahtzee,yatzy,poker-dice")
	ctx := siteBrowser(t, path)
	ts := httptest.NewServer(unpackingHost(http.FileServer(http.Dir(dir))))
	defer ts.Close()

	first := siteLoad(t, ctx, chromedp.Navigate(ts.URL+"/?game=yahtzee"))
	t.Logf("first advice in a fresh profile: %v", first)
	// The dice start at 1 2 3 4 5; taps turn a die to the next face.
	var later time.Duration
	for i, taps := range []int{2, 1, 2, 1, 1} {
		for range taps {
			later = siteSettle(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#dice .die[data-i="%d"]`, i))))
		}
	}
	t.Logf("advice after a tap: %v", later)
	siteSettle(t, ctx, chromedp.Click(chromedp.CSS(`#rolls button[data-n="1"]`)))

	var want struct {
		Options []struct {
			Expected float64 `json:"expected"`
		} `json:"options"`
	}
	wantJSON := runOK(t, "advise", "--json", "--dice", "33556", "--rolls-left", "1")
	if err := json.Unmarshal([]byte(wantJSON), &want); err != nil {
		t.Fatal(err)
	}
	shown := siteShown(t, ctx)
	if len(shown.Expected) != len(want.Options) || shown.Best != "Best: keep 5 5, reroll 3 3 6" {
		t.Fatalf("the page shows %d actions, best %q; advise ranks %d, best keep 5 5, reroll 3 3 6", len(shown.Expected), shown.Best, len(want.Options))
	}
	for i, o := range want.Options {
		if shown.Expected[i] != o.Expected {
			t.Errorf("rank %d: the page shows %v, advise %v", i+1, shown.Expected[i], o.Expected)
		}
	}
	// The advisor's whole answers, as the page's backend gives them.
	siteAnswers(t, ctx, []siteAnswer{
		{"yahtzee", `{"game":"yahtzee","rules":[],"sheet":"","dice":[3,3,5,5,6],"rolls_left":1}`,
			[]string{"--dice", "33556", "--rolls-left", "1"}},
		{"yahtzee sheet", `{"game":"yahtzee","sheet":"ones=3,yahtzee=50,chance=22","dice":[6,6,6,6,6],"rolls_left":0}`,
			[]string{"--sheet", "ones=3,yahtzee=50,chance=22", "--dice", "66666", "--rolls-left", "0"}},
		{"yatzy", `{"game":"yatzy","sheet":"ones=2,pair=12","dice":[2,2,4,4,6],"rolls_left":1}`,
			[]string{"--game", "yatzy", "--sheet", "ones=2,pair=12", "--dice", "22446", "--rolls-left", "1"}},
		{"poker-dice", `{"game":"poker-dice","sheet":"pair=1","dice":[1,2,5,6,6],"rolls_left":0}`,
			[]string{"--game", "poker-dice", "--sheet", "pair=1", "--dice", "9TKAA", "--rolls-left", "0"}},
		{"school", `{"game":"school","dice":[1,1,1,4,5],"rolls_left":2,"fresh":true}`,
			[]string{"--game", "school", "--dice", "11145", "--rolls-left", "2", "--fresh"}},
		{"school sheet", `{"game":"school","sheet":"ones=x,twos=0,pair=10,sum=22","dice":[3,3,3,6,6],"rolls_left":1}`,
			[]string{"--game", "school", "--sheet", "ones=x,twos=0,pair=10,sum=22", "--dice", "33366", "--rolls-left", "1"}},
	})
	// What the app leaves out, the page says.
	note := siteRun[string](t, ctx, `(() => { const n = document.querySelector("#offline-note"); return n && n.checkVisibility() ? n.textContent : ""; })()`)
	for _, left := range []string{"for a target", "opponents", "needs dicepoker serve"} {
		if !strings.Contains(note, left) {
			t.Errorf("the page's note %q does not say %q", note, left)
		}
	}
	target := siteRun[string](t, ctx, `dicepokerAsk("POST", "/api/advise", JSON.stringify({ game: "yahtzee", dice: [1, 2, 3, 4, 5], target: 200 })).then((m) => m.status + " " + m.body)`)
	if !strings.HasPrefix(target, "400 ") || !strings.Contains(target, "not offered offline") {
		t.Errorf("playing for a target offline: %s; want 400 and that it is not offered offline", target)
	}

	// Installable: the manifest the page links, and a service worker that
	// controls the page.
	manifest := siteRun[string](t, ctx, `fetch(document.querySelector('link[rel="manifest"]').href).then((r) => r.text())`)
	checkManifest(t, []byte(manifest), func(name string) []byte {
		data, _ := os.ReadFile(filepath.Join(dir, name))
		return data
	})
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`navigator.serviceWorker.controller !== null && navigator.serviceWorker.controller.state === "activated"`,
		chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Fatalf("no service worker controls the page: %v", err)
	}
	if n := siteRun[int](t, ctx, `caches.open("dicepoker-tables").then((c) => c.keys()).then((k) => k.length)`); n != 3 {
		t.Errorf("%d tables kept, want yahtzee's, yatzy's and poker-dice's", n)
	}

	// A table the site lacks is solved in the advisor's worker, its
	// progress shown on the page, which answers meanwhile.
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/?game=yahtzee&rules=forced-joker&dice=22244")); err != nil {
		t.Fatal(err)
	}
	progress, err := chromedp.Run(ctx, chromedp.Poll[string](`(document.querySelector("#status")?.textContent || "").match(/^Solving yahtzee in this browser \(first use\): \d+%/)?.[0]`,
		chromedp.WithPollingTimeout(2*time.Minute), chromedp.WithPollingInterval(5*time.Millisecond)))
	if err != nil {
		t.Fatalf("no progress of the solve shown: %v (status %q)", err, siteRun[string](t, ctx, `document.querySelector("#status").textContent`))
	}
	t.Logf("while solving, the page shows %q", progress)
	siteLoad(t, ctx, chromedp.Evaluate[chromedp.Void]("0"))
	var joker struct {
		Options []struct {
			Expected float64 `json:"expected"`
		} `json:"options"`
	}
	if err := json.Unmarshal([]byte(runOK(t, "advise", "--json", "--forced-joker", "--dice", "22244")), &joker); err != nil {
		t.Fatal(err)
	}
	solved := siteShown(t, ctx)
	if len(solved.Expected) != len(joker.Options) || solved.Expected[0] != joker.Options[0].Expected {
		t.Errorf("solved in the browser, the page shows %v; advise --forced-joker ranks %d actions, the best at %v", solved.Expected, len(joker.Options), joker.Options[0].Expected)
	}
	siteAnswers(t, ctx, []siteAnswer{
		{"yahtzee forced-joker", `{"game":"yahtzee","rules":["forced-joker"],"sheet":"yahtzee=50,fours=12","dice":[4,4,4,4,4],"rolls_left":0}`,
			[]string{"--forced-joker", "--sheet", "yahtzee=50,fours=12", "--dice", "44444", "--rolls-left", "0"}},
	})
	siteLoad(t, ctx, chromedp.Navigate(ts.URL+"/?game=yahtzee&dice=33556&rolls=1"))

	// Offline: the server gone and the network cut, the page reloads and
	// advises alike.
	ts.Close()
	err = chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		yes := true
		_, err := cdp.Call(ctx, tg, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			EmulateOfflineServiceWorker: &yes,
			MatchedNetworkConditions:    []*network.Conditions{{Offline: true, DownloadThroughput: -1, UploadThroughput: -1}},
		})
		return err
	}))
	if err != nil {
		t.Fatal(err)
	}
	offlineLoad := siteLoad(t, ctx, chromedp.Reload())
	t.Logf("advice after a reload offline: %v", offlineLoad)
	if again := siteShown(t, ctx); !reflect.DeepEqual(again, shown) {
		t.Errorf("offline, the page shows %+v; online it showed %+v", again, shown)
	}
	if online := siteRun[bool](t, ctx, `fetch(location.href + "x-no-such-file").then(() => true, () => false)`); online {
		t.Errorf("the network is still there")
	}
}

// TestSiteTimes measures the offline app in headless Chromium, the site
// served from loopback, when DICEPOKER_SITE_TIMES is set (it builds a
// site of three tables, and solves a table in the browser): for each
// game, the first advice in a fresh profile (the app and the table
// fetched and checked) and the later advice (the mean of ten, the
// advisor's answer alone, and after each of six taps, the page drawn: a
// turn's dice entered). It logs the figures and asserts none.
func TestSiteTimes(t *testing.T) {
	if os.Getenv("DICEPOKER_SITE_TIMES") == "" {
		t.Skip("set DICEPOKER_SITE_TIMES=1 to measure the offline app")
	}
	path := browsertest.Chromium(t)
	tablestest.Dir(t)
	dir := filepath.Join(t.TempDir(), "site")
	t.Log(runOK(t, "site", "--out", dir))
	ts := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer ts.Close()
	for _, tt := range []struct{ query, body string }{
		{"game=yahtzee", `{game: "yahtzee", dice: [1, 2, 3, 4, 5], rolls_left: 2}`},
		{"game=yatzy", `{game: "yatzy", dice: [1, 2, 3, 4, 5], rolls_left: 2}`},
		{"game=poker-dice", `{game: "poker-dice", dice: [1, 2, 3, 4, 5], rolls_left: 1}`},
		{"game=school", `{game: "school", dice: [1, 2, 3, 4, 5], rolls_left: 2, fresh: true}`},
		{"game=yahtzee&rules=forced-joker", `{game: "yahtzee", rules: ["forced-joker"], dice: [1, 2, 3, 4, 5], rolls_left: 2}`},
	} {
		t.Run(tt.query, func(t *testing.T) {
			ctx := siteBrowser(t, path)
			first := siteLoad(t, ctx, chromedp.Navigate(ts.URL+"/?"+tt.query))
			later := siteRun[float64](t, ctx, `(async () => {
				const t0 = performance.now();
				for (let i = 0; i < 10; i++) await dicepokerBackend("/api/advise", `+tt.body+`);
				return (performance.now() - t0) / 10;
			})()`)
			// Each tap is timed in the page, from the click to the new
			// advice drawn, so that the test's own round trips to the
			// browser are not counted.
			var taps []string
			for i := range 6 {
				ms := siteRun[float64](t, ctx, fmt.Sprintf(`(async () => {
					const before = Number(document.body.dataset.renders || 0), t0 = performance.now();
					document.querySelector('#dice .die[data-i="%d"]').click();
					await new Promise((done) => {
						const settled = () => document.body.dataset.busy === "0" && Number(document.body.dataset.renders) > before;
						const check = () => settled() ? done() : setTimeout(check, 1);
						check();
					});
					return performance.now() - t0;
				})()`, i%5))
				taps = append(taps, fmt.Sprintf("%.0f ms", ms))
			}
			t.Logf("%s: first advice %v, later advice %.1f ms (after each of six taps, drawn: %s)", tt.query, first.Round(time.Millisecond), later, strings.Join(taps, ", "))
		})
	}
}
