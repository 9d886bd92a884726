// Package web is dicepoker's advisor in the browser: an HTTP server on
// loopback that serves the page (embedded in the binary) and the JSON API
// the page calls, which answers with the same code as the commands
// (package advice), so that the page and advise --json never disagree.
//
// The API's answering (API) does without net/http, and so does the
// package compiled for the browser (GOOS=js): there it is the API alone,
// the advisor of the offline app (package web/offline), with no server,
// page or host checks.
package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/internal/cost"
)

// MaxBody is the largest request body the API reads.
const MaxBody = 1 << 20

// AimWriteTimeout is how long /api/advise may take to answer, longer than
// the other requests' write timeout: solving for a target or opponents
// from early in a long game takes minutes.
const AimWriteTimeout = 15 * time.Minute

// The HTTP statuses the API answers with. This file, and so the advisor
// compiled to WebAssembly, does without net/http.
const (
	statusOK                  = 200
	statusBadRequest          = 400
	statusNotFound            = 404
	statusTooLarge            = 413
	statusInternalServerError = 500
	statusServiceUnavailable  = 503
	statusInsufficientStorage = 507
)

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
	// Games are games of game files (engine.GameOf) offered besides the
	// built-in ones, by their names: a request names one as "game", with
	// no rules, since the file says them all.
	Games []*engine.Game
	// Memory is the most memory in bytes the server's tables and long
	// work take together, at least MinMemory (0: DefaultMemory). Work
	// that would take more waits or is refused (503, or 507 for work
	// larger than the whole budget), the tables least recently used let
	// go first. The process's own limit (debug.SetMemoryLimit) is the
	// caller's to set.
	Memory int64
}

// API answers the page's API calls (the routes under /api/), with the
// same code as the commands: the Server serves it over HTTP, the offline
// app (package web/offline) in the browser's memory.
type API struct {
	src    *cache
	files  []*engine.Game   // Options.Games
	routes map[string]route // by method and path: "POST /api/advise"
}

// NewAPI returns the API that ranks with the tables of src, each opened
// once and kept within o.Memory (o.Names is the Server's alone).
func NewAPI(src Source, o Options) (*API, error) {
	if o.SolveWait == 0 {
		o.SolveWait = 20 * time.Second
	}
	if o.Memory == 0 {
		o.Memory = DefaultMemory()
	}
	if o.Memory < MinMemory {
		return nil, fmt.Errorf("memory budget %s: want %s or more", cost.Bytes(o.Memory), cost.Bytes(MinMemory))
	}
	for i, g := range o.Games {
		if slices.Contains(engine.GameNames, g.Name) || slices.ContainsFunc(o.Games[:i], func(h *engine.Game) bool { return h.Name == g.Name }) {
			return nil, fmt.Errorf("game %s: a built-in game's name, or offered twice", engine.Quote(g.Name))
		}
	}
	s := &API{src: newCache(src, o.SolveWait, o.Memory-headroom), files: o.Games}
	s.routes = s.routeTable()
	return s, nil
}

// route answers one API call from its request body.
type route func(ctx context.Context, body io.Reader) (any, int, error)

// routeTable returns the API's routes by method and path.
func (s *API) routeTable() map[string]route {
	return map[string]route{
		"GET /api/games":  get(s.games),
		"GET /api/status": get(s.status),
		"POST /api/advise": func(ctx context.Context, body io.Reader) (any, int, error) {
			// Opponents are solved for on the request, minutes from a
			// new yahtzee game: the work stops when the client leaves
			// or the time is up.
			ctx, cancel := context.WithTimeout(ctx, AimWriteTimeout)
			defer cancel()
			return post(func(req adviseRequest) (any, error) { return s.advise(ctx, req) })(ctx, body)
		},
		"POST /api/score":  post(s.score),
		"POST /api/sheet":  post(s.sheet),
		"POST /api/write":  post(s.write),
		"POST /api/take":   post(s.take),
		"POST /api/review": post(s.review),
		"POST /api/quiz":   post(s.quiz),
	}
}

