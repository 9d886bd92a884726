package solver

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"testing"

	"dicepoker/engine"
	"dicepoker/internal/lanes"
)

// TestSolveBits pins every bit of a whole solve: the SHA-256 of all of
// poker-dice's values, solved before the solver played states side by
// side. Any kernel, on any architecture, with any thread count, must
// give these bits. A change meant to alter the values' rounding must say
// why and update the sum.
func TestSolveBits(t *testing.T) {
	t.Parallel()
	const want = "ce7e3ff76ebab6829a0430b419bc3e65238180a30d5edb27def68c9eaf4d9d7f"
	g, err := engine.New("poker-dice", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range []Options{{Threads: 1}, {Threads: 3}, {Threads: 2, PlainGo: true}} {
		sol, err := Solve(g, o)
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.New()
		for _, v := range sol.Values {
			h.Write(binary.LittleEndian.AppendUint64(nil, math.Float64bits(v)))
		}
		if got := fmt.Sprintf("%x", h.Sum(nil)); got != want {
			t.Errorf("%d threads, plain Go %v: values hash to %s, want %s", o.Threads, o.PlainGo, got, want)
		}
	}
}

// TestSolveBitsSheets pins every bit of the yahtzee and yatzy solves, whose
// upper bonus and five-alike box take paths of the turn that poker-dice
// does not: the SHA-256 of all values as the solver gave them before the
// turn counted writing 0 among every roll's choices.
func TestSolveBitsSheets(t *testing.T) {
	t.Parallel()
	for game, want := range map[string]string{
		"yahtzee": "a6f7f3042dfd4a0e530dc09da8dd7591425913e5708bf438fb4f277598ce0c9b",
		"yatzy":   "faa5822ab14efbb435fe08b1ca607b697bb07004fa1a2e8f6b57b23959fcbe55",
	} {
		sol := solve(t, game, engine.Options{}, 0)
		h := sha256.New()
		for _, v := range sol.Values {
			h.Write(binary.LittleEndian.AppendUint64(nil, math.Float64bits(v)))
		}
		if got := fmt.Sprintf("%x", h.Sum(nil)); got != want {
			t.Errorf("%s: values hash to %s, want %s", game, got, want)
		}
	}
}

// TestCupTurnBits plays the five-dice games of TestSolveBits and
// TestSolveBitsSheets with the turn of any cup of dice, which the
// six-dice games take, in each kernel: the same bits.
func TestCupTurnBits(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		game, want string
		kernel     *lanes.Kernels
	}{
		{"poker-dice", "ce7e3ff76ebab6829a0430b419bc3e65238180a30d5edb27def68c9eaf4d9d7f", lanes.Fastest()},
		{"poker-dice", "ce7e3ff76ebab6829a0430b419bc3e65238180a30d5edb27def68c9eaf4d9d7f", lanes.PlainGo()},
		{"yatzy", "faa5822ab14efbb435fe08b1ca607b697bb07004fa1a2e8f6b57b23959fcbe55", lanes.Fastest()},
	} {
		t.Run(c.game+"/"+c.kernel.Name(), func(t *testing.T) {
			t.Parallel()
			g, err := engine.New(c.game, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			sol, err := solveWith(g, Options{Threads: 2}, cupPlayer(newCupTurn(g, c.kernel), 2))
			if err != nil {
				t.Fatal(err)
			}
			h := sha256.New()
			for _, v := range sol.Values {
				h.Write(binary.LittleEndian.AppendUint64(nil, math.Float64bits(v)))
			}
			if got := fmt.Sprintf("%x", h.Sum(nil)); got != c.want {
				t.Errorf("values hash to %s, want %s", got, c.want)
			}
		})
	}
}
