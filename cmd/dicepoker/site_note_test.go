package main

import (
	"errors"
	"io/fs"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"dicepoker/games"
)

// brokenFS is a file system that cannot be read.
type brokenFS struct{}

func (brokenFS) Open(string) (fs.File, error) { return nil, fs.ErrPermission }

// TestSiteNoteSaysWhy names each game file the site leaves out with the
// reasons that hold for it: a game not built in, and a strategy table
// too large for a phone where it is (maxi-yatzy's, not a small game of
// six dice); a game file that cannot be read or parsed is an error.
func TestSiteNoteSaysWhy(t *testing.T) {
	t.Parallel()
	read := func(path string) *fstest.MapFile {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return &fstest.MapFile{Data: data}
	}
	files := fstest.MapFS{
		"house-yatzy-reduced.toml": read(reducedHouse),
		"maxi-reduced.toml":        read(maxiReduced),
		"yatzy.toml":               {Data: []byte("not read: yatzy is built in")},
		"README.md":                {Data: []byte("not a game file")},
	}
	note, err := siteNote(nil, files)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		" house-yatzy-reduced is not in this app, which offers the built-in games only; dicepoker serve --rules games/house-yatzy-reduced.toml serves it.",
		" maxi-reduced is not in this app, which offers the built-in games only; dicepoker serve --rules games/maxi-reduced.toml serves it.",
	} {
		if !strings.Contains(note, want) {
			t.Errorf("the note does not say %q:\n%s", want, note)
		}
	}
	if strings.Contains(note, "yatzy is not") || strings.Count(note, "is not in this app") != 2 {
		t.Errorf("the note leaves out other games:\n%s", note)
	}
	if note, err := siteNote(nil, games.Files); err != nil || !strings.Contains(note, " maxi-yatzy is not in this app, which offers the built-in games only, and its strategy table (128 MB) is too large for a phone;") {
		t.Errorf("the shipped game files: %v\n%s", err, note)
	}
	files["bad.toml"] = &fstest.MapFile{Data: []byte("name = \"bad\"\ndice = 7\n")}
	if _, err := siteNote(nil, files); err == nil || !strings.Contains(err.Error(), "bad.toml:2") {
		t.Errorf("a bad game file: %v, want its line", err)
	}
	if _, err := siteNote(nil, brokenFS{}); !errors.Is(err, fs.ErrPermission) {
		t.Errorf("unreadable game files: %v", err)
	}
}
