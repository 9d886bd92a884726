package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/school"
	"dicepoker/web/offline"
	"dicepoker/web/site"
)

// siteBackend returns the offline app's backend as the browser runs it,
// its tables fetched from files, by name: those site writes, and school's
// estimates beside them, as the site holds them.
func siteBackend(t *testing.T, files map[string][]byte) *offline.Backend {
	t.Helper()
	src := offline.Source{Opener: advice.Opener{}, Fetch: func(name string) ([]byte, error) {
		if data, ok := files[name]; ok {
			return data, nil
		}
		if data, err := fs.ReadFile(school.Shipped(), name); err == nil {
			return data, nil
		}
		return nil, fmt.Errorf("%s: %w", name, fs.ErrNotExist)
	}}
	b, err := offline.NewBackend(src)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSiteAnswersAsAdvise asks the offline app's backend, with the tables
// site writes, for positions of every game, and compares its answers
// byte for byte with advise --json's: with a table of the site, with
// one the site lacks (solved in memory: swedish, yahtzee's forced
// joker), and with school's estimate.
func TestSiteAnswersAsAdvise(t *testing.T) {
	t.Parallel()
	yahtzee, _ := engine.New("yahtzee", engine.Options{})
	poker, _ := engine.New("poker-dice", engine.Options{})
	yatzy, _ := engine.New("yatzy", engine.Options{})
	for _, g := range []*engine.Game{yahtzee, poker, yatzy} {
		sharedTable(t, g, false) // solved once in the shared directory, for every test
	}
	files, err := env(os.Getenv).siteTables([]*engine.Game{yahtzee, yatzy, poker})
	if err != nil {
		t.Fatal(err)
	}
	b := siteBackend(t, files)
	for _, tt := range []struct {
		name string
		body string
		args []string
	}{
		{"yahtzee", `{"game":"yahtzee","dice":[3,3,5,5,6],"rolls_left":1}`,
			[]string{"--dice", "33556", "--rolls-left", "1"}},
		{"yahtzee sheet", `{"game":"yahtzee","sheet":"ones=3,yahtzee=50,chance=22","dice":[6,6,6,6,6],"rolls_left":0}`,
			[]string{"--sheet", "ones=3,yahtzee=50,chance=22", "--dice", "66666", "--rolls-left", "0"}},
		{"poker-dice", `{"game":"poker-dice","sheet":"pair=1","dice":[1,2,5,6,6],"rolls_left":0}`,
			[]string{"--game", "poker-dice", "--sheet", "pair=1", "--dice", "9TKAA", "--rolls-left", "0"}},
		{"yatzy", `{"game":"yatzy","sheet":"ones=2,pair=12","dice":[2,2,4,4,6],"rolls_left":1}`,
			[]string{"--game", "yatzy", "--sheet", "ones=2,pair=12", "--dice", "22446", "--rolls-left", "1"}},
		{"swedish, solved", `{"game":"swedish","dice":[1,1,5,5,5],"rolls_left":2}`,
			[]string{"--game", "swedish", "--dice", "11555", "--rolls-left", "2"}},
		{"yahtzee forced-joker", `{"game":"yahtzee","rules":["forced-joker"],"dice":[2,2,2,4,4]}`,
			[]string{"--forced-joker", "--dice", "22244"}},
		{"school", `{"game":"school","dice":[1,1,1,4,5],"rolls_left":2,"fresh":true}`,
			[]string{"--game", "school", "--dice", "11145", "--rolls-left", "2", "--fresh"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			status, got := b.Answer(context.Background(), "POST", "/api/advise", []byte(tt.body))
			for status == http.StatusServiceUnavailable && strings.Contains(string(got), "ask again") {
				// A table solved in memory outlasted the request's wait
				// (a busy machine): the solve goes on, and the answer says to ask again.
				time.Sleep(100 * time.Millisecond)
				status, got = b.Answer(context.Background(), "POST", "/api/advise", []byte(tt.body))
			}
			if status != 200 {
				t.Fatalf("status %d: %s", status, got)
			}
			want := runOK(t, append([]string{"advise", "--json"}, tt.args...)...)
			if string(got) != want {
				t.Errorf("the offline app answers\n%s\nadvise --json prints\n%s", got, want)
			}
		})
	}
}

// TestSiteRefuses checks the site's bad input: each one line, status 2.
func TestSiteRefuses(t *testing.T) {
	t.Parallel()
	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"no out", []string{"site"}, "--out: give the folder"},
		{"unknown game", []string{"site", "--out", t.TempDir(), "--games", "yahtzee,farkle"}, "--games: unknown game"},
		{"school", []string{"site", "--out", t.TempDir(), "--games", "school"}, "school's estimates come with the site"},
		{"twice", []string{"site", "--out", t.TempDir(), "--games", "yatzy,yatzy"}, "--games: yatzy twice"},
		{"another folder", []string{"site", "--out", other, "--games", "none"}, "holds other files than a site"},
		{"a file", []string{"site", "--out", filepath.Join(other, "notes.txt")}, "not a folder"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			status, _, stderr := runLine(tt.args...)
			if status != 2 || !strings.Contains(stderr, tt.want) || strings.Count(stderr, "\n") != 1 {
				t.Errorf("status %d, stderr %q; want 2 and %q", status, stderr, tt.want)
			}
		})
	}
}

