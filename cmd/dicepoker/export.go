package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"dicepoker/engine"
	"dicepoker/export"
	"dicepoker/export/format"
	"dicepoker/internal/atomicfile"
	"dicepoker/kind"
	"dicepoker/strategy"
)

const exportSummary = `Write what the solver knows as a table for Python, R or a spreadsheet.
--what states gives every state of a game solved exactly (its filled
boxes, upper total or reserve, bonus flags and optimal expected points to
come; school with --columns 1); --what positions gives a sample of the
positions optimal play meets, one row for each action with its expected
final score, as advise --json ranks them. The format is CSV, JSON Lines
or Parquet (--format, or the extension of --out). The strategy table is
solved and saved first when missing.`

// runExport writes a game's states or sampled positions to a file.
func runExport(e env, args []string, stdout io.Writer) error {
	fs, gf := newGameFlagSet("export")
	what := fs.String("what", "states", "states (every state and its value) or positions (sampled positions and their actions)")
	formatName := fs.String("format", "", "csv, jsonl or parquet (default: from the extension of --out)")
	out := fs.String("out", "", "the file to write; - for standard output")
	sample := fs.Int("sample", 1000, "positions: how many to sample")
	seed := fs.Uint64("seed", 1, "positions: the seed of their dice")
	tableFile := addTableFlag(fs)
	g, err := gf.parse(fs, args, stdout, "export [--game G] [game options] [--what states|positions] [--sample N] [--seed S] [--format F] --out FILE", exportSummary)
	if err != nil {
		return err
	}
	f, err := exportFormat(*formatName, *out)
	if err != nil {
		return err
	}
	var table *export.Rows
	switch *what {
	case "states":
		for _, name := range []string{"sample", "seed"} {
			if fs.Changed(name) {
				return usagef("--%s belongs to --what positions", name)
			}
		}
		table, err = kind.States(e.opened(*tableFile), g)
	case "positions":
		if *sample < 1 {
			return usagef("--sample %d: sample at least one position", *sample)
		}
		table, err = kind.Positions(e.opened(*tableFile), g, export.Sample{Positions: *sample, Seed: *seed,
			Progress: progressIn("sampling "+g.Name+" positions", "positions")})
	default:
		return usagef("--what %s: want states or positions", engine.Quote(*what))
	}
	if err != nil {
		return err
	}
	rows, err := writeExport(table, f, *out, stdout)
	if err != nil {
		return err
	}
	if *out != "-" {
		fmt.Fprintf(stdout, "%s: %d rows of %s written to %s (%s)\n", strategy.Describe(g), rows, *what, *out, f)
	}
	return nil
}

// exportFormat returns the format named, or else the one --out's
// extension names.
func exportFormat(name, out string) (format.Format, error) {
	if out == "" {
		return "", usagef("missing --out, the file to write (- for standard output)")
	}
	if name == "" {
		name = strings.TrimPrefix(filepath.Ext(out), ".")
		if name == "" || out == "-" {
			return "", usagef("--format csv, jsonl or parquet: %s has no extension that names one", engine.QuoteName(out))
		}
	}
	f, err := format.ParseFormat(name)
	if err != nil {
		return "", usagef("--format: %v", err)
	}
	return f, nil
}

// writeExport writes t to the file out (- for stdout) in format f, to a
// temporary file renamed into place once complete.
func writeExport(t *export.Rows, f format.Format, out string, stdout io.Writer) (int, error) {
	if out == "-" {
		return format.Write(stdout, t, f)
	}
	out = linkTarget(out)
	if fi, err := os.Stat(out); err == nil && !fi.Mode().IsRegular() {
		return 0, usagef("--out %s is not a regular file", engine.QuoteName(out))
	}
	file, err := atomicfile.Create(out, 0o644)
	if err != nil {
		return 0, fileError("--out", err)
	}
	rows, err := format.Write(file, t, f)
	if err != nil {
		file.Abort()
		return rows, err
	}
	return rows, file.Commit()
}

// linkTarget follows path through symbolic links, a target that does not
// exist yet included, so that writing it keeps the links; a path that is
// no link is its own target.
func linkTarget(path string) string {
	for range 40 { // as many links as Linux follows
		fi, err := os.Lstat(path)
		if err != nil || fi.Mode()&os.ModeSymlink == 0 {
			return path
		}
		target, err := os.Readlink(path)
		if err != nil {
			return path
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(path), target)
		}
		path = target
	}
	return path
}
