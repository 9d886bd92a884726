package main

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"rsc.io/qr"

	"dicepoker/internal/lan"
	"dicepoker/internal/tablestest"
)

// syncBuffer is a buffer that the server's goroutine writes while the
// test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestServeStopsOnSignals(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			tablestest.Dir(t)
			var out syncBuffer
			done := make(chan error, 1)
			go func() { done <- runServe(os.Getenv, []string{"--addr", "127.0.0.1:0"}, &out) }()
			url := regexp.MustCompile(`http://127\.0\.0\.1:\d+/`)
			deadline := time.Now().Add(10 * time.Second)
			for url.FindString(out.String()) == "" && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			u := url.FindString(out.String())
			if u == "" {
				t.Fatalf("serve printed no URL: %q", out.String())
			}
			res, err := http.Get(u + "api/games")
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusOK {
				t.Errorf("GET /api/games: %d", res.StatusCode)
			}
			if err := syscall.Kill(syscall.Getpid(), sig); err != nil {
				t.Fatal(err)
			}
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("serve after %v: %v", sig, err)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("serve did not stop on %v", sig)
			}
			if _, err := http.Get(u); err == nil {
				t.Errorf("the server still answers after %v", sig)
			}
		})
	}
}

func TestServeBadAddress(t *testing.T) {
	t.Parallel()
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	for _, c := range []struct {
		name   string
		args   []string
		status int
		stderr string // a part of it
	}{
		{"no port", []string{"--addr", "8080"}, 2, "dicepoker: --addr \"8080\": want host:port, such as 127.0.0.1:8080\n"},
		{"a port over 65535", []string{"--addr", "127.0.0.1:99999"}, 2, "the port must be a number from 0 to 65535"},
		{"a negative port", []string{"--addr", "127.0.0.1:-1"}, 2, "the port must be a number from 0 to 65535"},
		{"a 100 KB address", []string{"--addr", strings.Repeat("x", 100<<10)}, 2, "... (102400 bytes): want host:port"},
		{"a 100 KB host", []string{"--addr", strings.Repeat("x", 100<<10) + ":0"}, 2, "cannot resolve the host"},
		{"a host that is no name", []string{"--addr", "no..name:0"}, 2, `cannot resolve the host "no..name"`},
		{"an address of another machine", []string{"--addr", "198.51.100.1:0"}, 2, "is not an address of this machine"},
		{"--lan with a host", []string{"--lan", "--addr", "127.0.0.1:0"}, 2, "give --addr a port only (--addr :0)"},
		{"a port in use", []string{"--addr", taken.Addr().String()}, 1, "address already in use"},
		{"a game file named as a built-in game", []string{"--rules", "../../games/yatzy.toml", "--addr", "127.0.0.1:0"}, 2, `its game is called "yatzy", as a built-in game is`},
		{"a missing game file", []string{"--rules", "no-such-game.toml", "--addr", "127.0.0.1:0"}, 2, "no-such-game.toml"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(append([]string{"serve"}, c.args...), &stdout, &stderr)
			if status != c.status || !strings.Contains(stderr.String(), c.stderr) || stderr.Len() > 300 || strings.Count(stderr.String(), "\n") != 1 {
				t.Errorf("status %d, want %d; stderr %.400q, want one short line with %q", status, c.status, stderr.String(), c.stderr)
			}
		})
	}
}

