package tables

import (
	"math"
	"sync/atomic"
	"unsafe"
)

// WriteFloats stores h and values in a table file at path as a word
// table stores its words (value type 4): the float32 values checked block
// by block, so that a reader that looks up a few of them (OpenFloats)
// reads and checks only their blocks. h.States must equal len(values);
// the file is replaced atomically, as Write replaces it.
func WriteFloats(path string, h Header, values []float32) error {
	bits := unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(values))), len(values))
	return writeWords(path, h, bits, typeFloatBlocks)
}

// OpenFloats opens the float32 table at path: one written by WriteFloats
// with its values read and checked block by block as Load asks for them,
// none yet; one written by Write (value type 1) read and checked whole at
// once, every block loaded. Floats views the values. It refuses a file as
// Read does, with an *Error.
func OpenFloats(path string, want Expect) (*Words, error) { return openAs(path, want, openFloats) }

func openFloats(path string, want Expect) (*Words, *Error) {
	f, size, e := openFile(path)
	if e != nil {
		return nil, e
	}
	hd, e := readHeader(f, size, want, typeFloatBlocks, typeFloat32)
	var w *Words
	switch {
	case e != nil:
	case hd.typ == typeFloat32:
		var values []float32
		var mapping []byte
		if values, mapping, e = readWhole(f, size, hd, want.Map); e == nil {
			f.Close()
			done := make([]atomic.Bool, blockCount(len(values)))
			for k := range done {
				done[k].Store(true)
			}
			bits := unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(values))), len(values))
			return &Words{Header: hd.Header, path: path, want: want, words: bits, mapping: mapping, done: done}, nil
		}
	default:
		w, e = readIndex(f, size, hd, want.Map)
	}
	if e != nil {
		f.Close()
		return nil, e
	}
	w.path, w.want = path, want
	return w, nil
}

// Floats returns the values of a table opened with OpenFloats: those of
// the blocks loaded hold their value, the others zero (or, when mapped,
// the file's values unchecked: not to be read).
func (w *Words) Floats() []float32 {
	return unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(w.words))), len(w.words))
}

// Float returns value i of a table opened with OpenFloats, loading its
// block first if need be; NaN when the block cannot be read sound (Err
// says why).
func (w *Words) Float(i int) float32 {
	if k := i / BlockWords; !w.done[k].Load() {
		if w.load(k, k+1); !w.done[k].Load() {
			return float32(math.NaN())
		}
	}
	return w.Floats()[i]
}
