package web

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// screenshots is where the browser tests leave their pictures of the page
// for people to look at (git ignores it).
const screenshots = "testdata/screenshots"

// browser returns a headless Chromium tab, or skips the test when there
// is no chromium, except in CI (CI=true), where that is a failure.
func browser(t *testing.T) context.Context {
	t.Helper()
	path := os.Getenv("DICEPOKER_CHROMIUM")
	if path == "" {
		path, _ = exec.LookPath("chromium")
	}
	if path == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("chromium is missing: .ci/run installs it (apt-get install chromium)")
		}
		t.Skip("no chromium on this machine (apt-get install chromium); CI runs these tests")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(390, 844),
	}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(actx)
	t.Cleanup(cancel2)
	ctx, cancel3 := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(cancel3)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("cannot start chromium: %v", err)
	}
	return ctx
}

// shoot writes screenshots of the page at a phone's and a desktop's size,
// name-390.png and name-1280.png.
func shoot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	if err := os.MkdirAll(screenshots, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, size := range []struct {
		w, h int64
		tag  string
	}{{390, 844, "390"}, {1280, 800, "1280"}} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(size.w, size.h), chromedp.Sleep(150*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(screenshots, name+"-"+size.tag+".png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844)); err != nil {
		t.Fatal(err)
	}
}

// idle waits until the page has drawn the ranking of its position.
func idle(t *testing.T, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.body.dataset.busy === "0"`, chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		t.Fatalf("the page did not settle: %v", err)
	}
}

func TestBrowserLook(t *testing.T) {
	ctx := browser(t)
	ts := serve(t, testSource{}, Options{})
	for _, c := range []struct{ name, query string }{
		{"yahtzee", "?game=yahtzee&dice=33556&rolls=2"},
		{"poker-dice", "?game=poker-dice&dice=11256&rolls=1"},
		{"school", "?game=school&rules=columns%3D3&sheet=ones%3Dx%2Cpair%3D12&dice=33355&rolls=2"},
	} {
		if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/"+c.query)); err != nil {
			t.Fatal(err)
		}
		idle(t, ctx)
		shoot(t, ctx, "look-"+c.name)
	}
}
