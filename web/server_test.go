package web

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"dicepoker/advice"
	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/internal/tablestest"
	"dicepoker/record"
	"dicepoker/strategy"
	"dicepoker/tables"
	"dicepoker/target"
)

// dicepoker builds the command once for the tests that compare the API
// with what the commands print.
var dicepoker = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "dicepoker-web-test")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "dicepoker")
	out, err := exec.Command("go", "build", "-o", bin, "dicepoker/cmd/dicepoker").CombinedOutput()
	if err != nil {
		return "", &exec.Error{Name: string(out), Err: err}
	}
	return bin, nil
})

// command runs dicepoker with args and the tables directory dir ("": the
// tests' own) and returns its stdout.
func command(t *testing.T, dir string, args ...string) string {
	t.Helper()
	bin, err := dicepoker()
	if err != nil {
		t.Fatalf("building dicepoker: %v", err)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, args...)
	if dir != "" {
		cmd.Env = append(os.Environ(), tables.EnvDir+"="+dir)
	}
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("dicepoker %q: %v\n%s", args, err, stderr.String())
	}
	return stdout.String()
}

// call posts body to path and returns the status and the answer.
func call(t *testing.T, ts *httptest.Server, path, body string) (int, string) {
	t.Helper()
	var res *http.Response
	var err error
	if body == "" {
		res, err = http.Get(ts.URL + path)
	} else {
		res, err = http.Post(ts.URL+path, "application/json", strings.NewReader(body))
	}
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, string(b)
}

// schoolTable writes an exact one-column school table into the tables
// directory dir that values the sheets by a fixed pattern (not the optimum,
// whose solve takes a minute, but enough to make every choice depend on
// the table), for the command and the server to read alike.
func schoolTable(t *testing.T, dir string) {
	t.Helper()
	g, _ := engine.New("school", engine.Options{Columns: 1})
	tablestest.SchoolExact(t, strategy.Path(dir, g), tablestest.Scrambled)
}

func TestAPIAnswersAsTheCommands(t *testing.T) {
	t.Parallel()
	dir := t.TempDir() // school's table is written there for these requests alone
	ts := serve(t, advice.Opener{Dir: dir}, Options{})
	schoolTable(t, dir)
	for _, c := range []struct {
		name, path, body string
		args             []string
	}{
		{"advise poker-dice new game", "/api/advise", `{"game":"poker-dice","dice":[1,1,2,5,6]}`,
			[]string{"advise", "--game", "poker-dice", "--dice", "99TKA", "--json"}},
		{"advise poker-dice last roll", "/api/advise", `{"game":"poker-dice","sheet":"pair=1,straight=4","dice":[3,3,3,6,6],"rolls_left":0}`,
			[]string{"advise", "--game", "poker-dice", "--sheet", "pair=1,straight=4", "--dice", "JJJAA", "--rolls-left", "0", "--json"}},
		{"advise yahtzee forced joker, sheet object", "/api/advise", `{"game":"yahtzee","rules":["forced-joker"],"sheet":{"yahtzee":50,"sixes":18},"dice":[6,6,6,6,6],"rolls_left":1}`,
			[]string{"advise", "--forced-joker", "--sheet", "yahtzee=50,sixes=18", "--dice", "66666", "--rolls-left", "1", "--json"}},
		{"advise school one column", "/api/advise", `{"game":"school","rules":["columns=1"],"sheet":"ones=x,pair=12,reserve=1","dice":[3,3,5,5,6],"rolls_left":1,"fresh":true}`,
			[]string{"advise", "--game", "school", "--columns", "1", "--sheet", "ones=x,pair=12,reserve=1", "--dice", "33556", "--rolls-left", "1", "--fresh", "--json"}},
		{"advise poker-dice target", "/api/advise", `{"game":"poker-dice","sheet":"nines=2,tens=3,jacks=4,queens=0,kings=5,aces=5,pair=1,two-pair=0,three-of-a-kind=0,four-of-a-kind=0","dice":[1,1,2,5,6],"target":30}`,
			[]string{"advise", "--game", "poker-dice", "--sheet", "nines=2,tens=3,jacks=4,queens=0,kings=5,aces=5,pair=1,two-pair=0,three-of-a-kind=0,four-of-a-kind=0", "--dice", "99TKA", "--target", "30", "--json"}},
		{"advise poker-dice opponents, one an object", "/api/advise", `{"game":"poker-dice","sheet":"nines=2,tens=3,jacks=4,queens=0,kings=5,aces=5,pair=1,two-pair=0,three-of-a-kind=0,four-of-a-kind=0","dice":[1,1,2,5,6],"rolls_left":0,"opponents":["nines=2,tens=3,jacks=4,queens=0,kings=5,aces=5,pair=1,two-pair=0,three-of-a-kind=0,four-of-a-kind=0,straight=4",{"straight":4}]}`,
			[]string{"advise", "--game", "poker-dice", "--sheet", "nines=2,tens=3,jacks=4,queens=0,kings=5,aces=5,pair=1,two-pair=0,three-of-a-kind=0,four-of-a-kind=0", "--dice", "99TKA", "--rolls-left", "0", "--opponent", "nines=2,tens=3,jacks=4,queens=0,kings=5,aces=5,pair=1,two-pair=0,three-of-a-kind=0,four-of-a-kind=0,straight=4", "--opponent", "straight=4", "--json"}},
		{"score yatzy", "/api/score", `{"game":"yatzy","dice":[2,2,2,5,5]}`,
			[]string{"score", "--game", "yatzy", "--dice", "22255", "--json"}},
		{"score school", "/api/score", `{"game":"school","dice":[4,4,1,2,3],"fresh":true,"reserve":3}`,
			[]string{"score", "--game", "school", "--dice", "44123", "--fresh", "--reserve", "3", "--json"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			want := command(t, dir, c.args...)
			status, got := call(t, ts, c.path, c.body)
			if status != http.StatusOK || got != want {
				t.Errorf("%s %s: %d\n%s\nwant what dicepoker %s prints:\n%s", c.path, c.body, status, got, strings.Join(c.args, " "), want)
			}
		})
	}
}

