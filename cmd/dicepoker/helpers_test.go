package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"

	"dicepoker/advice"
	"dicepoker/coach"
	"dicepoker/engine"
	"dicepoker/internal/tablestest"
	"dicepoker/kind"
	"dicepoker/school"
	"dicepoker/strategy"
	"dicepoker/tables"
)

// TestMain points the process's tables directory ($DICEPOKER_TABLES) at
// a temporary directory shared by every command line the tests run with
// the process's environment (runOK, runLine, run), where a table one of
// them solves (poker-dice's every-target table, seconds of CPU) serves
// the others. A test that must find no table there, or leaves one of its
// own, runs its command lines in a cli of its own directory instead.
// At the end it removes that directory. With $DICEPOKER_TEST_AS_PROGRAM
// set (see program), the binary runs as dicepoker itself instead.
func TestMain(m *testing.M) {
	if os.Getenv(asProgram) == "1" {
		main()
	}
	dir, err := os.MkdirTemp("", "dicepoker-cmd-tables")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	sharedTables = dir
	os.Setenv(tables.EnvDir, dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// sharedTables is the tables directory of the process, shared by the
// tests (see TestMain).
var sharedTables string

// cli runs command lines in-process with its environment variables over
// the process's: a tables directory or a data directory of a test's own,
// so that the test needs no t.Setenv and can run beside the others.
type cli map[string]string

// ownTables returns a cli whose tables directory is a new empty
// directory, and the directory: nothing solved before is found there,
// and nothing solved is left behind.
func ownTables(t *testing.T) (cli, string) {
	t.Helper()
	dir := t.TempDir()
	return cli{tables.EnvDir: dir}, dir
}

// getenv looks up the variable name in c, else in the process.
func (c cli) getenv(name string) string {
	if v, ok := c[name]; ok {
		return v
	}
	return os.Getenv(name)
}

// run runs a command line in c's environment and returns its status.
func (c cli) run(args []string, stdout, stderr io.Writer) int {
	return runIn(c.getenv, args, stdout, stderr)
}

// runLine runs a command line in c's environment and returns its
// status, stdout and stderr.
func (c cli) runLine(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	status := c.run(args, &stdout, &stderr)
	return status, stdout.String(), stderr.String()
}

// runOK runs a command line in c's environment that must succeed and
// returns its stdout.
func (c cli) runOK(t *testing.T, args ...string) string {
	t.Helper()
	status, stdout, stderr := c.runLine(args...)
	if status != 0 {
		t.Fatalf("%q: status %d: %s", args, status, stderr)
	}
	return stdout
}

// runLine runs a command line in-process and returns its status, stdout
// and stderr.
func runLine(args ...string) (int, string, string) { return cli(nil).runLine(args...) }

// runOK runs a command line that must succeed and returns its stdout.
func runOK(t *testing.T, args ...string) string {
	t.Helper()
	return cli(nil).runOK(t, args...)
}

// sharedSolved makes sure the shared tables directory holds a table of
// g, solved there once for all the tests, and links it into dir: its
// strategy table, or with targets its every-target table.
func sharedSolved(t *testing.T, dir string, g *engine.Game, targets bool) {
	t.Helper()
	if err := os.Link(sharedTable(t, g, targets), tableOf(g, targets).Path(dir)); err != nil {
		t.Fatal(err)
	}
}

// sharedTable makes sure the shared tables directory holds a table of g,
// solved there once for all the tests, and returns its path: its
// strategy table, or with targets its every-target table.
func sharedTable(t *testing.T, g *engine.Game, targets bool) string {
	t.Helper()
	o := advice.Opener{Dir: sharedTables}
	open := func() error { _, err := o.Table(g); return err }
	if targets {
		open = func() error { _, err := o.Targets(g); return err }
	}
	path := tableOf(g, targets).Path(sharedTables)
	v, _ := solvedFiles.LoadOrStore(path, &solvedFile{})
	f := v.(*solvedFile)
	f.once.Do(func() { f.err = open() })
	if f.err != nil {
		t.Fatal(f.err)
	}
	return path
}

// pokerTargets makes sure the shared tables directory holds poker-dice's
// every-target table, solved there once (seconds of CPU) for every test
// whose command lines read it there: without it, tests that start side
// by side each find it missing and solve it.
func pokerTargets(t *testing.T) {
	t.Helper()
	g, err := engine.New("poker-dice", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sharedTable(t, g, true)
}

// tableOf is g's strategy table, or with targets its every-target
// table.
func tableOf(g *engine.Game, targets bool) kind.Build {
	if targets {
		return *kind.Of(g).Targets()
	}
	return kind.Of(g).Table()
}

// solvedFiles holds a *solvedFile for each path of sharedSolved.
var solvedFiles sync.Map

// solvedFile is a table of the shared directory, solved once.
type solvedFile struct {
	once sync.Once
	err  error
}

// containsAll fails t for each of wants that out lacks, showing out.
func containsAll(t *testing.T, out string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
}

// writeFile writes data to a new file and returns its path.
func writeFile(t *testing.T, data string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sheet.json")
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// tableFor returns g's table from the shared tables directory, where
// play and review find it, solved there once for all the tests.
func tableFor(t *testing.T, g *engine.Game) *strategy.Table {
	t.Helper()
	sharedTable(t, g, false) // solved once, whoever asks first
	v, _ := solvedTables.LoadOrStore(g.Name+"+"+g.Options.String(), &solvedTable{})
	st := v.(*solvedTable)
	st.once.Do(func() { st.table, st.err = (advice.Opener{Dir: sharedTables}).Table(g) })
	if st.err != nil {
		t.Fatal(st.err)
	}
	return st.table
}

// solvedTables holds a *solvedTable for each game of tableFor.
var solvedTables sync.Map

// solvedTable is a table of tableFor, opened once.
type solvedTable struct {
	once  sync.Once
	table *strategy.Table
	err   error
}

// schoolExact saves a one-column school table whose value of the state at
// index i is value(i), a function of tablestest's, and returns its game
// and path.
func schoolExact(t *testing.T, value func(i int) float32) (*engine.Game, string) {
	t.Helper()
	name := path.Ext(runtime.FuncForPC(reflect.ValueOf(value).Pointer()).Name()) // ".Zero"
	file := filepath.Join(t.TempDir(), "school-exact.dpt")
	copyFile(t, filepath.Join(fixture(t, "school-exact"+name, func(dir string) {
		tablestest.SchoolExact(t, filepath.Join(dir, "exact.dpt"), value)
	}), "exact.dpt"), file)
	g, err := engine.New("school", engine.Options{Columns: 1})
	if err != nil {
		t.Fatal(err)
	}
	return g, file
}

// schoolTables writes tables for school that value every sheet at 0 (the
// greedy player) for one column, exact, and for three, an estimate, and
// returns their paths.
func schoolTables(t *testing.T) (exact, estimate string) {
	t.Helper()
	_, exact = schoolExact(t, tablestest.Zero)
	estimate = filepath.Join(t.TempDir(), "estimate.dpt")
	copyFile(t, filepath.Join(fixture(t, "school-estimate", func(dir string) {
		tablestest.SchoolEstimate(t, filepath.Join(dir, "estimate.dpt"))
	}), "estimate.dpt"), estimate)
	return exact, estimate
}

// schoolRace saves in the tables directory dir the files of
// tablestest.SchoolRace: the greedy estimate of three-column school and
// its race timing.
func schoolRace(t *testing.T, dir string) {
	t.Helper()
	g, err := engine.New("school", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	race := fixture(t, "school-race", func(dir string) { tablestest.SchoolRace(t, dir) })
	for _, at := range []func(string, *engine.Game) string{school.EstimatePath, school.TimingPath} {
		copyFile(t, at(race, g), at(dir, g))
	}
}

// fixture returns the directory of a fixture called name: the files
// write makes there, made once for all the tests. Tests copy what they
// need of it and leave it as it is.
func fixture(t *testing.T, name string, write func(dir string)) string {
	t.Helper()
	v, _ := fixtures.LoadOrStore(name, &fixtureDir{})
	f := v.(*fixtureDir)
	f.once.Do(func() {
		f.dir = filepath.Join(sharedTables, "fixtures", name)
		if err := os.MkdirAll(f.dir, 0o755); err != nil {
			t.Fatal(err)
		}
		write(f.dir)
	})
	return f.dir
}

// fixtures holds a *fixtureDir for each name of fixture.
var fixtures sync.Map

// fixtureDir is the directory of a fixture, made once.
type fixtureDir struct {
	once sync.Once
	dir  string
}

// copyFile copies the file from to a new file to.
func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// reviewJSON is what the tests read of review --json.
type reviewJSON struct {
	Decisions []struct {
		Line    int     `json:"line"`
		Loss    float64 `json:"loss"`
		Optimal bool    `json:"optimal"`
	} `json:"decisions"`
	TotalLoss    float64 `json:"total_loss"`
	Optimal      int     `json:"optimal"`
	OptimalShare float64 `json:"optimal_share"`
	Complete     bool    `json:"complete"`
	Score        int     `json:"score"`
	Note         string  `json:"note"`
}

// reviewed reviews the record rec with review --json and the other args.
func reviewed(t *testing.T, rec string, args ...string) reviewJSON {
	t.Helper()
	return cli(nil).reviewed(t, rec, args...)
}

// reviewed is reviewed in c's environment.
func (c cli) reviewed(t *testing.T, rec string, args ...string) reviewJSON {
	t.Helper()
	var res reviewJSON
	out := c.runOK(t, append([]string{"review", rec, "--json"}, args...)...)
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("review --json: %v\n%s", err, out)
	}
	return res
}

// agrees checks that review's answer res agrees with the game pl played,
// wrong of its decisions mistakes: the points they lost, the others
// optimal, the game complete with pl's score, and no note.
func (pl player) agrees(t *testing.T, res reviewJSON, wrong int) {
	t.Helper()
	if math.Abs(res.TotalLoss-pl.lost) > 1e-9 || res.Optimal != pl.n-wrong || len(res.Decisions) != pl.n ||
		!res.Complete || res.Score != pl.score || res.Note != "" || wrong == 0 && (res.TotalLoss != 0 || res.OptimalShare != 1) {
		t.Errorf("review --json %+v; want loss %v, %d of %d optimal, score %d", res, pl.lost, pl.n-wrong, pl.n, pl.score)
	}
}

// playWithTable is playWith for the advisor of table.
func playWithTable(t *testing.T, table *strategy.Table, seed uint64, mistakes map[int]bool) player {
	t.Helper()
	return playWith(t, table.Game, coach.TableAdvisor(table), seed, mistakes)
}
