// Package browsertest starts the headless Chromium that the browser tests
// of the page and of the offline app drive, the same way for both.
package browsertest

import (
	"os"
	"os/exec"
	"testing"

	"github.com/chromedp/chromedp"
)

// Chromium returns the path of the Chromium to drive ($DICEPOKER_CHROMIUM,
// else chromium-headless-shell or chromium on the PATH), or skips the
// test when there is none, except in CI (CI=true), where that is a
// failure.
func Chromium(t testing.TB) string {
	t.Helper()
	path := os.Getenv("DICEPOKER_CHROMIUM")
	for _, name := range names {
		if path == "" {
			path, _ = exec.LookPath(name)
		}
	}
	if path == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("chromium is missing: .ci/run installs it (apt-get install chromium)")
		}
		t.Skip("no chromium on this machine (apt-get install chromium-headless-shell); CI runs these tests")
	}
	return path
}

// names are the names of the Chromiums looked for on the PATH, the first
// found driven: Debian's headless shell, which draws the same pages as
// the browser without its windowing, at about half the processor time
// of a test, then the browser.
var names = []string{"chromium-headless-shell", "chromium"}

// Options returns what starts a headless Chromium at path, a phone's
// width, with its profile in dataDir, extra besides.
func Options(path, dataDir string, extra ...chromedp.ExecAllocatorOption) []chromedp.ExecAllocatorOption {
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		// Tabs run side by side: none is slowed as hidden.
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.UserDataDir(dataDir),
		chromedp.WindowSize(390, 844),
	}
	return append(opts, extra...)
}