func TestReviewAnswersAsTheCommand(t *testing.T) {
	t.Parallel()
	ts := serve(t, advice.Opener{}, Options{})
	g, _ := engine.New("poker-dice", engine.Options{})
	sheet, _ := coach.ParseSheet(g, "")
	var file strings.Builder
	w := record.NewWriter(&file)
	d1, _ := engine.FromDice(1, 1, 2, 5, 6)
	d2, _ := engine.FromDice(1, 1, 1, 4, 6)
	nines, _ := engine.FromDice(1, 1)
	p := coach.Position{Game: g, Sheet: sheet, Dice: d1, RollsLeft: 1, Fresh: true}
	if err := w.Write(p, coach.Action{Keep: nines}); err != nil {
		t.Fatal(err)
	}
	p.Dice, p.RollsLeft, p.Fresh = d2, 0, false
	if err := w.Write(p, coach.Action{Box: "pair"}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "game.jsonl")
	if err := os.WriteFile(path, []byte(file.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	want := command(t, "", "review", path, "--json")
	body, _ := json.Marshal(map[string]string{"record": file.String()})
	if status, got := call(t, ts, "/api/review", string(body)); status != http.StatusOK || got != want {
		t.Errorf("/api/review: %d\n%s\nwant what review --json prints:\n%s", status, got, want)
	}
}

func TestBadRequests(t *testing.T) {
	t.Parallel()
	ts := serve(t, testSource, Options{})
	for _, c := range []struct {
		name, method, path, body string
		status                   int
		error                    string // a part of the error
	}{
		{"bad JSON", "POST", "/api/advise", `{"game":`, 400, "bad JSON"},
		{"not an object", "POST", "/api/advise", `[1,2]`, 400, "bad JSON"},
		{"unknown field", "POST", "/api/advise", `{"game":"yahtzee","dice":[1,2,3,4,5],"rolls":2}`, 400, `unknown field "rolls"`},
		{"two values", "POST", "/api/advise", `{"dice":[1,2,3,4,5]} {}`, 400, "more than one JSON value"},
		{"four dice", "POST", "/api/advise", `{"dice":[1,2,3,4]}`, 400, "want five face numbers"},
		{"a seven", "POST", "/api/advise", `{"dice":[1,2,3,4,7]}`, 400, "out of range"},
		{"unknown game", "POST", "/api/advise", `{"game":"farkle","dice":[1,2,3,4,5]}`, 400, "farkle"},
		{"option of another game", "POST", "/api/advise", `{"game":"yatzy","rules":["forced-joker"],"dice":[1,2,3,4,5]}`, 400, "option forced-joker belongs to yahtzee"},
		{"options that clash, named as rules", "POST", "/api/advise", `{"rules":["forced-joker","no-joker"],"dice":[1,2,3,4,5]}`, 400, "forced-joker cannot go with no-joker or no-yahtzee-bonus"},
		{"option out of range, named as rules", "POST", "/api/advise", `{"game":"swedish","rules":["upper-bonus-threshold=106"],"dice":[1,2,3,4,5]}`, 400, "upper-bonus-threshold 106 is out of range"},
		{"impossible sheet", "POST", "/api/advise", `{"game":"yahtzee","sheet":"ones=7","dice":[1,2,3,4,5]}`, 400, "ones"},
		{"sheet neither string nor object", "POST", "/api/advise", `{"sheet":3,"dice":[1,2,3,4,5]}`, 400, "sheet"},
		{"rolls left out of range", "POST", "/api/advise", `{"game":"poker-dice","dice":[1,2,3,4,5],"rolls_left":2}`, 400, "allows 0..1"},
		{"fresh outside school", "POST", "/api/advise", `{"dice":[1,2,3,4,5],"fresh":true}`, 400, "fresh belongs to school"},
		{"school first roll not fresh", "POST", "/api/advise", `{"game":"school","dice":[1,2,3,4,5],"fresh":false}`, 400, "always fresh"},
		{"school gap in a row", "POST", "/api/advise", `{"game":"school","sheet":{"pair":["x"]},"dice":[1,2,3,4,5],"rolls_left":0,"fresh":false}`, 400, "sheet: "},
		{"target in school", "POST", "/api/advise", `{"game":"school","dice":[1,2,3,4,5],"target":100}`, 400, "single-sheet games"},
		{"impossible opponent in school", "POST", "/api/advise", `{"game":"school","dice":[1,2,3,4,5],"opponents":["pair=x"]}`, 400, `opponents "pair=x": `},
		{"rolls left named by its key", "POST", "/api/advise", `{"game":"yatzy","dice":[1,2,3,4,5],"rolls_left":3}`, 400, "rolls_left 3: yatzy allows 0..2"},
		{"target and opponents", "POST", "/api/advise", `{"game":"poker-dice","dice":[1,2,3,4,5],"target":10,"opponents":["pair=1"]}`, 400, "not both"},
		{"negative target", "POST", "/api/advise", `{"game":"poker-dice","dice":[1,2,3,4,5],"target":-1}`, 400, "must be 0 to"},
		{"no opponents", "POST", "/api/advise", `{"game":"poker-dice","dice":[1,2,3,4,5],"opponents":[]}`, 400, "one sheet or more"},
		{"six opponents", "POST", "/api/advise", `{"game":"poker-dice","dice":[1,2,3,4,5],"opponents":[null,null,null,null,null,null]}`, 400, "at most 5, have 6"},
		{"impossible opponent", "POST", "/api/advise", `{"game":"poker-dice","dice":[1,2,3,4,5],"opponents":["aces=6"]}`, 400, "aces"},
		{"opponent neither string nor object", "POST", "/api/advise", `{"game":"poker-dice","dice":[1,2,3,4,5],"opponents":[3]}`, 400, "opponents[0]"},
		{"write a filled box", "POST", "/api/write", `{"game":"yatzy","sheet":"ones=3","dice":[1,1,1,2,3],"box":"ones"}`, 400, "filled"},
		{"write an unknown box", "POST", "/api/write", `{"game":"yatzy","dice":[1,1,1,2,3],"box":"kniffel"}`, 400, "kniffel"},
		{"score a negative reserve", "POST", "/api/score", `{"game":"school","dice":[1,1,1,2,3],"reserve":-1}`, 400, "never below 0"},
		{"review a broken record", "POST", "/api/review", `{"record":"{\"game\":\"yatzy\"}\n"}`, 400, "record:1"},
		{"a body over 1 MiB", "POST", "/api/advise", `{"sheet":"` + strings.Repeat("x", MaxBody) + `"}`, 413, "over 1048576 bytes"},
		{"GET an API of POST", "GET", "/api/advise", "", 404, "no API at GET /api/advise"},
		{"no such API", "POST", "/api/solve", "{}", 404, "no API at POST /api/solve"},
	} {
		t.Run(c.name, func(t *testing.T) {
			req, _ := http.NewRequest(c.method, ts.URL+c.path, strings.NewReader(c.body))
			req.Header.Set("Content-Type", "application/json")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var answer struct{ Error string }
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode != c.status {
				t.Fatalf("status %d, want %d: %s", res.StatusCode, c.status, body)
			}
			if err := json.Unmarshal(body, &answer); err != nil || answer.Error == "" || !strings.Contains(answer.Error, c.error) {
				t.Errorf("answer %s, want {\"error\": ...%q...}", body, c.error)
			}
		})
	}
	// The server goes on.
	if status, body := call(t, ts, "/api/score", `{"dice":[6,6,6,6,6]}`); status != 200 || !strings.Contains(body, `"yahtzee":50`) {
		t.Errorf("after the bad requests: %d %s", status, body)
	}
}

func TestOtherSitesRefused(t *testing.T) {
	t.Parallel()
	ts := serve(t, testSource, Options{})
	for _, c := range []struct {
		name, origin, contentType string
		status                    int
	}{
		{"the page itself", ts.URL, "application/json", 200},
		{"another site's page", "http://attacker.example", "application/json", 403},
		{"the server's port under another name", "http://localhost" + ts.URL[strings.LastIndex(ts.URL, ":"):], "application/json", 403},
		{"a form", "", "application/x-www-form-urlencoded", 415},
		{"plain text", "", "text/plain", 415},
		{"JSON with a charset", "", "application/json; charset=utf-8", 200},
	} {
		t.Run(c.name, func(t *testing.T) {
			req, _ := http.NewRequest("POST", ts.URL+"/api/score", strings.NewReader(`{"dice":[1,2,3,4,5]}`))
			req.Header.Set("Content-Type", c.contentType)
			if c.origin != "" {
				req.Header.Set("Origin", c.origin)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != c.status || c.status != 200 && !strings.Contains(string(body), `"error"`) {
				t.Errorf("status %d, want %d: %s", res.StatusCode, c.status, body)
			}
		})
	}
}

func TestHostHeader(t *testing.T) {
	t.Parallel()
	machine := Options{Names: []string{"MyLaptop", "mylaptop.local", "mylaptop.lan."}}
	for _, c := range []struct {
		name, addr string
		o          Options
		host       string
		ok         bool
	}{
		{"the address", "127.0.0.1:8080", Options{}, "127.0.0.1:8080", true},
		{"localhost", "127.0.0.1:8080", Options{}, "localhost:8080", true},
		{"localhost in capitals", "127.0.0.1:8080", Options{}, "LOCALHOST:8080", true},
		{"localhost with the final dot", "127.0.0.1:8080", Options{}, "localhost.:8080", true},
		{"IPv6 loopback", "127.0.0.1:8080", Options{}, "[::1]:8080", true},
		{"another port", "127.0.0.1:8080", Options{}, "127.0.0.1:9090", false},
		{"a rebound name", "127.0.0.1:8080", Options{}, "attacker.example:8080", false},
		{"no port", "127.0.0.1:8080", Options{}, "127.0.0.1", false},
		{"empty", "127.0.0.1:8080", Options{}, "", false},
		{"only a port", "127.0.0.1:8080", Options{}, ":8080", false},
		{"IPv6 without brackets", "127.0.0.1:8080", Options{}, "::1:8080", false},
		{"no port on port 80", "127.0.0.1:80", Options{}, "localhost", true},
		{"no port on port 80, IPv6", "127.0.0.1:80", Options{}, "[::1]", true},
		{"the name it listens on", "mylaptop:8080", Options{}, "mylaptop:8080", true},
		{"the name it listens on, fully qualified", "mylaptop.example.org:8080", Options{}, "MyLaptop.Example.Org.:8080", true},
		{"a name it does not know", "mylaptop:8080", Options{}, "mylaptop.local:8080", false},
		{"a LAN address", ":8080", machine, "192.168.1.20:8080", true},
		{"a LAN IPv6 address", ":8080", machine, "[fd00::2]:8080", true},
		{"a link-local address with a zone", ":8080", machine, "[fe80::1%25eth0]:8080", true},
		{"an address on another port", ":8080", machine, "192.168.1.20:8081", false},
		{"the host name", ":8080", machine, "mylaptop:8080", true},
		{"the host name in capitals", ":8080", machine, "MYLAPTOP:8080", true},
		{"NAME.local", ":8080", machine, "mylaptop.local:8080", true},
		{"NAME.local with the final dot", ":8080", machine, "mylaptop.local.:8080", true},
		{"a name given with its final dot", ":8080", machine, "mylaptop.lan:8080", true},
		{"NAME.local on another port", ":8080", machine, "mylaptop.local:9090", false},
		{"a name that ends as the host name", ":8080", machine, "evil-mylaptop:8080", false},
		{"a name under NAME.local", ":8080", machine, "x.mylaptop.local:8080", false},
		{"a rebound name on a LAN server", ":8080", machine, "attacker.example:8080", false},
		{"two final dots", ":8080", machine, "mylaptop..:8080", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s, err := New(testSource, c.addr, c.o)
			if err != nil {
				t.Fatal(err)
			}
			req := httptest.NewRequest("GET", "/api/games", nil)
			req.Host = c.host
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			if got := rec.Code == http.StatusOK; got != c.ok || !c.ok && rec.Code != http.StatusMisdirectedRequest {
				t.Errorf("Host %q: status %d, want allowed %v (else 421)", c.host, rec.Code, c.ok)
			}
		})
	}
}

func TestRefusalsQuoteClipped(t *testing.T) {
	t.Parallel()
	s, err := New(testSource, "127.0.0.1:8080", Options{})
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("x", 5000)
	for _, c := range []struct {
		name, host, origin string
		status             int
	}{
		{"Host", long + ":8080", "", http.StatusMisdirectedRequest},
		{"Origin", "127.0.0.1:8080", "http://" + long, http.StatusForbidden},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			req := httptest.NewRequest("GET", "/api/games", nil)
			req.Host = c.host
			if c.origin != "" {
				req.Header.Set("Origin", c.origin)
			}
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			if rec.Code != c.status || rec.Body.Len() > 200 || !strings.Contains(rec.Body.String(), "bytes)") {
				t.Errorf("status %d, want %d; answer of %d bytes: %.300s", rec.Code, c.status, rec.Body.Len(), rec.Body)
			}
		})
	}
}

