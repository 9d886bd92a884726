package main

import (
	"bytes"
	"io"
	"net/http"
	"regexp"
	"sync"
	"syscall"
	"testing"
	"time"

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
			go func() { done <- runServe([]string{"--addr", "127.0.0.1:0"}, &out) }()
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
	var stdout, stderr bytes.Buffer
	if status := run([]string{"serve", "--addr", "8080"}, &stdout, &stderr); status != 2 ||
		stderr.String() != "dicepoker: --addr \"8080\": want host:port, such as 127.0.0.1:8080\n" {
		t.Errorf("status %d, stderr %q", status, stderr.String())
	}
}

func TestServeBadMemory(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ memory, want string }{
		{"2XB", "dicepoker: --memory \"2XB\": want a size such as 2GB, 512MB or 1.5GiB\n"},
		{"1MB", "dicepoker: --memory 1MB: want 128 MB or more\n"},
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
