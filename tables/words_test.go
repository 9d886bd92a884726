package tables

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// testWords returns words over three blocks, the last one short.
func testWords() []uint32 {
	words := make([]uint32, 2*BlockWords+7)
	for i := range words {
		words[i] = uint32(i)*2654435761 + 1
	}
	return words
}

func writeTestWords(t *testing.T) (string, []uint32) {
	t.Helper()
	words := testWords()
	h := testHeader
	h.States = uint64(len(words))
	path := filepath.Join(t.TempDir(), "words.dpt")
	if err := WriteWords(path, h, words); err != nil {
		t.Fatal(err)
	}
	return path, words
}

func TestWordsRoundTrip(t *testing.T) {
	path, words := writeTestWords(t)
	t.Run("block by block", func(t *testing.T) {
		w, err := OpenWords(path, testWant)
		if err != nil {
			t.Fatal(err)
		}
		defer w.Close()
		if !w.Load(BlockWords+3, BlockWords+5) {
			t.Fatal(w.Err())
		}
		got := w.Words()
		if got[BlockWords+4] != words[BlockWords+4] || got[0] != 0 {
			t.Errorf("after loading block 1: word %d is %d, want %d; word 0 is %d, want 0 (not loaded)", BlockWords+4, got[BlockWords+4], words[BlockWords+4], got[0])
		}
	})
	t.Run("all", func(t *testing.T) {
		w, err := OpenWords(path, testWant)
		if err != nil {
			t.Fatal(err)
		}
		defer w.Close()
		if err := w.LoadAll(); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(w.Words(), words) || w.Header.States != uint64(len(words)) {
			t.Error("the words read differ from those written")
		}
	})
}

func TestWordsRefused(t *testing.T) {
	path, words := writeTestWords(t)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	wordsAt := len(good) - 4*len(words) // the first word's offset
	other := testWant
	other.Fingerprint[0] ^= 1
	for _, c := range []struct {
		name   string
		edit   func([]byte) []byte
		want   Expect
		at     int // the word whose block is loaded, -1: all; -2: the open fails
		err    error
		reason string
	}{
		{"word in block 0 flipped", flip(wordsAt + 5), testWant, 0, ErrCorrupt, "block 0 checksum mismatch"},
		{"last word flipped", flip(len(good) - 1), testWant, -1, ErrCorrupt, "block 2 checksum mismatch"},
		{"block checksum flipped", flip(wordsAt - 2), testWant, -2, ErrCorrupt, "block checksums' checksum mismatch"},
		{"header flipped", flip(offGame), testWant, -2, ErrCorrupt, "header checksum mismatch"},
		{"truncated", func(b []byte) []byte { return b[:len(b)-4] }, testWant, -2, ErrCorrupt, "file size"},
		{"other rules", func(b []byte) []byte { return b }, other, -2, ErrRules, "fingerprint mismatch"},
		{"a float32 table", func([]byte) []byte { return goodFile(t) }, testWant, -2, ErrVersion, "value type 1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "bad.dpt")
			if err := os.WriteFile(p, c.edit(slices.Clone(good)), 0o644); err != nil {
				t.Fatal(err)
			}
			w, err := OpenWords(p, c.want)
			if c.at == -2 {
				if err == nil {
					w.Close()
					t.Fatal("opened")
				}
			} else {
				if err != nil {
					t.Fatal(err)
				}
				defer w.Close()
				if c.at < 0 {
					err = w.LoadAll()
				} else if !w.Load(c.at, c.at+1) {
					err = w.Err()
				}
			}
			if !errors.Is(err, c.err) || err == nil || !strings.Contains(err.Error(), c.reason) || !strings.Contains(err.Error(), p) {
				t.Errorf("got %v, want %v with %q", err, c.err, c.reason)
			}
		})
	}
}
