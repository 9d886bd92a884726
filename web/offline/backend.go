package offline

import (
	"bytes"
	"context"

	"dicepoker/web"
)

// Memory is the Backend's budget for its tables and long work: a phone's
// browser gives a page far less than a computer's memory.
const Memory = 768 << 20

// Backend answers the page's API calls in the same process, with no
// network, through the API that dicepoker serve serves (web.API), so that
// the offline app and serve answer alike, every route included.
type Backend struct{ api *web.API }

// NewBackend returns the Backend that ranks with the tables of src.
func NewBackend(src web.Source) (*Backend, error) {
	api, err := web.NewAPI(src, web.Options{Memory: Memory})
	if err != nil {
		return nil, err
	}
	return &Backend{api}, nil
}

// Answer returns the status and the JSON body of the API's answer to
// method (GET or POST) at path, such as "/api/advise", with the request's
// JSON body (nil for GET); ctx done stops the work, as a client that
// leaves does.
func (b *Backend) Answer(ctx context.Context, method, path string, body []byte) (int, []byte) {
	return b.api.Answer(ctx, method, path, bytes.NewReader(body))
}
