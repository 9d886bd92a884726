package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"dicepoker/advice"
	"dicepoker/engine"
)

// TestAPISixDiceAims refuses, with one clear message and HTTP 400, what
// the server plays with five dice only: advice for a target or against
// opponents, and the quiz, in a game of six dice.
func TestAPISixDiceAims(t *testing.T) {
	t.Parallel()
	g := sixDice(t)
	ts := serve(t, advice.Opener{Dir: t.TempDir()}, Options{Games: []*engine.Game{g}})
	for _, c := range []struct{ name, path, body, want string }{
		{"target", "/api/advise", `{"game":"maxi-reduced","dice":[1,2,3,4,5,6],"rolls_left":2,"target":50}`,
			"target 50: maxi-reduced rolls 6 dice: advice for a target or against opponents plays five-dice games only"},
		{"opponents", "/api/advise", `{"game":"maxi-reduced","dice":[1,2,3,4,5,6],"rolls_left":2,"opponents":["fours=8"]}`,
			"opponents: maxi-reduced rolls 6 dice: advice for a target or against opponents plays five-dice games only"},
		{"quiz", "/api/quiz", `{"game":"maxi-reduced","seed":1}`, "maxi-reduced rolls 6 dice: quiz plays five-dice games only"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			status, body := call(t, ts, c.path, c.body)
			var e struct {
				Error string `json:"error"`
			}
			if err := json.Unmarshal([]byte(body), &e); status != http.StatusBadRequest || err != nil || e.Error != c.want {
				t.Errorf("%s %s: %d %s; want 400 saying %q", c.path, c.body, status, body, c.want)
			}
		})
	}
}

// TestBrowserSixDiceAims shows a game of six dice without what it is not
// offered: the quiz, the target and beat aims, a link's target, and the
// table's play to win, each with a note that says so.
func TestBrowserSixDiceAims(t *testing.T) {
	t.Parallel()
	g := sixDice(t)
	p := newPageWith(t, advice.Opener{Dir: t.TempDir()}, Options{Games: []*engine.Game{g}})
	disabled := func(css string) bool { return eval[bool](p, fmt.Sprintf(`document.querySelector(%q).disabled`, css)) }

	p.open("?game=yahtzee")
	if disabled("#mode-quiz") || disabled(`#aim [data-aim="target"]`) || p.text("#aim-note") != "" {
		t.Errorf("yahtzee: the quiz or the target disabled, or a note %q", p.text("#aim-note"))
	}
	p.open("?game=maxi-reduced&target=50")
	if got := p.text("#notice"); !strings.Contains(got, "maxi-reduced has no target= or opponent=: it is not offered for six dice") {
		t.Errorf("a link with a target: the page says %q", got)
	}
	if !disabled("#mode-quiz") || !strings.Contains(eval[string](p, `document.querySelector("#mode-quiz").title`), "not offered for six dice") {
		t.Errorf("six dice: the quiz is not disabled with a note")
	}
	for _, aim := range []string{"target", "beat"} {
		if !disabled(`#aim [data-aim="` + aim + `"]`) {
			t.Errorf("six dice: the %s aim is not disabled", aim)
		}
	}
	if disabled(`#aim [data-aim="score"]`) || !p.shown("#aim") || p.text("#aim-note") != "target, beat: not offered for six dice" {
		t.Errorf("six dice: the aims say %q", p.text("#aim-note"))
	}
	if q := p.query(); q.Has("target") {
		t.Errorf("six dice: the URL keeps the target: %v", q)
	}

	p.open("?game=maxi-reduced&mode=table")
	p.seat([2]string{"Ann", "assist"}, [2]string{"Bob", "assist"})
	if !disabled("#win") || p.text("#win-note") != "not offered for six dice" {
		t.Errorf("six dice at the table: play to win disabled %v, its note %q", disabled("#win"), p.text("#win-note"))
	}
}