func TestServeLAN(t *testing.T) {
	tablestest.Dir(t)
	var out syncBuffer
	done := make(chan error, 1)
	go func() { done <- runServe(os.Getenv, []string{"--lan", "--addr", ":0"}, &out) }()
	// The QR code's last line is a row of upper halves.
	qrEnd := regexp.MustCompile(`(?m)^▀+$`)
	deadline := time.Now().Add(10 * time.Second)
	for qrEnd.FindString(out.String()) == "" && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	printed := out.String()
	first := regexp.MustCompile(`dicepoker: serving the advisor at (http://\S+/) \(Ctrl-C stops\)\n`).FindStringSubmatch(printed)
	if first == nil || !qrEnd.MatchString(printed) {
		t.Fatalf("serve --lan printed no URL or no QR code:\n%s", printed)
	}
	u, err := url.Parse(first[1])
	if err != nil {
		t.Fatal(err)
	}
	machine := lan.Local()
	want := machine.AddressURLs(u.Port())
	if len(want) == 0 {
		want = []string{"http://127.0.0.1:" + u.Port() + "/"}
	}
	want = append(want, machine.NameURLs(u.Port())...)
	var listed []string
	for _, line := range strings.Split(printed, "\n") {
		if strings.HasPrefix(line, "  http://") {
			listed = append(listed, strings.TrimSpace(line))
		}
	}
	if first[1] != want[0] || !slices.Equal(listed, want) {
		t.Errorf("serve --lan at %s lists\n%q\nwant\n%q", first[1], listed, want)
	}
	code, err := qr.Encode(first[1], qrLevel)
	if err != nil {
		t.Fatal(err)
	}
	if err := sameQR(printed, code); err != nil {
		t.Errorf("the QR code printed is not that of %s: %v\n%s", first[1], err, printed)
	}

	// Through the first address, the machine's names are the server's, and
	// no other name.
	hosts := map[string]int{u.Host: http.StatusOK, "attacker.example:" + u.Port(): http.StatusMisdirectedRequest}
	for _, name := range machine.Names() {
		hosts[net.JoinHostPort(name, u.Port())] = http.StatusOK
	}
	for host, status := range hosts {
		req, _ := http.NewRequest("GET", first[1]+"api/games", nil)
		req.Host = host
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != status {
			t.Errorf("GET %sapi/games with Host %s: %d, want %d", first[1], host, res.StatusCode, status)
		}
	}
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve --lan after SIGINT: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve --lan did not stop on SIGINT")
	}
}

// sameQR checks that the QR code printed in out, in half blocks, is code:
// module for module, from the first dark one, the finder pattern's corner.
func sameQR(out string, code *qr.Code) error {
	var dark [][]bool // dark[y][x]: a module the terminal leaves unlit
	for _, line := range strings.Split(out, "\n") {
		if line == "" || strings.Trim(line, "█▀▄ ") != "" {
			continue
		}
		top, bottom := []bool{}, []bool{}
		for _, r := range line {
			top = append(top, r == ' ' || r == '▄')
			bottom = append(bottom, r == ' ' || r == '▀')
		}
		dark = append(dark, top, bottom)
	}
	x0, y0 := -1, -1
	for y := 0; y < len(dark) && y0 < 0; y++ {
		if x := slices.Index(dark[y], true); x >= 0 {
			x0, y0 = x, y
		}
	}
	if y0 < 0 || y0+code.Size > len(dark) {
		return fmt.Errorf("%d rows of modules, from row %d, want %d", len(dark), y0, code.Size)
	}
	for y := range code.Size {
		for x := range code.Size {
			if x0+x >= len(dark[y0+y]) || dark[y0+y][x0+x] != code.Black(x, y) {
				return fmt.Errorf("module (%d, %d) differs", x, y)
			}
		}
	}
	return nil
}

func TestIsTerminal(t *testing.T) {
	t.Parallel()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	for _, c := range []struct {
		name string
		w    io.Writer
	}{
		{"a buffer", &bytes.Buffer{}},
		{"a pipe", w},
		{"a pipe under the checked writer", &checkedWriter{w: w}},
		{os.DevNull, null},
	} {
		t.Run(c.name, func(t *testing.T) {
			if isTerminal(c.w) {
				t.Errorf("%s is taken for a terminal", c.name)
			}
		})
	}
}

func TestServeBadMemory(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ memory, want string }{
		{"2XB", "dicepoker: --memory \"2XB\": want a size such as 2GB, 512MB or 1.5GiB\n"},
		{"1MB", "dicepoker: --memory \"1MB\": want 128 MB or more\n"},
	} {
		t.Run(tc.memory, func(t *testing.T) {
			t.Parallel()
			var stdout, stderr bytes.Buffer
			if status := run([]string{"serve", "--addr", "127.0.0.1:0", "--memory", tc.memory}, &stdout, &stderr); status != 2 || stderr.String() != tc.want {
				t.Errorf("status %d, stderr %q", status, stderr.String())
			}
		})
	}
}