// TestWriteSite writes a site over an earlier one: the tables it no
// longer has go, the others stay, and a site without tables is written.
func TestWriteSite(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "site")
	for _, step := range []struct {
		files map[string][]byte
		want  []string // the files in dir after, sorted
	}{
		{map[string][]byte{"sw.js": []byte(siteMark), "tables/a.dpt.gz": {1}, "tables/b.dpt.gz": {2}}, []string{"sw.js", "tables/a.dpt.gz", "tables/b.dpt.gz"}},
		{map[string][]byte{"sw.js": []byte(siteMark), "tables/b.dpt.gz": {3}}, []string{"sw.js", "tables/b.dpt.gz"}},
		{map[string][]byte{"sw.js": []byte(siteMark), "index.html": {4}}, []string{"index.html", "sw.js"}},
	} {
		if err := checkSiteFolder(dir); err != nil {
			t.Fatal(err)
		}
		if err := writeSite(dir, step.files); err != nil {
			t.Fatal(err)
		}
		var have []string
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				rel, _ := filepath.Rel(dir, path)
				have = append(have, filepath.ToSlash(rel))
			}
			return err
		})
		if strings.Join(have, " ") != strings.Join(step.want, " ") {
			t.Errorf("the folder holds %v, want %v", have, step.want)
		}
	}
}

// TestSiteManifest checks the manifest the site's page links: what an
// install needs.
func TestSiteManifest(t *testing.T) {
	t.Parallel()
	files, err := site.Files(map[string][]byte{site.Advisor: {0}, site.Runtime: {0}}, nil, "")
	if err != nil {
		t.Fatal(err)
	}
	checkManifest(t, files[site.Manifest], func(name string) []byte { return files[name] })
}

// checkManifest checks the web app manifest data: the name, icons of 192
// and 512 pixels that are PNGs of that size (read by file), the start
// URL and a standalone display.
func checkManifest(t *testing.T, data []byte, file func(name string) []byte) {
	t.Helper()
	var m struct {
		Name, StartURL, Display string
		Icons                   []struct{ Src, Sizes, Type string }
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("manifest: %v", err)
	}
	var raw map[string]any
	json.Unmarshal(data, &raw)
	if m.Name == "" || raw["start_url"] != "./" || raw["display"] != "standalone" {
		t.Errorf("manifest: name %q, start_url %v, display %v", m.Name, raw["start_url"], raw["display"])
	}
	sizes := map[string]bool{}
	for _, icon := range m.Icons {
		png := file(icon.Src)
		var w, h int
		if len(png) > 24 && string(png[1:4]) == "PNG" {
			w = int(png[16])<<24 | int(png[17])<<16 | int(png[18])<<8 | int(png[19])
			h = int(png[20])<<24 | int(png[21])<<16 | int(png[22])<<8 | int(png[23])
		}
		if icon.Type != "image/png" || icon.Sizes != fmt.Sprintf("%dx%d", w, h) || w != h {
			t.Errorf("icon %s: %s %s, the file is %dx%d", icon.Src, icon.Type, icon.Sizes, w, h)
		}
		sizes[icon.Sizes] = true
	}
	if !sizes["192x192"] || !sizes["512x512"] {
		t.Errorf("manifest icons %v, want 192x192 and 512x512", sizes)
	}
}
