//go:build !js

package web

import (
	"context"
	"errors"
	"fmt"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"dicepoker/engine"
)

// Server is the advisor's HTTP handler: the page's files, and its API
// answered by an API.
type Server struct {
	api   *API
	hosts hostCheck
	mux   *http.ServeMux
}

// New returns the server of the page and API for the address addr it is
// reached at (host:port: the host it was asked to listen on, a name or an
// address, and the listener's port), ranking with the tables of src, each
// opened once and kept within o.Memory.
func New(src Source, addr string, o Options) (*Server, error) {
	hc, err := newHostCheck(addr, o.Names)
	if err != nil {
		return nil, err
	}
	api, err := NewAPI(src, o)
	if err != nil {
		return nil, err
	}
	s := &Server{api: api, hosts: hc, mux: http.NewServeMux()}
	s.mux.Handle("/", http.FileServerFS(Page()))
	s.mux.HandleFunc("/api/", s.answer)
	return s, nil
}

// answer answers r through the API.
func (s *Server) answer(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/api/advise" {
		// Opponents are solved for on the request, minutes from a new
		// yahtzee game: the answer may take longer to write.
		_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(AimWriteTimeout))
	}
	// JSON only: a form another site posts is not a simple request then.
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); r.Method == http.MethodPost && mt != "application/json" {
		writeError(w, http.StatusUnsupportedMediaType, "send the request as Content-Type: application/json")
		return
	}
	status, body := s.api.Answer(r.Context(), r.Method, r.URL.Path, r.Body)
	writeAnswer(w, status, body)
}

// ServeHTTP answers r, after refusing a Host header that is not the
// server's own (DNS rebinding) and another site's Origin.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !s.hosts.allows(r.Host) {
		writeError(w, http.StatusMisdirectedRequest, fmt.Sprintf("host %s is not this server's address", engine.Quote(r.Host)))
		return
	}
	// Another site's page may not make a browser call the API: a table
	// solve costs minutes of the user's processor.
	if o := r.Header.Get("Origin"); o != "" {
		if u, err := url.Parse(o); err != nil || u.Host != r.Host {
			writeError(w, http.StatusForbidden, fmt.Sprintf("origin %s is not this server's page", engine.Quote(o)))
			return
		}
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'")
	s.mux.ServeHTTP(w, r)
}

// ShutdownGrace is how long Serve lets the requests under way finish
// once it is told to stop, before it answers them 503.
const ShutdownGrace = 5 * time.Second

// stopWait is how long Serve waits, once it has cancelled the requests
// still under way, for their handlers to return before it closes their
// connections.
const stopWait = time.Second

// Serve serves h on ln until ctx is done, then shuts down cleanly and
// returns nil: it stops listening and lets the requests under way finish
// for ShutdownGrace; then it cancels their contexts, with ErrStopping as
// the cause, and answers each whose answer has not begun 503 "the server
// is stopping" (see answerUntilStopped).
func Serve(ctx context.Context, ln net.Listener, h http.Handler) error {
	return serveUntil(ctx, ln, h, ShutdownGrace)
}

// serveUntil is Serve with a grace period of its own.
func serveUntil(ctx context.Context, ln net.Listener, h http.Handler, grace time.Duration) error {
	requests, stopRequests := context.WithCancelCause(context.Background())
	defer stopRequests(nil)
	srv := &http.Server{
		Handler:           answerUntilStopped(requests, h),
		BaseContext:       func(net.Listener) context.Context { return requests },
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	if !shutdown(srv, grace) {
		stopRequests(ErrStopping)
		if !shutdown(srv, stopWait) {
			// A handler that does not heed its context: its client has
			// its 503 already.
			srv.Close()
		}
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// shutdown shuts srv down, waiting at most wait for the requests under
// way, and reports whether they all finished.
func shutdown(srv *http.Server, wait time.Duration) bool {
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	return srv.Shutdown(ctx) == nil
}

func writeError(w http.ResponseWriter, status int, msg string) {
	status, body := errorAnswer(status, msg)
	writeAnswer(w, status, body)
}

// writeAnswer writes an API's answer: its status and JSON body.
func writeAnswer(w http.ResponseWriter, status int, body []byte) {
	if status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "1")
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}
