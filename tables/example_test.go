package tables_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"dicepoker/tables"
)

func Example() {
	dir, err := os.MkdirTemp("", "tables-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	fingerprint := [32]byte{1, 2, 3}
	path := filepath.Join(dir, tables.FileName("yahtzee", "forced-joker"))
	values := []float32{254.59, 12.5, 0}
	h := tables.Header{
		Game:        "yahtzee",
		Options:     "forced-joker",
		Fingerprint: fingerprint,
		Expected:    254.5896,
		States:      uint64(len(values)),
	}
	if err := tables.Write(path, h, values); err != nil {
		log.Fatal(err)
	}

	want := tables.Expect{
		Game:        "yahtzee",
		Options:     "forced-joker",
		Fingerprint: fingerprint,
		Rebuild:     "dicepoker solve --game yahtzee --options forced-joker",
	}
	h, got, err := tables.Read(path, want)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(filepath.Base(path))
	fmt.Println(h.Game, h.Options, h.Expected, h.States)
	fmt.Println(got)
	// Output:
	// yahtzee+forced-joker.dpt
	// yahtzee forced-joker 254.5896 3
	// [254.59 12.5 0]
}
