package offline

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/internal/tablestest"
	"dicepoker/school"
	"dicepoker/solver"
	"dicepoker/strategy"
	"dicepoker/tables"
)

// pokerDice returns poker-dice's table as the site holds it: its bytes,
// gzipped.
func pokerDice(t *testing.T) (*engine.Game, []byte) {
	t.Helper()
	g, _ := engine.New("poker-dice", engine.Options{})
	table, err := strategy.Solve(g, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	data, err := table.Encode()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write(data)
	w.Close()
	return g, b.Bytes()
}

// TestSourceTable reads the site's table, checked, gzipped or not, and
// refuses one that fails its check, dropping the copy kept.
func TestSourceTable(t *testing.T) {
	tablestest.Dir(t)
	g, gz := pokerDice(t)
	plain, err := tables.Gunzip(gz)
	if err != nil {
		t.Fatal(err)
	}
	damaged := bytes.Clone(plain)
	damaged[len(damaged)-5] ^= 0x40
	cut := gz[:len(gz)-3]
	for _, tt := range []struct {
		name    string
		data    []byte
		refused string // "": read
	}{
		{"gzipped", gz, ""},
		{"unpacked by the host", plain, ""},
		{"damaged values", damaged, "checksum"},
		{"gzip cut short", cut, "damaged"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var dropped []string
			src := Source{Opener: advice.Opener{}, Fetch: func(name string) ([]byte, error) {
				if name != "poker-dice.dpt.gz" {
					t.Errorf("fetched %q", name)
				}
				return tt.data, nil
			}, Drop: func(name string) { dropped = append(dropped, name) }}
			table, err := src.Table(g)
			if tt.refused == "" {
				if err != nil || table.Path != "tables/poker-dice.dpt.gz" || len(dropped) != 0 {
					t.Fatalf("table %v, error %v, dropped %v", table, err, dropped)
				}
				return
			}
			var input *advice.InputError
			if !errors.As(err, &input) || !strings.Contains(err.Error(), tt.refused) || !strings.Contains(err.Error(), "tables/poker-dice.dpt.gz") {
				t.Errorf("error %v, want bad input naming the table and %q", err, tt.refused)
			}
			if len(dropped) != 1 || dropped[0] != "poker-dice.dpt.gz" {
				t.Errorf("dropped %v, want the table", dropped)
			}
		})
	}
}

// TestBackend asks the backend as the page does: its answers are those
// of serve's API, the table missing from the site solved in memory.
func TestBackend(t *testing.T) {
	tablestest.Dir(t)
	src := Source{Opener: advice.Opener{}, Fetch: func(name string) ([]byte, error) {
		return nil, fmt.Errorf("%s: %w", name, fs.ErrNotExist)
	}}
	b, err := NewBackend(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, method, path, body string
		status                   int
		want                     string
	}{
		{"games", "GET", "/api/games", "", 200, `"name":"yahtzee"`},
		{"advice, solved", "POST", "/api/advise", `{"game":"poker-dice","dice":[6,6,6,6,6],"rolls_left":0}`, 200, `"best":{"action":"score","category":"five-of-a-kind"`},
		{"sheet", "POST", "/api/sheet", `{"game":"yahtzee","sheet":"ones=3"}`, 200, `"sheet":"ones=3"`},
		{"target", "POST", "/api/advise", `{"game":"poker-dice","dice":[6,6,6,6,6],"target":30}`, 400, "not offered offline"},
		{"target, a large table", "POST", "/api/advise", `{"game":"yahtzee","dice":[1,2,3,4,5],"target":200}`, 400, "not offered offline"},
		{"bad dice", "POST", "/api/advise", `{"game":"yahtzee","dice":[7,1,1,1,1]}`, 400, `"error":"dice:`},
		{"no route", "POST", "/api/nothing", `{}`, 404, "no API at POST /api/nothing"},
		{"another method", "GET", "/api/advise", "", 404, "no API at GET /api/advise"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var body []byte
			if tt.method == "POST" {
				body = []byte(tt.body)
			}
			status, got := b.Answer(context.Background(), tt.method, tt.path, body)
			if status != tt.status || !strings.Contains(string(got), tt.want) || !json.Valid(got) {
				t.Errorf("status %d, %s; want %d and %q", status, got, tt.status, tt.want)
			}
		})
	}
}

