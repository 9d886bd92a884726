package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"dicepoker/engine"
	"dicepoker/games"
	"dicepoker/internal/atomicfile"
	"dicepoker/internal/cost"
	"dicepoker/kind"
	"dicepoker/school"
	"dicepoker/strategy"
	"dicepoker/web/offline"
	"dicepoker/web/site"
)

const siteSummary = `Write the advisor as a static site to --out: the page that serve serves,
answered in the browser by the advisor compiled to WebAssembly from this
program's source, with the strategy tables of --games (from the tables
directory, solved there first when missing), school's estimates, a web
app manifest, icons and a service worker. Any static host serves it (over
HTTPS, or on localhost); once visited it works with no network, and a
phone can install it. What the site leaves out is said on the page.

site compiles the advisor with the Go toolchain ("go" on the PATH), from
the source tree of dicepoker it is run in (a minute or two). --out may be
a new or empty folder, or a site site wrote before, which it replaces.`

// siteGames are the games whose tables a site has unless --games says.
const siteGames = "yahtzee,yatzy,poker-dice"

// siteMark starts the service worker that site writes: a folder whose
// sw.js starts with it is a site that site may replace.
const siteMark = "// Written by dicepoker site."

// runSite writes the offline app to a folder.
func runSite(e env, args []string, stdout io.Writer) error {
	fs := newFlagSet("site")
	out := fs.String("out", "", "the folder to write the site to (required)")
	gameList := fs.String("games", siteGames, `the games whose strategy tables the site holds, with their default rules, comma-separated ("none": none, each then solved in the browser)`)
	if err := parseFlags(fs, args, stdout, "site --out DIR [--games "+siteGames+"]", siteSummary); err != nil {
		return err
	}
	if *out == "" {
		return usagef("--out: give the folder to write the site to")
	}
	chosen, err := siteGameList(*gameList)
	if err != nil {
		return err
	}
	if err := checkSiteFolder(*out); err != nil {
		return err
	}
	advisor, err := buildAdvisor()
	if err != nil {
		return err
	}
	tableFiles, err := e.siteTables(chosen)
	if err != nil {
		return err
	}
	// School's estimates come with the app, kept on the first visit:
	// the advisor compiled for the browser reads them from the site
	// (TablesDir/estimates/NAME.gz), not inside itself.
	estimates, err := site.ReadAll(school.Shipped(), offline.TablesDir+"/")
	if err != nil {
		return err
	}
	note, err := siteNote(chosen, games.Files)
	if err != nil {
		return err
	}
	files, err := site.Files(advisor, estimates, note)
	if err != nil {
		return err
	}
	for name, data := range tableFiles {
		files[offline.TablesDir+"/"+name] = data
	}
	if err := writeSite(*out, files); err != nil {
		return err
	}
	return printSite(stdout, *out, files, chosen)
}

// siteGameList reads --games: single-sheet games, by name.
func siteGameList(list string) ([]*engine.Game, error) {
	if strings.TrimSpace(list) == "none" {
		return nil, nil
	}
	var games []*engine.Game
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		g, err := engine.New(name, engine.Options{})
		if err != nil {
			return nil, usagef("--games: %v", err)
		}
		if g.SingleSheet("has no strategy table for the site") != nil {
			return nil, usagef("--games %s: school's estimates come with the site; give single-sheet games", engine.Quote(name))
		}
		if slices.ContainsFunc(games, func(o *engine.Game) bool { return o.Name == g.Name }) {
			return nil, usagef("--games: %s twice", name)
		}
		games = append(games, g)
	}
	return games, nil
}

// siteTables returns the strategy tables of games as the site holds
// them, gzipped, by their names in offline.TablesDir: each read from the
// tables directory, or solved and saved there first.
func (e env) siteTables(games []*engine.Game) (map[string][]byte, error) {
	files := map[string][]byte{}
	for _, g := range games {
		t, err := e.opened("").Table(g)
		if err != nil {
			return nil, err
		}
		data, err := t.Encode()
		if err != nil {
			return nil, err
		}
		files[offline.TableName(g)] = gzipped(data)
	}
	return files, nil
}

// siteNote is what the page says the site leaves out: of the game files
// in files (games.Files), each whose game is not built in, and why.
func siteNote(games []*engine.Game, files fs.FS) (string, error) {
	var names []string
	for _, g := range games {
		names = append(names, g.Name)
	}
	have := "This offline app has no strategy tables"
	if len(names) > 0 {
		have = "This offline app has the strategy tables of " + strings.Join(names, ", ")
	}
	note := have + " (default rules) and school's estimates. Other games and rule options are solved in this browser on first use (yahtzee takes seconds). Playing for a target needs dicepoker serve: its tables are too large for a phone. Playing to beat opponents is solved here on each roll, slow early in a game (minutes for school)."
	left, err := fileGames(files)
	if err != nil {
		return "", err
	}
	for _, g := range left {
		large := ""
		if size := kind.Of(g).Table().Cost(1).Disk; size > phoneTable {
			large = fmt.Sprintf(", and its strategy table (%s) is too large for a phone", cost.Bytes(size))
		}
		note += fmt.Sprintf(" %s is not in this app, which offers the built-in games only%s; dicepoker serve --rules games/%s.toml serves it.", g.Name, large, g.Name)
	}
	return note, nil
}

// phoneTable is the size in bytes of a strategy table that siteNote
// calls too large for a phone.
const phoneTable = 100e6

