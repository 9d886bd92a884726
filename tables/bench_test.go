package tables

import (
	"path/filepath"
	"testing"
)

func BenchmarkRead(b *testing.B) {
	values := make([]float32, 4<<20)
	for i := range values {
		values[i] = float32(i) / 3
	}
	path := filepath.Join(b.TempDir(), "bench.dpt")
	if err := Write(path, headerFor(values), values); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(4 * len(values)))
	for b.Loop() {
		if _, _, err := Read(path, testWant); err != nil {
			b.Fatal(err)
		}
	}
}