// TestEstimates reads school's shipped estimates through the site's
// files as the advisor in the browser does: each file the program ships,
// fetched under its name in TablesDir, byte for byte; a file the site
// lacks is missing, and a path outside the files is refused unfetched.
func TestEstimates(t *testing.T) {
	t.Parallel()
	var fetched []string
	src := Source{Fetch: func(name string) ([]byte, error) {
		fetched = append(fetched, name)
		data, err := fs.ReadFile(school.Shipped(), name)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, fs.ErrNotExist)
		}
		return data, nil
	}}
	names, err := fs.Glob(school.Shipped(), school.EstimatesDir+"/*.gz")
	if err != nil || len(names) != len(school.ShippedColumns) {
		t.Fatalf("shipped estimates %v (%v), want one for each of %v columns", names, err, school.ShippedColumns)
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			want, _ := fs.ReadFile(school.Shipped(), name)
			got, err := fs.ReadFile(src.Estimates().FS, name)
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("read %d bytes (%v), want the %d shipped", len(got), err, len(want))
			}
			fi, err := fs.Stat(src.Estimates().FS, name)
			if err != nil || fi.Size() != int64(len(want)) || fi.IsDir() || fi.Name() != strings.TrimPrefix(name, school.EstimatesDir+"/") {
				t.Errorf("stat %v (%v)", fi, err)
			}
		})
	}
	if _, err := fs.ReadFile(src.Estimates().FS, "estimates/none.dpt.gz"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a file the site lacks: %v, want fs.ErrNotExist", err)
	}
	fetched = nil
	if _, err := src.Estimates().FS.Open("../sw.js"); !errors.Is(err, fs.ErrInvalid) || len(fetched) != 0 {
		t.Errorf("a path outside the files: %v, fetched %v", err, fetched)
	}
}

// TestEstimatesFetchOnce asks whether an estimate ships, then reads it,
// as the advisor does: the site's file is fetched once; another file is
// fetched on its own, and a failed fetch is not kept.
func TestEstimatesFetchOnce(t *testing.T) {
	t.Parallel()
	name := fmt.Sprintf("%s/%s", school.EstimatesDir, "school+ntuple5.dpt.gz")
	fetched := map[string]int{}
	fail := true
	src := Source{Fetch: func(n string) ([]byte, error) {
		fetched[n]++
		if n == "estimates/flaky.gz" && fail {
			fail = false
			return nil, errors.New("the network is down")
		}
		return fs.ReadFile(school.Shipped(), n)
	}}
	files := src.Estimates().FS
	if _, err := fs.Stat(files, name); err != nil {
		t.Fatal(err)
	}
	data, err := fs.ReadFile(files, name)
	if want, _ := fs.ReadFile(school.Shipped(), name); err != nil || !bytes.Equal(data, want) {
		t.Fatalf("read %d bytes (%v), want the %d shipped", len(data), err, len(want))
	}
	if fetched[name] != 1 {
		t.Errorf("fetched %d times, want once", fetched[name])
	}
	for range 2 {
		fs.ReadFile(files, "estimates/flaky.gz")
	}
	if fetched["estimates/flaky.gz"] != 2 {
		t.Errorf("a failed fetch: fetched %d times, want again after it failed", fetched["estimates/flaky.gz"])
	}
}

// TestBackendSchool asks the backend for school's advice as the page
// does: the estimate that ships with the program is read from the site's
// files, fetched once, not fitted.
func TestBackendSchool(t *testing.T) {
	t.Parallel()
	fetched := map[string]int{}
	src := Source{Opener: advice.Opener{Dir: t.TempDir(), Threads: 1}, Fetch: func(name string) ([]byte, error) {
		fetched[name]++
		data, err := fs.ReadFile(school.Shipped(), name)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, fs.ErrNotExist)
		}
		return data, nil
	}}
	b, err := NewBackend(src)
	if err != nil {
		t.Fatal(err)
	}
	status, got := b.Answer(context.Background(), "POST", "/api/advise", []byte(`{"game":"school","dice":[6,6,6,5,5],"rolls_left":0}`))
	if status != 200 || !strings.Contains(string(got), `"strategy":"estimate"`) || !strings.Contains(string(got), `"drift":`) {
		t.Fatalf("status %d, %s; want the estimate's advice", status, got)
	}
	if n := fetched["estimates/school+ntuple5.dpt.gz"]; n != 1 || len(fetched) != 1 {
		t.Errorf("fetched %v, want the three-column estimate once", fetched)
	}
}
