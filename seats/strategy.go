package seats

import (
	"fmt"
	"strconv"
	"strings"
)

// Kind is a way a seat plays.
type Kind int

// The kinds of play.
const (
	Optimal Kind = iota // the most points on average: the strategy table
	Greedy              // the most points each turn gives
	Win                 // finish ahead of the others (Table.Contest)
	Target              // reach a total (target.Table.NewPlayer)
)

// Strategy is one seat's play: its kind and, for Target, the total.
type Strategy struct {
	Kind  Kind
	Total int // Target's total
}

// MaxTotal is the largest total a target: strategy may name.
const MaxTotal = 100_000

// String returns the strategy as --strategy names it: "optimal",
// "greedy", "win", "target:250".
func (s Strategy) String() string {
	switch s.Kind {
	case Greedy:
		return "greedy"
	case Win:
		return "win"
	case Target:
		return "target:" + strconv.Itoa(s.Total)
	}
	return "optimal"
}

// Parse reads a comma-separated list of strategies, one a seat:
// "optimal,win" or "target:250,greedy". Each is optimal, greedy, win or
// target:T with T a total from 0 to MaxTotal.
func Parse(list string) ([]Strategy, error) {
	var out []Strategy
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		var s Strategy
		switch {
		case name == "optimal":
		case name == "greedy":
			s.Kind = Greedy
		case name == "win":
			s.Kind = Win
		case strings.HasPrefix(name, "target:"):
			t, err := strconv.Atoi(name[len("target:"):])
			if err != nil || t < 0 || t > MaxTotal {
				return nil, fmt.Errorf("strategy %q: the target must be a total from 0 to %d", name, MaxTotal)
			}
			s = Strategy{Kind: Target, Total: t}
		default:
			return nil, fmt.Errorf("strategy %q: want optimal, greedy, win or target:T", name)
		}
		out = append(out, s)
	}
	return out, nil
}

// Join returns strategies as the list Parse reads: "win,optimal,target:250".
func Join(strategies []Strategy) string {
	names := make([]string, len(strategies))
	for i, s := range strategies {
		names[i] = s.String()
	}
	return strings.Join(names, ",")
}
