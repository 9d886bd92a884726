// Package web is dicepoker's advisor in the browser: an HTTP server on
// loopback that serves the page (embedded in the binary) and the JSON API
// the page calls, which answers with the same code as the commands
// (package advice), so that the page and advise --json never disagree.
package web

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/internal/cost"
)

//go:embed static
var static embed.FS

// MaxBody is the largest request body the server reads.
const MaxBody = 1 << 20

// AimWriteTimeout is how long /api/advise may take to answer, longer than
// the other requests' write timeout: solving for a target or opponents
// from early in a long game takes minutes.
const AimWriteTimeout = 15 * time.Minute

// Server is the advisor's HTTP handler.
type Server struct {
	src   *cache
	hosts hostCheck
	mux   *http.ServeMux
}

// Options tune a Server.
type Options struct {
	// SolveWait is how long a request waits for a strategy being built
	// before it is answered 503 while the work goes on (0: 20 s).
	SolveWait time.Duration
	// Names are the names of the machine that a request's Host may give
	// besides localhost and the host of the address New is given: its
	// host name and NAME.local, for a page opened from a phone. Every
	// other name is refused (421). IP addresses need no listing.
	Names []string
	// Memory is the most memory in bytes the server's tables and long
	// work take together, at least MinMemory (0: DefaultMemory). Work
	// that would take more waits or is refused (503, or 507 for work
	// larger than the whole budget), the tables least recently used let
	// go first. The process's own limit (debug.SetMemoryLimit) is the
	// caller's to set.
	Memory int64
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
	if o.SolveWait == 0 {
		o.SolveWait = 20 * time.Second
	}
	if o.Memory == 0 {
		o.Memory = DefaultMemory()
	}
	if o.Memory < MinMemory {
		return nil, fmt.Errorf("memory budget %s: want %s or more", cost.Bytes(o.Memory), cost.Bytes(MinMemory))
	}
	s := &Server{src: newCache(src, o.SolveWait, o.Memory-headroom), hosts: hc, mux: http.NewServeMux()}
	files, _ := fs.Sub(static, "static")
	s.mux.Handle("/", http.FileServerFS(files))
	s.mux.HandleFunc("GET /api/games", s.games)
	s.mux.HandleFunc("GET /api/status", s.status)
	s.mux.HandleFunc("POST /api/advise", func(w http.ResponseWriter, r *http.Request) {
		// Opponents are solved for on the request, minutes from a new
		// yahtzee game: the answer may take longer to write. The work
		// stops when the client leaves or the time is up.
		_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(AimWriteTimeout))
		ctx, cancel := context.WithTimeout(r.Context(), AimWriteTimeout)
		defer cancel()
		post(func(req adviseRequest) (any, error) { return s.advise(ctx, req) })(w, r)
	})
	s.mux.HandleFunc("POST /api/score", post(s.score))
	s.mux.HandleFunc("POST /api/sheet", post(s.sheet))
	s.mux.HandleFunc("POST /api/write", post(s.write))
	s.mux.HandleFunc("POST /api/take", post(s.take))
	s.mux.HandleFunc("POST /api/review", post(s.review))
	s.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, fmt.Sprintf("no API at %s %s", r.Method, r.URL.Path))
	})
	return s, nil
}

// ServeHTTP answers r, after refusing a Host header that is not the
// server's own (DNS rebinding), another site's Origin and a body over
// MaxBody.
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
	r.Body = http.MaxBytesReader(w, r.Body, MaxBody)
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

// badRequest is an error the client made: answered 400.
type badRequest struct{ msg string }

func (e *badRequest) Error() string { return e.msg }

func badf(format string, args ...any) error { return &badRequest{fmt.Sprintf(format, args...)} }

// post adapts a handler that decodes its JSON body into a request and
// answers a value or an error.
func post[R any](h func(R) (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		// JSON only: a form another site posts is not a simple request then.
		if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
			writeError(w, http.StatusUnsupportedMediaType, "send the request as Content-Type: application/json")
			return
		}
		var req R
		if err := decode(r.Body, &req); err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the request body is over %d bytes", MaxBody))
				return
			}
			writeError(w, http.StatusBadRequest, "bad JSON: "+err.Error())
			return
		}
		v, err := h(req)
		if err != nil {
			writeError(w, statusOf(err), message(err))
			return
		}
		writeJSON(w, http.StatusOK, v)
	}
}

// decode reads one JSON value into v, refusing unknown fields and
// anything after it.
func decode(r io.Reader, v any) error {
	d := json.NewDecoder(r)
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return err
	}
	if _, err := d.Token(); err != io.EOF {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return err
		}
		return errors.New("more than one JSON value")
	}
	return nil
}

// statusOf returns the HTTP status of a handler's error: 400 for bad
// input, 503 while a table is being built or the server is busy, 507
// for work larger than its memory budget, else 500.
func statusOf(err error) int {
	var bad *badRequest
	var input *advice.InputError
	var solving *solvingError
	var busy *busyError
	var tooBig *tooBigError
	switch {
	case errors.As(err, &bad), errors.As(err, &input):
		return http.StatusBadRequest
	case errors.As(err, &solving), errors.As(err, &busy),
		errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return http.StatusServiceUnavailable
	case errors.As(err, &tooBig):
		return http.StatusInsufficientStorage
	}
	return http.StatusInternalServerError
}

func writeError(w http.ResponseWriter, status int, msg string) {
	if status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "1")
	}
	writeJSON(w, status, map[string]string{"error": msg})
}

// writeJSON writes v as advise --json prints it: one line.
func writeJSON(w http.ResponseWriter, status int, v any) {
	var b bytes.Buffer
	if err := json.NewEncoder(&b).Encode(v); err != nil {
		status, b = http.StatusInternalServerError, *bytes.NewBufferString(`{"error":"cannot encode the answer"}` + "\n")
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(b.Len()))
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(b.Bytes())
}

// game is the game and rule options a request names.
type game struct {
	Game  string   `json:"game"`
	Rules []string `json:"rules"` // the option flags without their dashes: "forced-joker", "columns=3"
}

// build returns the game g names.
func (g game) build() (*engine.Game, error) {
	name := g.Game
	if name == "" {
		name = "yahtzee"
	}
	o, err := engine.ParseOptions(strings.Join(g.Rules, ","))
	if err != nil {
		return nil, badf("%v", err)
	}
	gm, err := engine.New(name, o)
	if err != nil {
		return nil, badf("%v", err)
	}
	return gm, nil
}

// dice returns five dice given as face numbers 1..6.
func dice(faces []int) (engine.Multiset, error) {
	if len(faces) != engine.Dice {
		return engine.Multiset{}, badf("dice: want five face numbers 1..6, have %d", len(faces))
	}
	m, err := engine.FromDice(faces...)
	if err != nil {
		return m, badf("dice: %v", err)
	}
	return m, nil
}
