package web

import (
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"slices"
	"strings"
	"testing"
)

// FuzzAPI posts any body to the calls that parse positions: each answer
// is 200 with JSON, or an error object with a 4xx status, never a 500 or
// a panic.
func FuzzAPI(f *testing.F) {
	s, err := New(withTables(testSource, f.TempDir()), "127.0.0.1:8080", Options{})
	if err != nil {
		f.Fatal(err)
	}
	paths := []string{"/api/advise", "/api/score", "/api/sheet", "/api/write", "/api/review", "/api/take"}
	for _, seed := range []struct {
		path byte
		body string
	}{
		{0, `{"game":"poker-dice","dice":[1,1,2,5,6]}`},
		{0, `{"game":"poker-dice","sheet":{"pair":1},"dice":[6,6,6,6,6],"rolls_left":0}`},
		{0, `{"game":"school","rules":["columns=2"],"sheet":"ones=x/r,reserve=1","dice":[1,1,1,2,3],"rolls_left":1,"fresh":false}`},
		{1, `{"game":"school","dice":[4,4,1,2,3],"fresh":true,"reserve":3}`},
		{2, `{"game":"yatzy","sheet":"ones=3,yatzy=50"}`},
		{3, `{"game":"school","rules":["columns=1"],"dice":[3,3,3,3,5],"fresh":true,"box":"threes"}`},
		{3, `{"game":"poker-dice","sheet":"pair=1","dice":[1,2,3,4,5],"box":"straight"}`},
		{5, `{"game":"school","sheet":"pair=12,taken=twos","bonus":"column2"}`},
		{4, `{"record":"{\"game\":\"poker-dice\",\"turn\":1,\"sheet\":\"\",\"dice\":[1,1,2,5,6],\"rolls_left\":0,\"action\":{\"score\":\"pair\"}}\n"}`},
	} {
		f.Add(seed.path, seed.body)
	}
	f.Fuzz(func(t *testing.T, path byte, body string) {
		p := paths[int(path)%len(paths)]
		req := httptest.NewRequest("POST", p, strings.NewReader(body))
		req.Host = "127.0.0.1:8080"
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		var answer map[string]any
		var list []any
		switch {
		case rec.Code == http.StatusOK:
			if json.Unmarshal(rec.Body.Bytes(), &answer) != nil && json.Unmarshal(rec.Body.Bytes(), &list) != nil {
				t.Errorf("%s %q: 200 with %q, not JSON", p, body, rec.Body)
			}
		case rec.Code >= 400 && rec.Code < 500 || rec.Code == http.StatusServiceUnavailable:
			if json.Unmarshal(rec.Body.Bytes(), &answer) != nil || answer["error"] == "" {
				t.Errorf("%s %q: %d with %q, not an error object", p, body, rec.Code, rec.Body)
			}
		default:
			t.Errorf("%s %q: status %d: %s", p, body, rec.Code, rec.Body)
		}
	})
}

// FuzzHostCheck gives the Host check any header: it allows only the
// server's port, and a name only if it is one of the server's.
func FuzzHostCheck(f *testing.F) {
	c, err := newHostCheck("mylaptop:8080", []string{"mylaptop.local"})
	if err != nil {
		f.Fatal(err)
	}
	for _, seed := range []string{"mylaptop:8080", "MyLaptop.Local.:8080", "[::1]:8080", "192.168.1.2", "attacker.example:8080", "[fe80::1%eth0]:8080", ":8080", "a:b:c"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, host string) {
		if !c.allows(host) {
			return
		}
		h, port, err := net.SplitHostPort(host)
		if err != nil || port != "8080" {
			t.Fatalf("allowed %q, not on port 8080", host)
		}
		if _, err := netip.ParseAddr(h); err != nil && !slices.Contains([]string{"localhost", "mylaptop", "mylaptop.local"}, strings.TrimSuffix(strings.ToLower(h), ".")) {
			t.Fatalf("allowed the name %q", h)
		}
	})
}
