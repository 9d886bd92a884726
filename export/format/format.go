// Package format writes an export (package export's rows) as a file for
// other programs (pandas, polars, R): CSV, JSON Lines or Parquet.
//
// Each export is a list of rows of the same named, typed columns, so one
// writer per format serves every export. The writers live apart from the
// rows so that what builds rows (the advisor in a browser among them)
// does not carry the file formats' libraries.
package format

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"

	"dicepoker/engine"
	"dicepoker/export"
)

// Format is a file format an export is written in.
type Format string

// The formats.
const (
	CSV     Format = "csv"     // a header line, then one line a row; dice as "3 3 5"
	JSONL   Format = "jsonl"   // one JSON object a row, its keys in column order
	Parquet Format = "parquet" // columns with their types, zstd-compressed
)

// Formats lists the formats, for help and messages.
var Formats = []Format{CSV, JSONL, Parquet}

// ParseFormat returns the format called name.
func ParseFormat(name string) (Format, error) {
	for _, f := range Formats {
		if string(f) == strings.ToLower(name) {
			return f, nil
		}
	}
	return "", fmt.Errorf("no format %s (csv, jsonl or parquet)", engine.Quote(name))
}

// Write writes t to out in format f and returns the rows written.
func Write(out io.Writer, t *export.Rows, f Format) (int, error) {
	w, err := newWriter(out, f, t.Columns)
	if err != nil {
		return 0, err
	}
	n := 0
	err = t.Each(func(row []any) error {
		n++
		return w.write(row)
	})
	if err != nil {
		return n, err
	}
	return n, w.close()
}

// writer writes rows of values, one a column in column order.
type writer interface {
	write(row []any) error
	close() error // flushes what is buffered; out is not closed
}

// newWriter returns the writer of rows of cols to out in format f.
func newWriter(out io.Writer, f Format, cols []export.Column) (writer, error) {
	switch f {
	case CSV:
		return newCSV(out, cols)
	case JSONL:
		return newJSONL(out, cols), nil
	case Parquet:
		return newParquet(out, cols), nil
	}
	return nil, fmt.Errorf("no format %q (csv, jsonl or parquet)", string(f))
}

// csvWriter writes CSV: the column names, then each row.
type csvWriter struct {
	w    *csv.Writer
	line []string
}

func newCSV(out io.Writer, cols []export.Column) (*csvWriter, error) {
	w := &csvWriter{w: csv.NewWriter(out), line: make([]string, len(cols))}
	for i, c := range cols {
		w.line[i] = c.Name
	}
	return w, w.w.Write(w.line)
}

func (w *csvWriter) write(row []any) error {
	for i, v := range row {
		switch v := v.(type) {
		case int:
			w.line[i] = strconv.Itoa(v)
		case float64:
			w.line[i] = strconv.FormatFloat(v, 'g', -1, 64)
		case float32:
			w.line[i] = strconv.FormatFloat(float64(v), 'g', -1, 32)
		case bool:
			w.line[i] = strconv.FormatBool(v)
		case string:
			w.line[i] = v
		case []int:
			w.line[i] = diceText(v)
		}
	}
	return w.w.Write(w.line)
}

func (w *csvWriter) close() error {
	w.w.Flush()
	return w.w.Error()
}

// diceText writes dice with spaces, "3 3 5", so that no reader takes them
// for a number.
func diceText(dice []int) string {
	parts := make([]string, len(dice))
	for i, d := range dice {
		parts[i] = strconv.Itoa(d)
	}
	return strings.Join(parts, " ")
}

// jsonlWriter writes JSON Lines, each row an object with every column.
// Numbers, booleans and dice are written directly, as encoding/json
// would write them; strings go through encoding/json for its escapes.
type jsonlWriter struct {
	out  *bufio.Writer
	keys [][]byte // `"name":` of each column
	buf  []byte
}

func newJSONL(out io.Writer, cols []export.Column) *jsonlWriter {
	w := &jsonlWriter{out: bufio.NewWriter(out)}
	for _, c := range cols {
		key, _ := json.Marshal(c.Name)
		w.keys = append(w.keys, append(key, ':'))
	}
	return w
}

func (w *jsonlWriter) write(row []any) error {
	b := append(w.buf[:0], '{')
	for i, v := range row {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, w.keys[i]...)
		switch v := v.(type) {
		case int:
			b = strconv.AppendInt(b, int64(v), 10)
		case float64:
			b = strconv.AppendFloat(b, v, 'g', -1, 64)
		case float32:
			b = strconv.AppendFloat(b, float64(v), 'g', -1, 32)
		case bool:
			b = strconv.AppendBool(b, v)
		case []int:
			b = append(b, '[')
			for j, d := range v {
				if j > 0 {
					b = append(b, ',')
				}
				b = strconv.AppendInt(b, int64(d), 10)
			}
			b = append(b, ']')
		default:
			text, err := json.Marshal(v)
			if err != nil {
				return err
			}
			b = append(b, text...)
		}
	}
	w.buf = append(b, '}', '\n')
	_, err := w.out.Write(w.buf)
	return err
}

func (w *jsonlWriter) close() error { return w.out.Flush() }

// parquetWriter writes Parquet. parquet-go takes its schema from a Go
// struct, whose fields keep the columns in order (a parquet.Group would
// sort them by name), so each export's columns become a struct type made
// at run time.
type parquetWriter struct {
	w   *parquet.GenericWriter[any]
	row reflect.Value // a struct of the columns' fields, reused
}

// parquetTypes are the Go types of the columns of each kind.
var parquetTypes = map[export.Kind]reflect.Type{
	export.Int: reflect.TypeFor[int64](), export.Float: reflect.TypeFor[float64](), export.Float32: reflect.TypeFor[float32](),
	export.Bool: reflect.TypeFor[bool](), export.Text: reflect.TypeFor[string](), export.Dice: reflect.TypeFor[[]int32](),
}

func newParquet(out io.Writer, cols []export.Column) *parquetWriter {
	fields := make([]reflect.StructField, len(cols))
	for i, c := range cols {
		tag := c.Name
		if c.Kind == export.Dice {
			tag += ",list"
		}
		fields[i] = reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: parquetTypes[c.Kind], Tag: reflect.StructTag(`parquet:"` + tag + `"`)}
	}
	row := reflect.New(reflect.StructOf(fields)).Elem()
	schema := parquet.SchemaOf(row.Interface())
	return &parquetWriter{w: parquet.NewGenericWriter[any](out, schema, parquet.Compression(&zstd.Codec{})), row: row}
}

func (w *parquetWriter) write(row []any) error {
	for i, v := range row {
		f := w.row.Field(i)
		switch v := v.(type) {
		case int:
			f.SetInt(int64(v))
		case []int:
			d := make([]int32, len(v))
			for j, x := range v {
				d[j] = int32(x)
			}
			f.Set(reflect.ValueOf(d))
		default:
			f.Set(reflect.ValueOf(v))
		}
	}
	_, err := w.w.Write([]any{w.row.Interface()})
	return err
}

func (w *parquetWriter) close() error { return w.w.Close() }
