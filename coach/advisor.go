package coach

import (
	"fmt"

	"dicepoker/strategy"
)

// tableAdvisor ranks the positions of a single-sheet game with its
// strategy table: the exact optimum.
type tableAdvisor struct{ t *strategy.Table }

// TableAdvisor returns the advisor of a single-sheet game that ranks with
// its strategy table.
func TableAdvisor(t *strategy.Table) Advisor { return tableAdvisor{t} }

func (a tableAdvisor) Actions(p Position) ([]Option, error) {
	s, ok := p.Sheet.(single)
	g := a.t.Game
	if !ok || s.g.Name != g.Name || s.g.Options != g.Options {
		return nil, fmt.Errorf("the table of %s cannot rank a %s position", strategy.Describe(g), strategy.Describe(p.Game))
	}
	return a.t.Actions(s.sh.State(g), p.Dice, p.RollsLeft)
}

func (a tableAdvisor) Expected() float64 { return a.t.Expected }

func (a tableAdvisor) Note() string { return "" }
