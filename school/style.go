package school

import "dicepoker/engine"

// Style is a way to play school from an estimate: the estimate's own
// player, or one that departs from it. The fit learns from games of
// several styles, so that the estimate holds on the sheets other players
// make, and the check (see Check) draws its sheets from them.
type Style struct {
	Name string
	// Random is the chance, at each decision, of a legal action drawn at
	// random instead of the player's.
	Random float64
	// Greedy plays for the most points this turn, valuing every sheet
	// after it at 0.
	Greedy bool
	// Firsts writes in sum and the straights whenever it can (crossing
	// them out if need be), and plays as the estimate otherwise.
	Firsts bool
	// Shake, in a fit only, writes a few cells at the end of the lead-in
	// as no player's game would so early, and adds to the reserve (see
	// fitter.shake): sheets like those a person writes by hand.
	Shake bool
}

// Styles are the styles the check draws sheets from.
var Styles = []Style{
	{Name: "advisor"},
	{Name: "greedy", Greedy: true},
	{Name: "random 20%", Random: 0.2},
	{Name: "random 50%", Random: 0.5},
	{Name: "sum, straights first", Firsts: true},
}

// firstRows are the rows the Firsts style fills first.
var firstRows = []string{"sum", "small-straight", "large-straight"}

// firstsPull is what the Firsts style adds to a sheet's value for each
// cell of its rows written: more than any cell is worth.
const firstsPull = 400

// player returns the style's values for the sheets after a turn, from
// those of base, the player it departs from.
func (st Style) player(g *engine.Game, base Player) Player {
	switch {
	case st.Greedy:
		return Fixed(func(engine.SchoolState) float64 { return 0 })
	case st.Firsts:
		var rows []int
		for _, name := range firstRows {
			if r := g.Category(name); r >= 0 {
				rows = append(rows, r)
			}
		}
		return func(s *engine.SchoolState) Values {
			after := base(s)
			return func(n engine.SchoolState) float64 {
				v := after(n)
				for _, r := range rows {
					v += firstsPull * float64(n.Fill[r])
				}
				return v
			}
		}
	}
	return base
}

// own reports whether the style's choices are the estimate's own, but for
// its random ones.
func (st Style) own() bool { return !st.Greedy && !st.Firsts }