// countingSource counts the tables it opens, each after a pause, so that
// requests that ask at the same time find the work under way.
type countingSource struct {
	advice.Opener
	opened  atomic.Int32
	targets atomic.Int32  // every-target tables opened
	release chan struct{} // nil: open at once
}

func (c *countingSource) Targets(g *engine.Game) (*target.Table, error) {
	c.targets.Add(1)
	return c.Opener.Targets(g)
}

func (c *countingSource) Table(g *engine.Game) (*strategy.Table, error) {
	c.opened.Add(1)
	if c.release != nil {
		<-c.release
	}
	time.Sleep(50 * time.Millisecond)
	return c.Opener.Table(g)
}

func TestTableSolvedOnce(t *testing.T) {
	t.Parallel()
	src := &countingSource{Opener: advice.Opener{Dir: t.TempDir()}} // the table is solved and saved there
	ts := serve(t, src, Options{})
	const requests = 8
	answers := make([]string, requests)
	var wg sync.WaitGroup
	for i := range requests {
		wg.Go(func() {
			status, body := call(t, ts, "/api/advise", `{"game":"poker-dice","dice":[1,1,2,5,6]}`)
			if status != http.StatusOK {
				t.Errorf("request %d: %d %s", i, status, body)
			}
			answers[i] = body
		})
	}
	wg.Wait()
	if n := src.opened.Load(); n != 1 {
		t.Errorf("the table was opened %d times for %d requests at once, want once", n, requests)
	}
	for i := range answers {
		if answers[i] != answers[0] {
			t.Errorf("answer %d differs from answer 0:\n%s\n%s", i, answers[i], answers[0])
		}
	}
	g, _ := engine.New("poker-dice", engine.Options{})
	if _, err := os.Stat(strategy.Path(src.Dir, g)); err != nil {
		t.Errorf("the solved table was not saved: %v", err)
	}
}

