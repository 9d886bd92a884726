package web

import (
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/internal/memory"
)

// TestBudgetLetsGoOfLeastRecentlyUsed checks that tables that do not fit
// the budget together push out those least recently used, and that work
// larger than the budget, or than what the work under way leaves, is
// refused.
func TestBudgetLetsGoOfLeastRecentlyUsed(t *testing.T) {
	t.Parallel()
	c := newCache(nil, time.Minute, 100)
	open := func(v string) func(memory.Need) (any, error) { return func(memory.Need) (any, error) { return v, nil } }
	forty := func() memory.Need { return memory.Need{Hold: 40, Peak: 40} }
	get := func(key string) {
		t.Helper()
		if v, err := c.get(key, "table", key, forty, open(key)); err != nil || v != key {
			t.Fatalf("get %s: %v, %v", key, v, err)
		}
	}
	held := func() string {
		c.mu.Lock()
		defer c.mu.Unlock()
		var keys []string
		for _, k := range []string{"a", "b", "c", "d"} {
			if _, ok := c.slots[k]; ok {
				keys = append(keys, k)
			}
		}
		return strings.Join(keys, "")
	}
	get("a")
	get("b")
	get("a") // b is now the least recently used
	get("c")
	if h := held(); h != "ac" || c.used != 80 {
		t.Errorf("after a, b, a, c: held %q, %d bytes; want ac, 80", h, c.used)
	}
	var big *tooBigError
	if err := c.reserve(101, "work"); !errors.As(err, &big) {
		t.Errorf("work over the budget: %v", err)
	}
	if err := c.reserve(90, "work"); err != nil || held() != "" || c.used != 90 {
		t.Errorf("work of 90: %v, held %q, %d bytes", err, held(), c.used)
	}
	var busy *busyError
	if _, err := c.get("d", "table", "d", forty, open("d")); !errors.As(err, &busy) {
		t.Errorf("a table while the work holds the budget: %v", err)
	}
	c.release(90)
	get("d")
	if h := held(); h != "d" || c.used != 40 {
		t.Errorf("after the work: held %q, %d bytes", h, c.used)
	}
}

// TestQueueRunsOneAtATime checks that one job runs at a time, that
// MaxQueue wait, that one more is refused at once, and that a job whose
// client leaves stops waiting.
func TestQueueRunsOneAtATime(t *testing.T) {
	t.Parallel()
	q := newQueue()
	release := make(chan struct{})
	started := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		_ = q.do(context.Background(), "first", func() error { close(started); <-release; return nil })
	})
	<-started
	gone, leave := context.WithCancel(context.Background())
	errs := make(chan error, MaxQueue)
	for i := range MaxQueue {
		ctx := context.Background()
		if i == 0 {
			ctx = gone
		}
		wg.Go(func() { errs <- q.do(ctx, "waiting", func() error { return nil }) })
	}
	for q.active.Load() != 1+MaxQueue {
		time.Sleep(time.Millisecond)
	}
	var busy *busyError
	if err := q.do(context.Background(), "one more", func() error { return nil }); !errors.As(err, &busy) {
		t.Errorf("with %d waiting: %v, want busy", MaxQueue, err)
	}
	leave()
	if err := <-errs; !errors.Is(err, context.Canceled) {
		t.Errorf("the job whose client left: %v", err)
	}
	close(release)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Errorf("a waiting job: %v", err)
		}
	}
}

func TestWorkOverTheBudget(t *testing.T) {
	t.Parallel()
	ts := serve(t, withTables(testSource, t.TempDir()), Options{Memory: MinMemory}) // the table is missing there: its build counts in the budget
	status, body := call(t, ts, "/api/advise", `{"game":"yahtzee","dice":[1,1,2,5,6],"opponents":[null]}`)
	if status != http.StatusInsufficientStorage || !strings.Contains(body, "budget") {
		t.Errorf("opponents over the budget: %d %s", status, body)
	}
}

// TestClientGoneStopsWork starts a ranking against an opponent from a new
// game, which takes seconds, lets its client leave, and checks that the
// job ends stopped by that, not done.
func TestClientGoneStopsWork(t *testing.T) {
	t.Parallel()
	ts := serve(t, testSource, Options{})
	s := ts.Config.Handler.(*Server)
	ctx, leave := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, "POST", ts.URL+"/api/advise",
		strings.NewReader(`{"game":"poker-dice","dice":[1,1,2,5,6],"opponents":[null]}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	done := make(chan error, 1)
	go func() {
		res, err := http.DefaultClient.Do(req)
		if err == nil {
			res.Body.Close()
		}
		done <- err
	}()
	for s.api.src.jobs.active.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	leave()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("the client: %v, want canceled", err)
	}
	for s.api.src.jobs.active.Load() != 0 {
		time.Sleep(time.Millisecond)
	}
	if n := s.api.src.jobs.stopped.Load(); n != 1 {
		t.Errorf("%d jobs stopped for their client, want 1", n)
	}
}

// TestVariants checks which games' tables are solved in memory when
// missing: those of options a request can multiply, not the others.
func TestVariants(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		game string
		o    engine.Options
		want bool
	}{
		{"yahtzee", engine.Options{}, false},
		{"yahtzee", engine.Options{ForcedJoker: true}, false},
		{"swedish", engine.Options{}, false},
		{"swedish", engine.Options{UpperBonusThreshold: 70}, true},
		{"school", engine.Options{Columns: 1}, false},
		{"school", engine.Options{Columns: 1, Taken: "pair"}, true},
	} {
		t.Run(tc.game+" "+tc.o.String(), func(t *testing.T) {
			t.Parallel()
			g, err := engine.New(tc.game, tc.o)
			if err != nil {
				t.Fatal(err)
			}
			if got := variant(g); got != tc.want {
				t.Errorf("variant = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestUnwritableTablesKeptInMemory points the tables directory where
// none can be made: the strategy and every-target tables are solved once
// all the same, kept in memory for every request after, and no file is
// left.
func TestUnwritableTablesKeptInMemory(t *testing.T) {
	t.Parallel()
	blocker := filepath.Join(t.TempDir(), "a file")
	if err := os.WriteFile(blocker, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	src := &countingSource{Opener: advice.Opener{Dir: filepath.Join(blocker, "tables")}}
	// The requests wait for the solves, however long the tests beside
	// this one make them: a 503 meanwhile is another test's.
	ts := serve(t, src, Options{SolveWait: settleTimeout})
	for _, body := range []string{
		`{"game":"poker-dice","dice":[1,1,2,5,6]}`,
		`{"game":"poker-dice","dice":[1,1,2,5,6],"target":30,"sheet":"` + lateSheet + `"}`,
	} {
		for i := range 3 {
			if status, answer := call(t, ts, "/api/advise", body); status != http.StatusOK {
				t.Fatalf("%s, request %d: %d %s", body, i, status, answer)
			}
		}
	}
	if n, m := src.opened.Load(), src.targets.Load(); n != 1 || m != 1 {
		t.Errorf("the strategy table was opened %d times, the every-target table %d, for 3 requests each and all of the target's; want once each", n, m)
	}
	if _, err := os.Stat(filepath.Join(blocker, "tables")); err == nil {
		t.Errorf("a tables directory was made")
	}
}
