package offline

import (
	"bytes"
	"context"
	"net/http"

	"dicepoker/web"
)

// host is the address the Backend's requests are made to: its server
// takes no other.
const host = "localhost:80"

// Memory is the Backend's budget for its tables and long work: a phone's
// browser gives a page far less than a computer's memory.
const Memory = 768 << 20

// Backend answers the page's API calls in the same process, with no
// network: each is a request made in memory to the handler that
// dicepoker serve serves (web.New), so that the offline app and serve
// answer alike, every route included.
type Backend struct{ h http.Handler }

// NewBackend returns the Backend that ranks with the tables of src.
func NewBackend(src web.Source) (*Backend, error) {
	h, err := web.New(src, host, web.Options{Memory: Memory})
	if err != nil {
		return nil, err
	}
	return &Backend{h}, nil
}

// Answer returns the status and the JSON body of the API's answer to
// method (GET or POST) at path, such as "/api/advise", with the request's
// JSON body (nil for GET); ctx done stops the work, as a client that
// leaves does.
func (b *Backend) Answer(ctx context.Context, method, path string, body []byte) (int, []byte) {
	r, err := http.NewRequestWithContext(ctx, method, "http://"+host+path, bytes.NewReader(body))
	if err != nil {
		return http.StatusBadRequest, []byte(`{"error":"not a request path"}` + "\n")
	}
	if body != nil {
		r.Header.Set("Content-Type", "application/json")
	}
	w := &answer{header: http.Header{}}
	b.h.ServeHTTP(w, r)
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.status, w.body.Bytes()
}

// answer is an http.ResponseWriter that keeps the answer in memory.
type answer struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (a *answer) Header() http.Header { return a.header }

func (a *answer) WriteHeader(status int) {
	if a.status == 0 {
		a.status = status
	}
}

func (a *answer) Write(p []byte) (int, error) {
	a.WriteHeader(http.StatusOK)
	return a.body.Write(p)
}