// Answer returns the HTTP status and the JSON body, one line, of the
// answer to the call of method (GET or POST; HEAD as GET) at path, such as
// "/api/advise", with the request's JSON body; ctx done stops the work, as
// a client that leaves does. A body over MaxBody is refused, read no
// further.
func (s *API) Answer(ctx context.Context, method, path string, body io.Reader) (int, []byte) {
	if method == "HEAD" {
		method = "GET"
	}
	r, ok := s.routes[method+" "+path]
	if !ok {
		return errorAnswer(statusNotFound, fmt.Sprintf("no API at %s %s", method, path))
	}
	v, status, err := r(ctx, body)
	if err != nil {
		return errorAnswer(status, message(err))
	}
	return encode(status, v)
}

// get adapts a handler of a request without a body.
func get(h func() (any, error)) route {
	return func(context.Context, io.Reader) (any, int, error) {
		v, err := h()
		if err != nil {
			return nil, statusOf(err), err
		}
		return v, statusOK, nil
	}
}

// post adapts a handler that decodes its JSON body into a request and
// answers a value or an error.
func post[R any](h func(R) (any, error)) route {
	return func(_ context.Context, body io.Reader) (any, int, error) {
		data, err := io.ReadAll(io.LimitReader(body, MaxBody+1))
		switch {
		case err != nil:
			return nil, statusBadRequest, fmt.Errorf("the request body: %v", err)
		case len(data) > MaxBody:
			return nil, statusTooLarge, fmt.Errorf("the request body is over %d bytes", MaxBody)
		}
		var req R
		if err := decode(data, &req); err != nil {
			return nil, statusBadRequest, fmt.Errorf("bad JSON: %v", err)
		}
		v, err := h(req)
		if err != nil {
			return nil, statusOf(err), err
		}
		return v, statusOK, nil
	}
}

// decode reads one JSON value into v, refusing unknown fields and
// anything after it.
func decode(data []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return err
	}
	if _, err := d.Token(); err != io.EOF {
		return errors.New("more than one JSON value")
	}
	return nil
}

// badRequest is an error the client made: answered 400.
type badRequest struct{ msg string }

func (e *badRequest) Error() string { return e.msg }

func badf(format string, args ...any) error { return &badRequest{fmt.Sprintf(format, args...)} }

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
		return statusBadRequest
	case errors.As(err, &solving), errors.As(err, &busy),
		errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return statusServiceUnavailable
	case errors.As(err, &tooBig):
		return statusInsufficientStorage
	}
	return statusInternalServerError
}

// errorAnswer is the answer of an error: {"error": msg}.
func errorAnswer(status int, msg string) (int, []byte) {
	return encode(status, map[string]string{"error": msg})
}

// encode returns v as advise --json prints it, one line, with status; a
// value that cannot be encoded is answered 500.
func encode(status int, v any) (int, []byte) {
	var b bytes.Buffer
	if err := json.NewEncoder(&b).Encode(v); err != nil {
		return statusInternalServerError, []byte(`{"error":"cannot encode the answer"}` + "\n")
	}
	return status, b.Bytes()
}

// game is the game and rule options a request names.
type game struct {
	Game  string   `json:"game"`
	Rules []string `json:"rules"` // the option flags without their dashes: "forced-joker", "columns=3"
}

// build returns the game that g names: a built-in game with its rules,
// or one of the games offered besides (Options.Games), which has none.
func (s *API) build(g game) (*engine.Game, error) {
	name := g.Game
	if name == "" {
		name = "yahtzee"
	}
	if f := s.offered(name); f != nil {
		if len(g.Rules) > 0 {
			return nil, badf("rules %s: %s has no rule options; its game file says its rules", engine.Quote(strings.Join(g.Rules, ",")), name)
		}
		return f, nil
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

// offered returns the game called name of those offered besides the
// built-in ones (Options.Games), or nil.
func (s *API) offered(name string) *engine.Game {
	if k := slices.IndexFunc(s.files, func(g *engine.Game) bool { return g.Name == name }); k >= 0 {
		return s.files[k]
	}
	return nil
}

// dice returns the dice of a roll of g (five, or six) given as face
// numbers 1..6.
func dice(g *engine.Game, faces []int) (engine.Multiset, error) {
	if len(faces) != g.Dice {
		return engine.Multiset{}, badf("dice: want %s face numbers 1..6, have %d", g.Cup().DiceWord(), len(faces))
	}
	m, err := engine.FromDice(faces...)
	if err != nil {
		return m, badf("dice: %v", err)
	}
	return m, nil
}
