package main

import (
	"testing"
	"time"
)

// TestTimeLeft checks the time left a ticking bar shows: the expected
// time less the time spent before the first report, then the time spent
// scaled by the share left.
func TestTimeLeft(t *testing.T) {
	t.Parallel()
	tests := []struct {
		spent         time.Duration
		seconds, done float64
		want          string
	}{
		{0, 600, 0, "0s spent, about 10m0s left"},
		{20 * time.Second, 600, 0, "20s spent, about 9m40s left"},
		{11 * time.Minute, 600, 0, "11m0s spent, longer than expected"},
		{time.Minute, 600, 0.25, "1m0s spent, about 3m0s left"},
		{90 * time.Second, 60, 0.5, "1m30s spent, about 1m30s left"},
		{5 * time.Minute, 600, 1, "5m0s spent, nearly done"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			t.Parallel()
			if got := timeLeft(tt.spent, tt.seconds, tt.done); got != tt.want {
				t.Errorf("timeLeft(%v, %v, %v) = %q, want %q", tt.spent, tt.seconds, tt.done, got, tt.want)
			}
		})
	}
}
