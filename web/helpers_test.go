package web

import (
	"net/http/httptest"
	"testing"
	"time"

	"dicepoker/advice"
	"dicepoker/internal/tablestest"
)

// testSource opens tables as the commands do, from a temporary tables
// directory, except school's: its player values every sheet after the
// turn at 0 (greedy), which runs the real within-turn search, sheets and
// JSON without the minutes an exact table or a fitted estimate takes.
var testSource = advice.Opener{Strategy: "greedy"}

// serve starts the server on a loopback port with src and a fresh tables
// directory, and returns it.
func serve(t *testing.T, src Source, o Options) *httptest.Server {
	t.Helper()
	tablestest.Dir(t)
	ts := httptest.NewUnstartedServer(nil)
	s, err := New(src, ts.Listener.Addr().String(), o)
	if err != nil {
		t.Fatal(err)
	}
	ts.Config.Handler = s
	ts.Config.WriteTimeout = time.Minute
	ts.Start()
	t.Cleanup(ts.Close)
	return ts
}
