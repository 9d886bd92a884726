package cost

import (
	"runtime"
	"testing"
)

func TestString(t *testing.T) {
	t.Parallel()
	tests := []struct {
		c    Cost
		want string
	}{
		{Cost{Seconds: 0.4, Disk: 327357, Memory: 16_000_000}, "under a second, 327 KB on disk, 16 MB of memory"},
		{Cost{Seconds: 55.6, Disk: 32_800_859, Memory: 182_000_000}, "about 56 s, 33 MB on disk, 182 MB of memory"},
		{Cost{Seconds: 99.4, Disk: 999, Memory: 2_450_000_000}, "about 99 s, 999 bytes on disk, 2.5 GB of memory"},
		{Cost{Seconds: 100, Disk: 835_000_000, Memory: 1e9}, "about 2 min, 835 MB on disk, 1.0 GB of memory"},
		{Cost{Seconds: 749, Disk: 1000, Memory: 999_999}, "about 12 min, 1 KB on disk, 1000 KB of memory"},
		{Cost{Seconds: 4830, Disk: 0, Memory: 0}, "about 1 h 21 min, 0 bytes on disk, 0 bytes of memory"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			t.Parallel()
			if got := tt.c.String(); got != tt.want {
				t.Errorf("%+v: %q, want %q", tt.c, got, tt.want)
			}
		})
	}
}

func TestPlus(t *testing.T) {
	t.Parallel()
	got := Cost{Seconds: 2, Disk: 10, Memory: 500}.Plus(Cost{Seconds: 56, Disk: 33, Memory: 180})
	if want := (Cost{Seconds: 58, Disk: 43, Memory: 500}); got != want {
		t.Errorf("%+v, want %+v", got, want)
	}
}

func TestSpread(t *testing.T) {
	t.Parallel()
	cores := runtime.GOMAXPROCS(0)
	tests := []struct {
		threads int
		want    float64
	}{
		{1, 120},
		{0, 60 * Rated / float64(cores)},
		{cores + 5, 60 * Rated / float64(cores)},
	}
	for _, tt := range tests {
		if got := Spread(60, tt.threads); got != tt.want {
			t.Errorf("60 s on %d threads of %d cores: %v, want %v", tt.threads, cores, got, tt.want)
		}
	}
}
