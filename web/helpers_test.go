package web

import (
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"dicepoker/advice"
	"dicepoker/tables"
)

// testSource opens tables as the commands do, from a temporary tables
// directory, except school's: its player values every sheet after the
// turn at 0 (greedy), which runs the real within-turn search, sheets and
// JSON without the minutes an exact table or a fitted estimate takes.
var testSource = advice.Opener{Strategy: "greedy"}

// withTables returns src reading and saving its tables in dir, a
// directory of the test's own: nothing solved before is found there.
func withTables(src advice.Opener, dir string) advice.Opener {
	src.Dir = dir
	return src
}

// TestMain points the tables directory at one temporary directory for all
// the tests, so that a table one test solves serves the others, and stops
// the browser and the servers the tests share. A test that must find no
// table solved, or that leaves its own in the directory, gives its source
// a new one (withTables, advice.Opener's Dir), and the commands it runs
// (command's dir). Without -parallel, sideBySide tests run at once.
func TestMain(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		flag.Set("test.parallel", strconv.Itoa(max(sideBySide, runtime.GOMAXPROCS(0))))
	}
	dir, err := os.MkdirTemp("", "dicepoker-web-tables")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv(tables.EnvDir, dir)
	code := m.Run()
	stopBrowser()
	closeServers()
	os.RemoveAll(dir)
	os.Exit(code)
}

// sideBySide is how many tests run at once where -parallel does not say
// (its default is GOMAXPROCS): the browser's tests spend most of their
// time waiting for Chromium, a process of its own, to draw, and their
// server to answer.
const sideBySide = 8

// serve starts the server on a loopback port with src and the tables
// directory of the test, and returns it.
func serve(t *testing.T, src Source, o Options) *httptest.Server {
	t.Helper()
	ts, err := start(src, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ts.Close)
	return ts
}

// start starts the server on a loopback port with src.
func start(src Source, o Options) (*httptest.Server, error) {
	ts := httptest.NewUnstartedServer(nil)
	s, err := New(src, ts.Listener.Addr().String(), o)
	if err != nil {
		ts.Listener.Close()
		return nil, err
	}
	ts.Config.Handler = s
	ts.Config.WriteTimeout = time.Minute
	ts.Start()
	return ts, nil
}

// servers are the servers of the browser tests, one for each source,
// started by the first test that asks for it and closed by TestMain: a
// table one test's page has the server solve in memory (a variant) the
// others' read from it.
var servers struct {
	mu sync.Mutex
	by map[string]*httptest.Server
}

// sharedServer returns the URL of the server of src with the default
// options and the tables directory of the tests that share it.
func sharedServer(t *testing.T, src Source) string {
	t.Helper()
	servers.mu.Lock()
	defer servers.mu.Unlock()
	key := fmt.Sprintf("%T %+v", src, src)
	if ts := servers.by[key]; ts != nil {
		return ts.URL
	}
	ts, err := start(src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if servers.by == nil {
		servers.by = map[string]*httptest.Server{}
	}
	servers.by[key] = ts
	return ts.URL
}

// closeServers closes the servers the tests shared.
func closeServers() {
	servers.mu.Lock()
	defer servers.mu.Unlock()
	for _, ts := range servers.by {
		ts.Close()
	}
	servers.by = nil
}
