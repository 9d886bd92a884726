package tables

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"sync"
	"sync/atomic"
	"unsafe"

	"dicepoker/internal/atomicfile"
)

// BlockWords is how many words of a word table one checksum covers: a
// reader checks only the blocks it reads, so that a look-up in a large
// table reads a few blocks, not the whole file.
const BlockWords = 1 << 12

// WriteWords stores h and words in a word table file at path, as Write
// stores values: h.States must equal len(words), the file is replaced
// atomically. Its payload is the checksum of each block of BlockWords
// words, then the words; the header's payload checksum covers the block
// checksums.
func WriteWords(path string, h Header, words []uint32) error {
	return writeWords(path, h, words, typeWords)
}

// writeWords writes the file of a table of words checked in blocks, of
// value type typ, as WriteWords: the words a run of blocks at a time,
// each block's checksum taken as it goes, then the block checksums and
// the header, sealed, before them. A table of a gigabyte is written
// through a buffer of a megabyte, never laid out whole in memory.
func writeWords(path string, h Header, words []uint32, typ uint32) error {
	header, err := wordsHeader(h, words, typ)
	if err != nil {
		return &WriteError{Path: path, Err: err}
	}
	return create(path, func(f *atomicfile.File) error {
		blocks := blockCount(len(words))
		sums := make([]byte, 4*blocks)
		if _, err := f.Seek(int64(len(header)+len(sums)), io.SeekStart); err != nil {
			return err
		}
		le := binary.LittleEndian
		buf := make([]byte, 0, 4*BlockWords*runBlocks)
		for k := range blocks {
			start := len(buf)
			for _, w := range words[k*BlockWords : min(len(words), (k+1)*BlockWords)] {
				buf = le.AppendUint32(buf, w)
			}
			le.PutUint32(sums[4*k:], crc32.Checksum(buf[start:], castagnoli))
			if len(buf) == cap(buf) || k == blocks-1 {
				if _, err := f.Write(buf); err != nil {
					return err
				}
				buf = buf[:0]
			}
		}
		seal(header, crc32.Checksum(sums, castagnoli))
		_, err := f.WriteAt(append(header, sums...), 0)
		return err
	})
}

// runBlocks is how many blocks writeWords writes at a time.
const runBlocks = 64

// wordsHeader returns the header of a table of words of value type typ,
// its checksums left for seal, after checking that h counts the words.
func wordsHeader(h Header, words []uint32, typ uint32) ([]byte, error) {
	if h.States != uint64(len(words)) {
		return nil, fmt.Errorf("header says %d words but %d were given", h.States, len(words))
	}
	return appendHeader(nil, h, typ)
}

// blockCount returns the number of blocks of n words.
func blockCount(n int) int { return (n + BlockWords - 1) / BlockWords }

// Words is an open word table. Its words are read from the file block by
// block as Load asks for them, each block checked against its checksum
// on the way in (when mapped, Expect.Map, checked in place in the mapped file). It is safe for concurrent use.
type Words struct {
	Header  Header
	path    string
	want    Expect
	f       *os.File
	start   int64    // the file offset of the first word
	sums    []uint32 // each block's checksum
	words   []uint32
	mapping []byte        // the mapped file (Expect.Map), words a view of it: a block is checked in place; nil when read
	done    []atomic.Bool // the blocks read and checked
	mu      sync.Mutex    // held while a block is read
	err     atomic.Pointer[Error]
}

// OpenWords opens the word table at path and checks its header and block
// checksums, reading no words yet. It refuses a file as Read does, with
// an *Error.
func OpenWords(path string, want Expect) (*Words, error) { return openAs(path, want, openWords) }

// openAs opens the table at path with open, after removing what a killed
// write of it left, and gives its error the path and the rebuild command.
func openAs(path string, want Expect, open func(path string, want Expect) (*Words, *Error)) (*Words, error) {
	atomicfile.RemoveStale(path)
	w, e := open(path, want)
	if e != nil {
		e.Path, e.Rebuild = path, want.Rebuild
		return nil, e
	}
	return w, nil
}

func openWords(path string, want Expect) (*Words, *Error) {
	f, size, e := openFile(path)
	if e != nil {
		return nil, e
	}
	hd, e := readHeader(f, size, want, typeWords)
	if e != nil {
		f.Close()
		return nil, e
	}
	w, e := readIndex(f, size, hd, want.Map)
	if e != nil {
		f.Close()
		return nil, e
	}
	w.path, w.want = path, want
	return w, nil
}

