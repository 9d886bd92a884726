package tables

import (
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"unicode"
)

// Header describes a table file.
type Header struct {
	Game        string   // game name, e.g. "yahtzee"
	Options     string   // canonical option string, e.g. "forced-joker", or ""
	Fingerprint [32]byte // hash of the rules the values were computed for
	Expected    float64  // optimal expected score from the start of the game
	States      uint64   // number of values in the payload
}

// Expect says what the caller needs a table file to be.
// [Read] refuses a file whose game, options or fingerprint differ.
type Expect struct {
	Game        string
	Options     string
	Fingerprint [32]byte
	Rebuild     string // command that rebuilds the file, quoted in errors
	// Map maps the table's payload into memory, where the system allows
	// it (amd64 and arm64 under Unix), instead of reading a copy: no copy
	// is made, and the pages come from the file's cache as the checksums
	// read them (a block table's blocks checked in place as they are
	// first read). It is for a process that reads its tables, answers
	// and ends: the mapping stays for the process's life, even for a
	// file refused after its header (but for a table Released), and a
	// file written over in place while mapped (this program replaces
	// table files by renaming, which leaves a mapped file as it was)
	// would change the values that were checked, or end the process if
	// shortened.
	Map bool
}

const (
	magic       = "DPTABLE\x00"
	version     = 1
	typeFloat32 = 1
	typeWords   = 3 // uint32 words, checked in blocks (WriteWords)
	// float32 values, checked in blocks as words are (WriteFloats)
	typeFloatBlocks = 4
	ext             = ".dpt"

	// fixedSize is the size of a header whose game and options are empty.
	fixedSize = len(magic) + 4 + 4 + 2 + 2 + 32 + 8 + 8 + 4 + 4
)

// typeNames names the value types, for errors.
var typeNames = map[uint32]string{typeFloat32: "float32", typeWords: "uint32 words in checked blocks",
	typeFloatBlocks: "float32 in checked blocks"}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// EnvDir is the environment variable that overrides [DefaultDir].
const EnvDir = "DICEPOKER_TABLES"

// DefaultDir returns the directory that holds table files: the value of
// $DICEPOKER_TABLES if it is set and non-empty, otherwise "dicepoker" in
// the user's cache directory (see [os.UserCacheDir]).
func DefaultDir() (string, error) {
	if dir := os.Getenv(EnvDir); dir != "" {
		return dir, nil
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("cannot locate the table directory (set %s): %w", EnvDir, err)
	}
	return filepath.Join(cache, "dicepoker"), nil
}

// FileName returns the base name of the table file for a game and option
// string, such as "yahtzee.dpt" or "yahtzee+forced-joker.dpt".
// To keep the name portable, each run of commas and white space in options
// becomes "+", and any other character outside ASCII letters, digits and
// ".+=_-" becomes "_".
func FileName(game, options string) string {
	name := safe(game)
	if options != "" {
		name += "+" + safe(options)
	}
	return name + ext
}

// safe makes s usable in a file name on any common file system.
func safe(s string) string {
	var b strings.Builder
	sep := false
	for _, r := range s {
		switch {
		case r == ',' || unicode.IsSpace(r):
			if !sep {
				b.WriteByte('+')
			}
			sep = true
			continue
		case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9',
			strings.ContainsRune(".+=_-", r):
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
		sep = false
	}
	return b.String()
}
