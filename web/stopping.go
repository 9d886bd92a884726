//go:build !js

package web

import (
	"context"
	"errors"
	"maps"
	"net/http"
	"sync"
)

// ErrStopping is the cause of a request's context when the server stops
// before the request is answered (context.Cause tells it).
var ErrStopping = errors.New("the server is stopping")

// answerUntilStopped returns h, except that a request whose answer has not
// begun when stop is done is answered 503 with ErrStopping's message at
// once, whatever h does then: its later writes fail with ErrStopping. The
// client of a request cut short so gets a clear answer even from a
// handler that does not heed its context.
func answerUntilStopped(stop context.Context, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		g := &stopGuard{w: w, header: http.Header{}, stop: stop}
		unwatch := context.AfterFunc(stop, func() { g.WriteHeader(http.StatusServiceUnavailable) })
		defer unwatch()
		h.ServeHTTP(g, r)
		g.mu.Lock()
		defer g.mu.Unlock()
		g.begin(http.StatusOK) // the answer of a handler that wrote none
	})
}

// stopGuard is the ResponseWriter of one request under answerUntilStopped.
// The handler sets headers in a map of its own, copied to the connection's
// when the answer begins, so that the 503, written from another
// goroutine, never shares a map with the handler.
type stopGuard struct {
	w      http.ResponseWriter
	header http.Header
	stop   context.Context

	mu      sync.Mutex
	begun   bool // the status is written, by the handler or by stop
	stopped bool // the status is the 503
}

func (g *stopGuard) Header() http.Header { return g.header }

func (g *stopGuard) WriteHeader(status int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.begin(status)
}

func (g *stopGuard) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.begin(http.StatusOK)
	if g.stopped {
		return 0, ErrStopping
	}
	return g.w.Write(p)
}

// FlushError sends what the handler wrote so far.
func (g *stopGuard) FlushError() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.begin(http.StatusOK)
	if g.stopped {
		return ErrStopping
	}
	return http.NewResponseController(g.w).Flush()
}

// Unwrap returns the connection's ResponseWriter, for
// http.ResponseController's deadlines.
func (g *stopGuard) Unwrap() http.ResponseWriter { return g.w }

// begin writes the handler's headers and status unless an answer has
// begun, or the 503 instead once the server has stopped waiting. g.mu is
// held.
func (g *stopGuard) begin(status int) {
	if g.begun {
		return
	}
	g.begun = true
	if g.stop.Err() != nil {
		g.stopped = true
		writeError(g.w, http.StatusServiceUnavailable, ErrStopping.Error())
		_ = http.NewResponseController(g.w).Flush()
		return
	}
	maps.Copy(g.w.Header(), g.header)
	g.w.WriteHeader(status)
}
