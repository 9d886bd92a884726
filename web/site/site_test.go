package site

import (
	"bytes"
	"fmt"
	"image/png"
	"strings"
	"testing"
)

// TestPage adds the offline app's lines to serve's page, and refuses a
// page without the places to add them.
func TestPage(t *testing.T) {
	t.Parallel()
	page, err := Page([]byte("<html><head><title>x</title></head><body><main></main><script src=\"app.js\"></script></body></html>"), "no <target> tables")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<link rel="manifest" href="manifest.webmanifest">` + "\n", `<footer id="offline-note" class="muted">no &lt;target&gt; tables</footer>` + "\n<script src=\"offline.js\"></script>\n<script src=\"app.js\">"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the page lacks %q:\n%s", want, page)
		}
	}
	if _, err := Page([]byte("<html><body></body></html>"), ""); err == nil || !strings.Contains(err.Error(), "</head>") {
		t.Errorf("a page without a head: error %v", err)
	}
}

// TestFiles checks the site's files: the service worker keeps them all,
// school's estimates with them, under a version that changes with them.
func TestFiles(t *testing.T) {
	t.Parallel()
	kept := map[string][]byte{"tables/estimates/school-3.gz": {1}}
	files, err := Files(map[string][]byte{Advisor: []byte("wasm"), Runtime: []byte("go")}, kept, "")
	if err != nil {
		t.Fatal(err)
	}
	other, err := Files(map[string][]byte{Advisor: []byte("wasm2"), Runtime: []byte("go")}, kept, "")
	if err != nil {
		t.Fatal(err)
	}
	if string(files["tables/estimates/school-3.gz"]) != "\x01" {
		t.Errorf("the site lacks the file it keeps")
	}
	estimate, err := Files(map[string][]byte{Advisor: []byte("wasm"), Runtime: []byte("go")}, map[string][]byte{"tables/estimates/school-3.gz": {2}}, "")
	if err != nil {
		t.Fatal(err)
	}
	sw := string(files["sw.js"])
	for name := range files {
		if name != "sw.js" && !strings.Contains(sw, fmt.Sprintf("%q", name)) {
			t.Errorf("the service worker does not keep %s", name)
		}
	}
	version := func(sw []byte) string {
		line, _, _ := strings.Cut(string(sw[strings.Index(string(sw), "VERSION"):]), "\n")
		return line
	}
	if version(files["sw.js"]) == version(other["sw.js"]) {
		t.Errorf("another advisor, the same %s", version(files["sw.js"]))
	}
	if version(files["sw.js"]) == version(estimate["sw.js"]) {
		t.Errorf("another estimate kept, the same %s", version(files["sw.js"]))
	}
	if _, err := Files(map[string][]byte{Advisor: []byte("wasm")}, nil, ""); err == nil {
		t.Errorf("a site without %s", Runtime)
	}
}

// TestIcon draws the icons at their sizes, as PNGs.
func TestIcon(t *testing.T) {
	t.Parallel()
	for _, size := range IconSizes {
		img, err := png.Decode(bytes.NewReader(Icon(size)))
		if err != nil || img.Bounds().Dx() != size || img.Bounds().Dy() != size {
			t.Fatalf("icon %d: %v, %v", size, img.Bounds(), err)
		}
		// The middle is the die's pip, a corner the background.
		if img.At(size/2, size/2) != iconPip || img.At(0, 0) != iconBack {
			t.Errorf("icon %d: middle %v, corner %v", size, img.At(size/2, size/2), img.At(0, 0))
		}
	}
}