func TestSolvingIsAnsweredAndReported(t *testing.T) {
	t.Parallel()
	src := &countingSource{Opener: advice.Opener{Dir: t.TempDir()}, release: make(chan struct{})} // the table is missing there: solved, not read
	ts := serve(t, src, Options{SolveWait: 20 * time.Millisecond})
	body := `{"game":"poker-dice","dice":[1,1,2,5,6]}`
	res, err := http.Post(ts.URL+"/api/advise", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" || !strings.Contains(string(b), "being solved") {
		t.Errorf("while solving: %d %q %s", res.StatusCode, res.Header.Get("Retry-After"), b)
	}
	if status, st := call(t, ts, "/api/status", ""); status != 200 || st != `{"solving":["poker-dice"]}`+"\n" {
		t.Errorf("status while solving: %d %s", status, st)
	}
	close(src.release)
	var status int
	for range 100 { // the solve goes on without the request that started it
		if status, _ = call(t, ts, "/api/advise", body); status != http.StatusServiceUnavailable {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if status != http.StatusOK || src.opened.Load() != 1 {
		t.Errorf("after the solve: %d, opened %d times", status, src.opened.Load())
	}
	if _, st := call(t, ts, "/api/status", ""); st != `{"solving":[]}`+"\n" {
		t.Errorf("status after the solve: %s", st)
	}
}

func TestWriteAndSheet(t *testing.T) {
	t.Parallel()
	ts := serve(t, testSource, Options{})
	for _, c := range []struct {
		name, body string
		want       []string // parts of the answer
	}{
		{"yahtzee upper box", `{"game":"yahtzee","sheet":"sixes=18","dice":[5,5,5,5,2],"box":"fives"}`,
			[]string{`"points":20`, `"sheet":"fives=20,sixes=18"`, `"upper_total":38`, `"score":38`, `"turn":3`}},
		{"yahtzee bonus and joker", `{"game":"yahtzee","sheet":"yahtzee=50,fours=8","dice":[4,4,4,4,4],"box":"large-straight"}`,
			[]string{`"points":40`, `"bonus":100`, `"five_bonus":100`}},
		{"school close with reserve", `{"game":"school","rules":["columns=2"],"sheet":"","dice":[3,3,3,3,5],"fresh":true,"box":"threes"}`,
			[]string{`"detail":"1: close, reserve +3"`, `"sheet":"threes=x,reserve=3"`, `"reserve":3`}},
		{"school cross out", `{"game":"school","rules":["columns=2"],"sheet":"pair=12","dice":[1,2,3,4,6],"box":"pair","cross":true}`,
			[]string{`"detail":"2: cross out"`, `"sheet":"pair=12/-"`, `{"name":"pair","cells":["12","-"],"bonus":0,"has_bonus":true,"in_reach":false,"taken":false}`}},
		{"school row bonus", `{"game":"school","rules":["columns=1"],"sheet":"","dice":[6,6,6,6,1],"fresh":true,"box":"sixes"}`,
			[]string{`{"name":"sixes","school":true,"cells":["x"],"bonus":30,"has_bonus":true,"in_reach":false,"taken":false}`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			status, got := call(t, ts, "/api/write", c.body)
			for _, w := range c.want {
				if status != 200 || !strings.Contains(got, w) {
					t.Errorf("%d %s\nwant it to hold %s", status, got, w)
				}
			}
		})
	}
	for _, c := range []struct {
		name, body string
		status     int
		want       string // a part of the answer
	}{
		{"a row", `{"game":"school","sheet":"pair=12","bonus":"twos"}`, 200, `"sheet":"pair=12,taken=twos"`},
		{"a column", `{"game":"school","sheet":"pair=12,taken=twos","bonus":"column3"}`, 200, `{"bonus":0,"in_reach":false,"taken":true}],"reserve":0`},
		{"given back", `{"game":"school","sheet":"pair=12,taken=twos+column3","bonus":"twos"}`, 200, `"sheet":"pair=12,taken=column3"`},
		{"shown taken", `{"game":"school","sheet":"taken=twos","bonus":"column1"}`, 200, `{"name":"twos","school":true,"cells":[],"bonus":0,"has_bonus":true,"in_reach":false,"taken":true}`},
		{"an earned bonus", `{"game":"school","rules":["columns=1"],"sheet":"sixes=x","bonus":"sixes"}`, 400, "earned"},
		{"sum has none", `{"game":"school","bonus":"sum"}`, 400, "sum has no row bonus"},
		{"not school", `{"game":"yatzy","bonus":"ones"}`, 400, "yatzy has no bonuses"},
	} {
		t.Run("take "+c.name, func(t *testing.T) {
			if status, got := call(t, ts, "/api/take", c.body); status != c.status || !strings.Contains(got, c.want) {
				t.Errorf("%d %s\nwant %d and %s", status, got, c.status, c.want)
			}
		})
	}
	status, got := call(t, ts, "/api/sheet", `{"game":"poker-dice","sheet":"pair=1,aces=3"}`)
	if want := `"upper_total":3,"upper_threshold":15,"upper_bonus":3`; status != 200 || !strings.Contains(got, want) {
		t.Errorf("/api/sheet: %d %s, want %s", status, got, want)
	}
}

func TestGames(t *testing.T) {
	t.Parallel()
	ts := serve(t, testSource, Options{})
	status, body := call(t, ts, "/api/games", "")
	var games []gameInfo
	if err := json.Unmarshal([]byte(body), &games); err != nil || status != 200 {
		t.Fatalf("%d %s: %v", status, body, err)
	}
	if len(games) != len(engine.GameNames) {
		t.Fatalf("%d games, want %d", len(games), len(engine.GameNames))
	}
	for i, g := range games {
		want, _ := engine.New(engine.GameNames[i], engine.Options{})
		if g.Name != want.Name || len(g.Categories) != len(want.Categories) || g.Faces != want.Letters || g.Rolls != want.Rolls {
			t.Errorf("game %d: %+v", i, g)
		}
		for _, o := range g.Options { // every option the page offers is one the game takes
			rule := o.Name
			if o.Kind == "number" {
				rule += "=" + strings.Repeat("1", 1)
			}
			opts, err := engine.ParseOptions(rule)
			if _, err2 := engine.New(g.Name, opts); err != nil || err2 != nil {
				t.Errorf("%s: option %s: %v %v", g.Name, rule, err, err2)
			}
		}
	}
}

func TestPageIsLight(t *testing.T) {
	t.Parallel()
	total := 0
	err := fs.WalkDir(static, "static", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := static.ReadFile(path)
			total += len(b)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if total == 0 || total > 300<<10 {
		t.Errorf("the page's files hold %d bytes, want under 300 KB", total)
	}
}

func TestServeShutsDownWhenDone(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(testSource, ln.Addr().String(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, ln, s) }()
	res, err := http.Get("http://" + ln.Addr().String() + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(page), "<title>dicepoker advisor</title>") {
		t.Errorf("the page: %s", page)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Serve: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return after its context was done")
	}
	if _, err := http.Get("http://" + ln.Addr().String() + "/"); err == nil {
		t.Error("the server still answers after shutting down")
	}
}

func TestServeStopsRequestsUnderWay(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		grace time.Duration
		// handle answers a request; started is closed as it begins, finish
		// once the server has stopped listening.
		handle func(w http.ResponseWriter, r *http.Request, finish <-chan struct{})
		status int
		body   string
	}{
		{"finished within the grace period", time.Minute, func(w http.ResponseWriter, r *http.Request, finish <-chan struct{}) {
			<-finish
			status, body := encode(http.StatusOK, "done")
			writeAnswer(w, status, body)
		}, http.StatusOK, `"done"`},
		{"cancelled after it", time.Millisecond, func(w http.ResponseWriter, r *http.Request, finish <-chan struct{}) {
			<-r.Context().Done()
			if cause := context.Cause(r.Context()); cause != ErrStopping {
				t.Errorf("the request's context ended by %v, want ErrStopping", cause)
			}
			status, body := encode(http.StatusOK, "too late")
			writeAnswer(w, status, body)
		}, http.StatusServiceUnavailable, `{"error":"the server is stopping"}`},
		{"heedless of its context", time.Millisecond, func(w http.ResponseWriter, r *http.Request, finish <-chan struct{}) {
			<-finish
			<-t.Context().Done()
		}, http.StatusServiceUnavailable, `{"error":"the server is stopping"}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			started, finish := make(chan struct{}), make(chan struct{})
			h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				close(started)
				c.handle(w, r, finish)
			})
			ctx, stop := context.WithCancel(context.Background())
			served := make(chan error, 1)
			go func() { served <- serveUntil(ctx, ln, h, c.grace) }()
			type answer struct {
				status int
				body   string
				err    error
			}
			answered := make(chan answer, 1)
			go func() {
				res, err := http.Get("http://" + ln.Addr().String() + "/")
				if err != nil {
					answered <- answer{err: err}
					return
				}
				defer res.Body.Close()
				b, err := io.ReadAll(res.Body)
				answered <- answer{res.StatusCode, string(b), err}
			}()
			<-started
			stop()
			for { // until the server has stopped listening
				conn, err := net.Dial("tcp", ln.Addr().String())
				if err != nil {
					break
				}
				conn.Close()
				time.Sleep(time.Millisecond)
			}
			close(finish)
			if a := <-answered; a.err != nil || a.status != c.status || strings.TrimSpace(a.body) != c.body {
				t.Errorf("answer %d %q (%v), want %d %s", a.status, a.body, a.err, c.status, c.body)
			}
			if err := <-served; err != nil {
				t.Errorf("Serve: %v", err)
			}
		})
	}
}

// BenchmarkAdvise measures one advice through the handler, the table
// loaded: the page asks for one after every tap.
func BenchmarkAdvise(b *testing.B) {
	for _, c := range []struct{ name, body string }{
		{"yahtzee", `{"game":"yahtzee","sheet":"ones=3,chance=22","dice":[3,3,5,5,6],"rolls_left":2}`},
		{"poker-dice", `{"game":"poker-dice","dice":[1,1,2,5,6],"rolls_left":1}`},
		{"school-greedy", `{"game":"school","sheet":"ones=x/r,pair=12","dice":[3,3,5,5,6],"rolls_left":2}`},
	} {
		b.Run(c.name, func(b *testing.B) {
			tablestest.Dir(b)
			s, err := New(testSource, "127.0.0.1:8080", Options{})
			if err != nil {
				b.Fatal(err)
			}
			do := func() *httptest.ResponseRecorder {
				req := httptest.NewRequest("POST", "/api/advise", strings.NewReader(c.body))
				req.Host = "127.0.0.1:8080"
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Content-Type", "application/json")
				rec := httptest.NewRecorder()
				s.ServeHTTP(rec, req)
				return rec
			}
			if rec := do(); rec.Code != http.StatusOK { // solves the table
				b.Fatalf("%d %s", rec.Code, rec.Body)
			}
			b.ResetTimer()
			for b.Loop() {
				do()
			}
		})
	}
}
