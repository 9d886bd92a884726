package web

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"dicepoker/advice"
	"dicepoker/internal/tablestest"
)

// advised answers r as advise does, with the strategies of src and the
// every-target tables of the tables directory.
func advised(src advice.Source, r advice.Request) (*advice.Advice, error) {
	return advice.Advise(context.Background(), r, advice.Env{Tables: src, Targets: advice.Opener{}})
}

// TestAPISchoolRacesOpponents checks that school's opponents are raced
// for the first-come bonuses, as advise --opponent races them: the
// answer names the race strategy and the opponents' sheet scores, an
// opponent given as an object as well as in the notation.
func TestAPISchoolRacesOpponents(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ts := serve(t, withTables(testSource, dir), Options{})
	tablestest.SchoolRace(t, dir)
	for _, c := range []struct{ name, opponents, want string }{
		{"notation", `["pair=12"]`, `"opponents":[12]`},
		{"object", `[{"pair":[12]}]`, `"opponents":[12]`},
	} {
		t.Run(c.name, func(t *testing.T) {
			status, body := call(t, ts, "/api/advise", `{"game":"school","dice":[1,1,2,5,6],"opponents":`+c.opponents+`}`)
			if status != http.StatusOK || !strings.Contains(body, `"strategy":"race"`) || !strings.Contains(body, c.want) {
				t.Errorf("%d %s, want the race strategy and %s", status, body, c.want)
			}
		})
	}
}