// fileGames returns the games of the game files in files whose games are
// not built in, such as maxi-yatzy of games.Files.
func fileGames(files fs.FS) ([]*engine.Game, error) {
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		return nil, fmt.Errorf("the game files: %w", err)
	}
	var left []*engine.Game
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".toml")
		if !ok || slices.Contains(engine.GameNames, name) {
			continue
		}
		data, err := fs.ReadFile(files, e.Name())
		if err != nil {
			return nil, fmt.Errorf("the game files: %w", err)
		}
		g, err := engine.ParseRules(e.Name(), data)
		if err != nil {
			return nil, err
		}
		left = append(left, g)
	}
	return left, nil
}

// checkSiteFolder refuses a folder --out that holds other files than a
// site that site wrote.
func checkSiteFolder(dir string) error {
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return usagef("--out %s: not a folder", engine.Quote(dir))
	}
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) || err == nil && len(entries) == 0 {
		return nil
	}
	if err != nil {
		return fileError("--out", err)
	}
	sw, err := os.ReadFile(filepath.Join(dir, "sw.js"))
	if err != nil || !bytes.HasPrefix(sw, []byte(siteMark)) {
		return usagef("--out %s: the folder holds other files than a site site wrote; give a new or empty folder", engine.Quote(dir))
	}
	return nil
}

// buildAdvisor compiles cmd/dicepoker-wasm to WebAssembly with the Go
// toolchain, from the source tree of the module dicepoker that holds the
// working directory, and returns it with the Go runtime's wasm_exec.js,
// by their names on the site.
func buildAdvisor() (map[string][]byte, error) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		return nil, errors.New("site compiles the advisor to WebAssembly with the Go toolchain, and go is not on the PATH: install Go (https://go.dev/dl)")
	}
	gomod, err := goOutput(goTool, "env", "GOMOD")
	if err != nil {
		return nil, err
	}
	if mod, _ := os.ReadFile(gomod); gomod == "" || gomod == os.DevNull || !bytes.HasPrefix(mod, []byte("module dicepoker\n")) {
		return nil, errors.New("site compiles the advisor from dicepoker's source: run it inside dicepoker's source tree (the folder of its go.mod)")
	}
	goroot, err := goOutput(goTool, "env", "GOROOT")
	if err != nil {
		return nil, err
	}
	runtime, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", site.Runtime))
	if err != nil {
		return nil, fmt.Errorf("the Go installation lacks %s: %w", site.Runtime, err)
	}
	tmp, err := os.MkdirTemp("", "dicepoker-site-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	wasm := filepath.Join(tmp, site.Advisor)
	notice("compiling the advisor to WebAssembly (go build, a minute or two)")
	cmd := exec.Command(goTool, "build", "-trimpath", "-ldflags=-s", "-o", wasm, "dicepoker/cmd/dicepoker-wasm")
	cmd.Dir = filepath.Dir(gomod)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("cannot compile the advisor to WebAssembly: %v: %s", err, strings.TrimSpace(string(msg)))
	}
	data, err := os.ReadFile(wasm)
	if err != nil {
		return nil, err
	}
	return map[string][]byte{site.Advisor: data, site.Runtime: runtime}, nil
}

// goOutput runs the go tool with args and returns its output's first line.
func goOutput(goTool string, args ...string) (string, error) {
	out, err := exec.Command(goTool, args...).Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %v", strings.Join(args, " "), err)
	}
	line, _, _ := strings.Cut(string(out), "\n")
	return strings.TrimSpace(line), nil
}

// gzipped returns data gzipped at the best compression.
func gzipped(data []byte) []byte {
	var b bytes.Buffer
	w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression) // a valid level: no error
	w.Write(data)                                         // to memory: no error
	w.Close()
	return b.Bytes()
}

// writeSite writes files into dir, each atomically, the service worker
// last (a site half replaced is then still the old one to its visitors),
// and removes the tables of an earlier site that files lacks.
func writeSite(dir string, files map[string][]byte) error {
	names := slices.Sorted(func(yield func(string) bool) {
		for name := range files {
			if name != "sw.js" && !yield(name) {
				return
			}
		}
	})
	for _, name := range append(names, "sw.js") {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := atomicfile.WriteFile(path, files[name], 0o644); err != nil {
			return err
		}
	}
	old, err := os.ReadDir(filepath.Join(dir, offline.TablesDir))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	for _, e := range old {
		if files[offline.TablesDir+"/"+e.Name()] == nil && strings.HasSuffix(e.Name(), ".gz") {
			if err := os.Remove(filepath.Join(dir, offline.TablesDir, e.Name())); err != nil {
				return err
			}
		}
	}
	return nil
}

// printSite says what the site holds and how to try it.
func printSite(w io.Writer, dir string, files map[string][]byte, games []*engine.Game) error {
	var apps, app, appGz, estimates, estimateBytes int64
	for name, data := range files {
		switch {
		case strings.HasPrefix(name, offline.TablesDir+"/"+school.EstimatesDir+"/"):
			estimates++
			estimateBytes += int64(len(data))
		case !strings.HasPrefix(name, offline.TablesDir+"/"):
			apps++
			app += int64(len(data))
			appGz += int64(len(gzipped(data)))
		}
	}
	fmt.Fprintf(w, "dicepoker: wrote the offline app to %s\n", dir)
	fmt.Fprintf(w, "  the app: %d files, %s (%s compressed), the advisor %s\n", apps, cost.Bytes(app), cost.Bytes(appGz), cost.Bytes(int64(len(files[site.Advisor]))))
	fmt.Fprintf(w, "  school's estimates: %d files, %s\n", estimates, cost.Bytes(estimateBytes))
	for _, g := range games {
		fmt.Fprintf(w, "  the strategy table of %s: %s\n", strategy.Describe(g), cost.Bytes(int64(len(files[offline.TablesDir+"/"+offline.TableName(g)]))))
	}
	fmt.Fprintf(w, "try it: python3 -m http.server --directory %s 8000, then open http://localhost:8000/\n", dir)
	return nil
}
