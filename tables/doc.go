// Package tables reads and writes lookup-table files: a small header
// followed by a flat array of float32 values, or of float32 values or
// uint32 words checked block by block.
//
// The package knows nothing about games or solvers. A solver computes the
// values once and stores them with [Write] or [WriteFloats]; an advisor
// loads them with [Read] or [OpenFloats], which refuse a file that is
// damaged, was written in another format, or was computed for other
// rules, and say how to rebuild it.
//
// [Write] replaces a file atomically: it writes a temporary file in the
// same directory, syncs it and renames it into place, so an interrupted
// write never leaves a partial table behind. The same header and values
// always give the same bytes.
//
// # File layout
//
// All integers are little-endian. The offsets after the game name depend
// on g and o, the lengths in bytes of the game and options strings.
//
//	offset   size  field
//	0        8     magic "DPTABLE\x00"
//	8        4     format version, uint32 (1)
//	12       4     value type, uint32 (1 = float32; 3, 4: see below)
//	16       2     g, uint16
//	18       g     game, e.g. "yahtzee"
//	18+g     2     o, uint16
//	20+g     o     options, e.g. "forced-joker"
//	20+g+o   32    fingerprint of the rules
//	52+g+o   8     expected score, IEEE 754 float64 bits
//	60+g+o   8     n, the number of values, uint64
//	68+g+o   4     CRC-32C (Castagnoli) of the payload
//	72+g+o   4     CRC-32C of the header, bytes [0, 72+g+o)
//	76+g+o   4n    payload: n IEEE 754 float32 values
//
// The file ends right after the payload.
//
// # Float tables checked by block
//
// A float table ([WriteFloats], [OpenFloats]), the strategy tables' own
// format, has the same header with value type 4 and a word table's
// payload, the words being the float32 values' bits: the checksum of each
// block of [BlockWords] values, then the values. A process that looks up
// a few values (one advice) checks only their blocks. [OpenFloats] reads
// a table of value type 1 too, checked whole.
//
// # Word tables
//
// A word table ([WriteWords], [OpenWords]) has the same header with value
// type 3 and n the number of words. Its payload is the CRC-32C of each
// block of [BlockWords] words (the last block may be shorter), 4 bytes a
// block, then the n words, little-endian uint32s; the header's payload
// checksum covers the block checksums. A reader checks a block when it
// first reads it, so that a look-up in a large table reads a few blocks
// and still never uses a damaged word.
package tables
