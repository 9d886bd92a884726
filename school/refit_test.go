package school

import (
	"bytes"
	"io/fs"
	"os"
	"strconv"
	"testing"

	"dicepoker/tables"
)

// TestRefitShipped refits each shipped estimate as "dicepoker solve --game
// school --columns N" does (DefaultFit, the threads the machine has) and
// checks that the file it writes is the shipped one, byte for byte. It
// takes minutes for each column count (5 to 15 on two busy cores; the
// three together about half an hour), so it runs only when
// DICEPOKER_REFIT=1:
//
//	DICEPOKER_REFIT=1 go test ./school -run TestRefitShipped -timeout 3h -v
//
// The fit is the same whatever the threads (TestBuildThreads), but its
// sums in floating point are the same to the bit only where the compiler
// computes them as on the machine the shipped files were fitted on: amd64
// with GOAMD64 v1 or v2. Elsewhere (arm64, or GOAMD64=v3 and up) it fuses
// a multiply and an add into one step, rounded once, and the test skips.
func TestRefitShipped(t *testing.T) {
	t.Parallel()
	if os.Getenv("DICEPOKER_REFIT") != "1" {
		t.Skip("a refit takes minutes for each column count; set DICEPOKER_REFIT=1 to run it")
	}
	if !unfusedFloats {
		t.Skip("this build fuses multiplies and adds in floating point (arm64, or GOAMD64=v3 and up): a refit differs in the last bits from the shipped fit, made on amd64 without")
	}
	for _, columns := range ShippedColumns {
		t.Run(strconv.Itoa(columns), func(t *testing.T) {
			g := mustSchool(t, columns)
			data, err := fs.ReadFile(Shipped(), shippedName(g))
			if err != nil {
				t.Fatal(err)
			}
			want, err := tables.Gunzip(data)
			if err != nil {
				t.Fatal(err)
			}
			e, err := Build(g, DefaultFit(g, nil, 0))
			if err != nil {
				t.Fatal(err)
			}
			path := EstimatePath(t.TempDir(), g)
			if err := e.Save(path); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("the refit's file (%d bytes, mean score %.4f) differs from the shipped one (%d bytes)", len(got), e.Expected, len(want))
			}
		})
	}
}
