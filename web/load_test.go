package web

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"dicepoker/advice"
)

// loadCase is one kind of request of the load test.
type loadCase struct {
	name, body string
	args       []string      // the command whose output the answer must be; nil: none awaited
	cheap      bool          // answered from a table opened already: within cheapBound
	leave      time.Duration // the client gives up after this long (0: it waits)
	count      int
}

// cheapBound is the longest a cheap request may take while the server
// builds tables and ranks for opponents.
const cheapBound = 50 * time.Millisecond

// cheapEvery is how often a cheap client comes during the load test: a
// burst of them at once on two cores waits for the processor, not for
// the server.
const cheapEvery = 100 * time.Millisecond

// busyLoad is the load average by processor beyond which the machine is
// too busy with other work for the load test to check cheapBound: the
// cheap answers took up to 31 ms at a load of 3 by processor, 60 to 260
// ms at 5 to 10 (measured with the long work on every core; it leaves
// one to them).
const busyLoad = 4

// loadMemory is the load test's memory budget.
const loadMemory = 256 << 20

const lateSheet = "nines=2,tens=3,jacks=4,queens=0,kings=5,aces=5,pair=1,two-pair=0,three-of-a-kind=0,four-of-a-kind=0"

// TestLoad fires 64 requests at a server with a small memory budget and
// no tables yet: a target (whose every-target table is built meanwhile),
// rankings against opponents (run one at a time; some clients leave
// before theirs is done) and a game whose strategy table is missing, all
// at once, and cheap advice, one client every cheapEvery while they run. It checks that the server answers them
// all, keeps within its budget (the peak resident memory of the process,
// VmHWM, reset before the load through /proc/self/clear_refs), answers
// each cheap one within cheapBound (where the machine is not loaded by
// other work busyLoad times over), answers as the command does, and
// runs no work once the clients are gone.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("the load test takes half a minute")
	}
	dir := t.TempDir() // the missing table case needs a directory without it
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(loadMemory))
	ts := serve(t, advice.Opener{Dir: dir, Threads: JobThreads()}, Options{Memory: loadMemory, SolveWait: 500 * time.Millisecond})
	s := ts.Config.Handler.(*Server)
	cases := []loadCase{
		{name: "new game", body: `{"game":"poker-dice","dice":[1,1,2,5,6]}`, cheap: true, count: 24,
			args: []string{"advise", "--game", "poker-dice", "--dice", "99TKA", "--json"}},
		{name: "last roll", body: `{"game":"poker-dice","sheet":"pair=1,straight=4","dice":[3,3,3,6,6],"rolls_left":0}`, cheap: true, count: 16,
			args: []string{"advise", "--game", "poker-dice", "--sheet", "pair=1,straight=4", "--dice", "JJJAA", "--rolls-left", "0", "--json"}},
		{name: "target", body: `{"game":"poker-dice","sheet":"` + lateSheet + `","dice":[1,1,2,5,6],"target":30}`, count: 8,
			args: []string{"advise", "--game", "poker-dice", "--sheet", lateSheet, "--dice", "99TKA", "--target", "30", "--json"}},
		{name: "opponents", body: `{"game":"poker-dice","sheet":"` + lateSheet + `","dice":[1,1,2,5,6],"rolls_left":0,"opponents":["` + lateSheet + `,straight=4",{"straight":4}]}`, count: 6,
			args: []string{"advise", "--game", "poker-dice", "--sheet", lateSheet, "--dice", "99TKA", "--rolls-left", "0", "--opponent", lateSheet + ",straight=4", "--opponent", "straight=4", "--json"}},
		{name: "opponents, client leaves", body: `{"game":"poker-dice","dice":[1,1,2,5,6],"opponents":[null,null]}`, leave: 300 * time.Millisecond, count: 4},
		{name: "missing table", body: `{"game":"yahtzee","sheet":"yahtzee=50,sixes=18","dice":[6,6,6,6,6],"rolls_left":1}`, count: 6,
			args: []string{"advise", "--sheet", "yahtzee=50,sixes=18", "--dice", "66666", "--rolls-left", "1", "--json"}},
	}
	// The cheap requests' table is opened before the load: cheap means
	// that no build stands in their way.
	for {
		status, body := call(t, ts, "/api/advise", cases[0].body)
		if status == http.StatusOK {
			break
		}
		if status != http.StatusServiceUnavailable {
			t.Fatalf("the first request: %d %s", status, body)
		}
		time.Sleep(100 * time.Millisecond)
	}
	resetPeak(t)
	var mu sync.Mutex
	answers := map[string]map[string]int{} // by case, each answer and how often
	var slowest time.Duration
	var refused, gone int
	var wg sync.WaitGroup
	deadline := time.Now().Add(45 * time.Second)
	cheap := 0
	total := 0
	for _, c := range cases {
		answers[c.name] = map[string]int{}
		for range c.count {
			total++
			// The cheap clients come one after another through the
			// first seconds, while the long work runs; the others all
			// at once.
			var after time.Duration
			if c.cheap {
				after = time.Duration(cheap) * cheapEvery
				cheap++
			}
			wg.Go(func() {
				time.Sleep(after)
				for time.Now().Before(deadline) {
					ctx, cancel := context.Background(), context.CancelFunc(func() {})
					if c.leave > 0 {
						ctx, cancel = context.WithTimeout(ctx, c.leave)
					}
					start := time.Now()
					status, body, err := postWithin(ctx, ts.URL+"/api/advise", c.body)
					took := time.Since(start)
					cancel()
					mu.Lock()
					switch {
					case err != nil && c.leave > 0:
						gone++
					case err != nil:
						t.Errorf("%s: %v", c.name, err)
					case status == http.StatusServiceUnavailable:
						refused++
					case status != http.StatusOK:
						t.Errorf("%s: %d %s", c.name, status, body)
					default:
						answers[c.name][body]++
						if c.cheap {
							slowest = max(slowest, took)
						}
					}
					mu.Unlock()
					if err != nil || status != http.StatusServiceUnavailable {
						return
					}
					time.Sleep(time.Second) // Retry-After
				}
				t.Errorf("%s: no answer in time", c.name)
			})
		}
	}
	wg.Wait()
	// What a client left stops; the builds of tables go on for those who
	// ask again, and end.
	// A ranking whose client left notices it between two layers of its
	// solve: a moment, given here generously for a loaded machine.
	for end := time.Now().Add(30 * time.Second); len(s.api.src.solving()) > 0 && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
	for end := time.Now().Add(5 * time.Second); s.api.src.jobs.active.Load() != 0 && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
	if n := s.api.src.jobs.active.Load(); n != 0 {
		t.Errorf("%d jobs still run or wait 5 s after every client left", n)
	}
	peak := peakMemory(t)
	t.Logf("%d requests: %d answers 503 asked again, %d clients left; the slowest cheap answer took %v; peak resident memory %d MB of a %d MB budget; %d rankings stopped for their client",
		total, refused, gone, slowest, peak>>20, loadMemory>>20, s.api.src.jobs.stopped.Load())
	// Time is the machine's to give: on one loaded by other work many
	// times over the bound says nothing of the server.
	if load, ok := loadAverage(); ok && load > busyLoad*float64(runtime.NumCPU()) {
		t.Logf("the machine is loaded (load average %.1f on %d processors): the cheap answers' bound of %v is not checked", load, runtime.NumCPU(), cheapBound)
	} else if slowest > cheapBound {
		t.Errorf("the slowest cheap answer took %v, over %v", slowest, cheapBound)
	}
	if peak > loadMemory {
		t.Errorf("peak resident memory %d MB, over the budget of %d MB", peak>>20, loadMemory>>20)
	}
	if status, _ := call(t, ts, "/api/status", ""); status != http.StatusOK {
		t.Errorf("the server no longer answers: %d", status)
	}
	for _, c := range cases {
		if c.args == nil {
			continue
		}
		want := command(t, dir, c.args...)
		for got, n := range answers[c.name] {
			if got != want {
				t.Errorf("%s: %d answers\n%s\nwant what dicepoker %s prints:\n%s", c.name, n, got, strings.Join(c.args, " "), want)
			}
		}
		if len(answers[c.name]) == 0 {
			t.Errorf("%s: no answer", c.name)
		}
	}
}

// postWithin posts body to url as JSON within ctx.
func postWithin(ctx context.Context, url, body string) (int, string, error) {
	req, err := http.NewRequestWithContext(ctx, "POST", url, strings.NewReader(body))
	if err != nil {
		return 0, "", err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res.StatusCode, string(b), err
}

// loadAverage returns the machine's load average over the last minute
// (/proc/loadavg), and whether the system says it.
func loadAverage() (float64, bool) {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0, false
	}
	fields := strings.Fields(string(b))
	if len(fields) == 0 {
		return 0, false
	}
	load, err := strconv.ParseFloat(fields[0], 64)
	return load, err == nil
}

// resetPeak sets the process's peak resident memory (VmHWM) to what it
// holds now.
func resetPeak(t *testing.T) {
	t.Helper()
	if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
		t.Skipf("cannot reset the peak resident memory: %v", err)
	}
}

// peakMemory returns the process's peak resident memory in bytes
// (VmHWM) since resetPeak.
func peakMemory(t *testing.T) int64 {
	t.Helper()
	f, err := os.Open("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb << 10
		}
	}
	t.Fatal(fmt.Errorf("no VmHWM in /proc/self/status"))
	return 0
}
