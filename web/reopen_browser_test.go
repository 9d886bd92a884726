package web

import (
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"dicepoker/advice"
)

// TestBrowserReopenedLink opens a shared link, changes the dice and opens
// the same link again: the page shows the link's position, not the game
// it saved. A reload that began before the page wrote its URL keeps the
// saved game, and the address says so at once.
func TestBrowserReopenedLink(t *testing.T) {
	t.Parallel()
	p := newPage(t, advice.Opener{})
	const link = "?game=yahtzee&dice=11111&rolls=2"
	shown := func() string { return eval[string](p, `S.dice.join("")`) }
	address := func() url.Values {
		q, err := url.ParseQuery(strings.TrimPrefix(eval[string](p, "location.search"), "?"))
		if err != nil {
			t.Fatal(err)
		}
		return q
	}

	p.open(link)
	p.query()                         // kept: the URL is the link
	p.click(`#dice .die[data-i="0"]`) // 21111, kept when the page is left
	p.open(link)
	if got, q := shown(), address(); got != "11111" || q.Get("dice") != "11111" {
		t.Errorf("the link opened again shows dice %s, the address dice=%s; want the link's 11111", got, q.Get("dice"))
	}

	p.click(`#dice .die[data-i="0"]`) // 21111, not yet in the URL
	p.load(chromedp.Reload())
	if got, q := shown(), address(); got != "21111" || q.Get("dice") != "21111" {
		t.Errorf("after a reload the page shows dice %s, the address dice=%s; want the game's 21111 in both", got, q.Get("dice"))
	}
}
