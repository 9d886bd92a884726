package target

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"dicepoker/engine"
	lane "dicepoker/internal/lanes"
	"dicepoker/solver"
)

// TestTableWide checks that the every-target table's file is the same,
// byte for byte, whether its turns play two batches at once in sixteen
// lanes (the WideTurn kernels, AVX-512) or one in eight (AVX, or plain
// Go), for every reduced game of the table tests and a larger yatzy
// (BenchmarkSolveTable's), and that it is the pinned file (its SHA-256):
// wherever the CPU runs the wide kernels, both ways are run.
func TestTableWide(t *testing.T) {
	games := append(tableGames(t), subset(t, "yatzy", engine.Options{}, "fours", "fives", "sixes", "one-pair", "two-pairs", "three-of-a-kind",
		"four-of-a-kind", "small-straight", "large-straight", "full-house", "chance"))
	want := []string{
		"7ff1e39a339a75fc3ad78d587b5a8e9fb1726770a8c088a414c06f10fb32f5bc",
		"833af700b8bd38f6c674c318b43345496d1d798eda20fc64d6cdab4844903206",
		"c857489f666d7c12a18383ad64582ccee49d87431dc1f359c4e04bd782b22732",
		"b41bfa45bd394d24b13edd28112e157cfe66cce6a48dd5d330be95ac902871fe",
		"eb32d7e3eaf5c560be06351caffe7c788880cb3d762162c97b0aaee845e990af",
		"806b64d9fb43975ea27af10a6e78434e4bcc501ca23ae2b9734222adb5ef663d",
		"2e2cf5d8b016ac1ac7b0da7ef849f29e9e74c6232968b60a1e9ce3101829b3f8",
		"3eb4fb2008fd27453d513219d424ad9116284ff241d61365c0c20d53962230d8",
	}
	defer func(w bool) { wideTurns = w }(wideTurns)
	for i, g := range games {
		t.Run(name(g), func(t *testing.T) {
			ways := []bool{false}
			if lane.HasWide() {
				ways = append(ways, true)
			}
			for _, wide := range ways {
				wideTurns = wide
				tab, err := SolveTable(g, solver.Options{})
				if err != nil {
					t.Fatal(err)
				}
				path := filepath.Join(t.TempDir(), "table")
				if err := tab.Save(path); err != nil {
					t.Fatal(err)
				}
				b, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				if got := fmt.Sprintf("%x", sha256.Sum256(b)); got != want[i] {
					t.Errorf("wide %v: the table's SHA-256 is %s, want %s", wide, got, want[i])
				}
			}
		})
	}
}