// readIndex reads the block checksums of the table of words in f, of
// size bytes, whose header is hd, its words mapped when mapped.
func readIndex(f *os.File, size int64, hd head, mapped bool) (*Words, *Error) {
	h, end, sum := hd.Header, hd.end, hd.sum
	if h.States > math.MaxInt32*uint64(BlockWords) {
		return nil, &Error{Err: errTooLarge, Reason: errTooLarge.Error()}
	}
	n := int(h.States)
	blocks := blockCount(n)
	if want := int64(end) + 4*int64(blocks) + 4*int64(n); size != want {
		return nil, corrupt(fmt.Sprintf("file size %d, header implies %d", size, want))
	}
	raw := make([]byte, 4*blocks)
	if _, err := f.ReadAt(raw, int64(end)); err != nil {
		return nil, ioError(err)
	}
	if crc32.Checksum(raw, castagnoli) != sum {
		return nil, corrupt("block checksums' checksum mismatch")
	}
	w := &Words{Header: h, f: f, start: int64(end) + 4*int64(blocks), sums: make([]uint32, blocks),
		done: make([]atomic.Bool, blocks)}
	if w.words, w.mapping = mapWords(f, size, w.start, n, mapped); w.words == nil {
		w.words = make([]uint32, n)
	}
	for k := range w.sums {
		w.sums[k] = binary.LittleEndian.Uint32(raw[4*k:])
	}
	return w, nil
}

// Words returns the table's words: those of the blocks loaded hold their
// value, the others zero (or, when mapped, the file's words unchecked:
// not to be read).
func (w *Words) Words() []uint32 { return w.words }

// Load reads and checks the blocks that hold words from..to-1, those not
// read yet. It reports whether every word of the table read so far is
// sound: after a damaged block, Err says why, and Load reports false.
func (w *Words) Load(from, to int) bool {
	for k := from / BlockWords; k <= (to-1)/BlockWords && from < to; k++ {
		if !w.done[k].Load() {
			w.load(k, k+1)
		}
	}
	return w.err.Load() == nil
}

// LoadAll reads and checks every block not read yet, and returns Err.
func (w *Words) LoadAll() error {
	w.load(0, len(w.done))
	return w.Err()
}

// load reads and checks blocks from..to-1, those not read yet, a run of
// unread blocks at a time.
func (w *Words) load(from, to int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for k := from; k < to && w.err.Load() == nil; {
		if w.done[k].Load() {
			k++
			continue
		}
		end := k + 1
		for end < to && !w.done[end].Load() {
			end++
		}
		w.loadRun(k, end)
		k = end
	}
}

// loadRun reads blocks from..to-1, none of them read yet, in one call and
// checks each: straight into the words' memory where the machine keeps a
// word as the file does (no other goroutine reads those words before
// their block is marked done), else through a buffer; or, mapped, checks
// them in place. After damage, the run's words are zero.
func (w *Words) loadRun(from, to int) {
	lo, hi := from*BlockWords, min(len(w.words), to*BlockWords)
	dst := w.words[lo:hi]
	raw := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(dst))), 4*len(dst))
	if !littleEndian {
		raw = make([]byte, 4*len(dst))
	}
	if w.mapping == nil { // else the words are in memory already, to be checked
		if _, err := w.f.ReadAt(raw, w.start+4*int64(lo)); err != nil {
			clear(dst)
			w.fail(ioError(err))
			return
		}
	}
	for k := from; k < to; k++ {
		if crc32.Checksum(raw[4*(k*BlockWords-lo):4*(min(hi, (k+1)*BlockWords)-lo)], castagnoli) != w.sums[k] {
			clear(dst)
			w.fail(corrupt(fmt.Sprintf("block %d checksum mismatch", k)))
			return
		}
	}
	if !littleEndian {
		for i := range dst {
			dst[i] = binary.LittleEndian.Uint32(raw[4*i:])
		}
	}
	for k := from; k < to; k++ {
		w.done[k].Store(true)
	}
}

// Fail records that the words are not sound, for a reason found by the
// reader (a word pointing outside the table, say): Err then returns it.
func (w *Words) Fail(reason string) { w.fail(corrupt(reason)) }

func (w *Words) fail(e *Error) {
	e.Path, e.Rebuild = w.path, w.want.Rebuild
	w.err.CompareAndSwap(nil, e)
}

// Err returns the first damage met reading the table, nil if none.
func (w *Words) Err() error {
	if e := w.err.Load(); e != nil {
		return e
	}
	return nil
}

// Close closes the file. Words already loaded stay readable.
func (w *Words) Close() error {
	if w.f == nil { // read whole when opened (OpenFloats), or closed
		return nil
	}
	err := w.f.Close()
	w.f = nil
	return err
}

// Release closes the file and gives back the memory that maps it, for a
// table refused once opened: no word may be read after it. A table that
// is kept is closed by Close (or Settle), its mapping kept for as long
// as the process reads it.
func (w *Words) Release() error {
	if w.mapping != nil {
		unmap(w.mapping)
		w.words, w.mapping = nil, nil
	}
	return w.Close()
}

// Settle reads and checks every block not read yet and closes the file,
// whatever it finds, and returns the damage found, as Err: the words
// then answer from memory, or, damaged, say so by Err.
func (w *Words) Settle() error {
	err := w.LoadAll()
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	return err
}
