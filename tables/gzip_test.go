package tables

import (
	"bytes"
	"compress/gzip"
	"testing"
)

func TestGunzip(t *testing.T) {
	t.Parallel()
	file := []byte("DPTBL a table file's bytes")
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write(file)
	w.Close()
	damaged := bytes.Clone(gz.Bytes())
	damaged[len(damaged)-5] ^= 1 // the checksum at the end no longer holds
	for _, c := range []struct {
		name string
		data []byte
		ok   bool
	}{
		{"gzipped", gz.Bytes(), true},
		{"not gzipped", file, false},
		{"damaged", damaged, false},
		{"cut short", gz.Bytes()[:gz.Len()/2], false},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := Gunzip(c.data)
			if c.ok && (err != nil || !bytes.Equal(got, file)) {
				t.Errorf("Gunzip = %q, %v; want the file", got, err)
			}
			if !c.ok && err == nil {
				t.Errorf("Gunzip of a %s file: no error", c.name)
			}
		})
	}
}
