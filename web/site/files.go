// Package site holds the files of the offline app that dicepoker site
// writes, but its advisor and tables: the page of dicepoker serve with
// the offline app's lines added, the app's scripts (offline.js, the
// advisor's worker.js, the service worker sw.js), its manifest and its
// icons, drawn in Go.
package site

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"dicepoker/web"
)

// static holds the offline app's own files: its side of the page
// (offline.js), the advisor's worker (worker.js) and the service worker
// (sw.js).
//
//go:embed static
var static embed.FS

// Advisor names the site's file of the advisor compiled to WebAssembly
// (cmd/dicepoker-wasm), and Runtime the Go runtime's script that runs it
// (wasm_exec.js from the Go installation).
const (
	Advisor = "dicepoker.wasm"
	Runtime = "wasm_exec.js"
)

// Manifest is the name of the site's web app manifest.
const Manifest = "manifest.webmanifest"

// themeColor is the color of the app's bar on a phone: the icon's.
const themeColor = "#1f4e9c"

// Files returns every file of the site but its tables, by name: the page
// of dicepoker serve with the offline app's lines added (Page), its
// scripts and style, the offline app's scripts, the manifest and icons,
// and advisor, which must hold Advisor and Runtime, with kept, the
// files that come with the app wherever they lie (school's estimates,
// by their paths in the site); the service worker keeps them all on the
// first visit, under a version that is a hash of them all. note, if not
// empty, is said at the foot of the page: what the site leaves out.
func Files(advisor, kept map[string][]byte, note string) (map[string][]byte, error) {
	files := map[string][]byte{}
	for _, name := range []string{Advisor, Runtime} {
		if advisor[name] == nil {
			return nil, fmt.Errorf("the site lacks %s", name)
		}
	}
	maps.Copy(files, advisor)
	maps.Copy(files, kept)
	page, err := ReadAll(web.Page(), "")
	if err != nil {
		return nil, err
	}
	maps.Copy(files, page)
	if files["index.html"], err = Page(files["index.html"], note); err != nil {
		return nil, err
	}
	for _, name := range []string{"offline.js", "worker.js"} {
		if files[name], err = static.ReadFile("static/" + name); err != nil {
			return nil, err
		}
	}
	for _, size := range IconSizes {
		files[iconName(size)] = Icon(size)
	}
	if files[Manifest], err = manifest(); err != nil {
		return nil, err
	}
	sw, err := static.ReadFile("static/sw.js")
	if err != nil {
		return nil, err
	}
	shell := slices.Sorted(maps.Keys(files))
	sum := sha256.New()
	for _, name := range shell {
		fmt.Fprintf(sum, "%s %d\n", name, len(files[name]))
		sum.Write(files[name])
	}
	sum.Write(sw)
	list, _ := json.Marshal(shell) // strings: never fails
	files["sw.js"] = fmt.Appendf(nil, "// Written by dicepoker site.\nconst VERSION = %q;\nconst SHELL = %s;\n\n%s",
		hex.EncodeToString(sum.Sum(nil))[:16], list, sw)
	return files, nil
}

// ReadAll returns every file of fsys, by its name there after prefix.
func ReadAll(fsys fs.FS, prefix string) (map[string][]byte, error) {
	files := map[string][]byte{}
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		files[prefix+name], err = fs.ReadFile(fsys, name)
		return err
	})
	return files, err
}

// iconName is the name of the icon of size pixels.
func iconName(size int) string { return fmt.Sprintf("icon-%d.png", size) }

// Page returns serve's page index, with the lines of the offline app
// added: the manifest, the theme color and the icon in the head; the
// note, if any, and offline.js (which loads the advisor and registers the
// service worker) before the page's scripts.
func Page(index []byte, note string) ([]byte, error) {
	page := string(index)
	head := fmt.Sprintf("<link rel=\"manifest\" href=%q>\n<meta name=\"theme-color\" content=%q>\n<link rel=\"apple-touch-icon\" href=%q>\n",
		Manifest, themeColor, iconName(IconSizes[0]))
	body := "<script src=\"offline.js\"></script>\n"
	if note != "" {
		body = "<footer id=\"offline-note\" class=\"muted\">" + html.EscapeString(note) + "</footer>\n" + body
	}
	for _, at := range []struct{ anchor, add string }{{"</head>", head}, {`<script src="app.js">`, body}} {
		if strings.Count(page, at.anchor) != 1 {
			return nil, fmt.Errorf("the page has no single %s to add the offline app's lines at", at.anchor)
		}
		page = strings.Replace(page, at.anchor, at.add+at.anchor, 1)
	}
	return []byte(page), nil
}

// manifest returns the web app manifest: what a phone needs to install
// the site as an app (name, icons of 192 and 512 pixels, start URL and a
// standalone display).
func manifest() ([]byte, error) {
	type icon struct {
		Src     string `json:"src"`
		Sizes   string `json:"sizes"`
		Type    string `json:"type"`
		Purpose string `json:"purpose"`
	}
	var icons []icon
	for _, size := range IconSizes {
		icons = append(icons, icon{iconName(size), fmt.Sprintf("%dx%d", size, size), "image/png", "any"})
	}
	// The die lies within the middle 80%: the largest icon serves a mask too.
	last := IconSizes[len(IconSizes)-1]
	icons = append(icons, icon{iconName(last), fmt.Sprintf("%dx%d", last, last), "image/png", "maskable"})
	return json.MarshalIndent(map[string]any{
		"name":             "dicepoker advisor",
		"short_name":       "dicepoker",
		"description":      "The best move for the dice in hand in yahtzee, yatzy, swedish, poker dice and school, offline.",
		"start_url":        "./",
		"scope":            "./",
		"display":          "standalone",
		"background_color": "#f6f4ef",
		"theme_color":      themeColor,
		"icons":            icons,
	}, "", "  ")
}
