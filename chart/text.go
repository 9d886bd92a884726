package chart

import (
	"fmt"
	"io"
	"math"
	"strings"

	"dicepoker/scores"
)

// barWidth is the length of the longest bar of a text chart.
const barWidth = 50

// Text draws h in at most rows rows of scores (and a row for each tail
// that Bins leaves out), each with its share in percent and a bar of '#'
// as long as the share, the largest barWidth characters.
func Text(w io.Writer, h scores.Histogram, rows int) error {
	bins, below, above := Bins(h, rows)
	most := 0.0
	for _, b := range bins {
		most = max(most, b.Share)
	}
	label := func(b Bin) string {
		if b.Lo == b.Hi {
			return fmt.Sprint(b.Lo)
		}
		if b.Lo < 0 {
			// "-250--201" would read badly.
			return fmt.Sprintf("%d..%d", b.Lo, b.Hi)
		}
		return fmt.Sprintf("%d-%d", b.Lo, b.Hi)
	}
	// The labels' column: as wide as the widest label, 11 at least.
	lowest, highest := fmt.Sprintf("< %d", bins[0].Lo), fmt.Sprintf("> %d", bins[len(bins)-1].Hi)
	width := max(11, len(lowest), len(highest))
	for _, b := range bins {
		width = max(width, len(label(b)))
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%-*s %7s\n", width, "score", "share")
	if below.Share > 0 {
		fmt.Fprintf(&sb, "%-*s %6.2f%%\n", width, lowest, 100*below.Share)
	}
	for _, b := range bins {
		bar := strings.Repeat("#", int(math.Round(barWidth*b.Share/most)))
		fmt.Fprintf(&sb, "%-*s %6.2f%% %s\n", width, label(b), 100*b.Share, bar)
	}
	if above.Share > 0 {
		fmt.Fprintf(&sb, "%-*s %6.2f%%\n", width, highest, 100*above.Share)
	}
	_, err := io.WriteString(w, sb.String())
	return err
}
