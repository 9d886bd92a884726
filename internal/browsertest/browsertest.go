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
// else chromium on the PATH), or skips the test when there is none,
// except in CI (CI=true), where that is a failure.
func Chromium(t testing.TB) string {
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
	return path
}

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
