package lanes

import (
	"math"
	"math/rand/v2"
	"testing"

	"dicepoker/engine"
)

// TestSpread checks Spread, from the plain Go kernel and the one this
// CPU runs, bit for bit against one lane at a time: each keep in index
// order gaining a sixth of its parents' sum, in face order.
func TestSpread(t *testing.T) {
	kernels := map[string]func(*LaneKeeps){"go": spreadGo, "active": activeSpread}
	rng := rand.New(rand.NewPCG(11, 12))
	for name, kernel := range kernels {
		for trial := range 5 {
			got, want := sparseKeeps(rng)
			kernel(&got)
			for j := range want {
				w := &want[j]
				for k := 1; k < engine.NumKeeps; k++ {
					m, in := engine.Keep(k), 0.0
					for f := range engine.Faces {
						if m[f] > 0 {
							m[f]--
							in += w[engine.KeepIndex(m)]
							m[f]++
						}
					}
					w[k] += in * (1.0 / engine.Faces)
				}
				for k := range engine.NumKeeps {
					if math.Float64bits(got[k][j]) != math.Float64bits(w[k]) {
						t.Fatalf("%s kernel, trial %d, lane %d, keep %v: %v, want %v", name, trial, j, engine.Keep(k), got[k][j], w[k])
					}
				}
			}
		}
	}
}

// TestMoveToChoices checks, for the plain Go kernel and the one this CPU
// runs, that MoveToChoices leaves every keep's and roll's row, bit for
// bit, as moving one lane's rolls one at a time does: rolls that choose
// a keep (several of them the same keep, among the first few, to pile
// up in one row) or themselves, with and without probability. The row
// past the keeps is left as it was.
func TestMoveToChoices(t *testing.T) {
	kernels := map[string]func(*LaneKeeps, *LaneRolls){"go": moveGo, "active": activeMove}
	rng := rand.New(rand.NewPCG(15, 16))
	for name, kernel := range kernels {
		for _, keeps := range []int{3, engine.FirstRollKeep} {
			got, want := sparseKeeps(rng)
			var choice LaneRolls
			for r := range choice {
				for j := range Lanes {
					choice[r][j] = float64(engine.FirstRollKeep + r)
					if rng.IntN(4) > 0 {
						choice[r][j] = float64(rng.IntN(keeps))
					}
				}
			}
			kernel(&got, &choice)
			for j := range want {
				w := &want[j]
				for r := range engine.NumRolls {
					if k := int(choice[r][j]); k < engine.FirstRollKeep {
						w[k] += w[engine.FirstRollKeep+r]
						w[engine.FirstRollKeep+r] = 0
					}
				}
				for k := range engine.NumKeeps {
					if math.Float64bits(got[k][j]) != math.Float64bits(w[k]) {
						t.Fatalf("%s kernel, %d keeps chosen, lane %d, keep %v: %v, want %v", name, keeps, j, engine.Keep(k), got[k][j], w[k])
					}
				}
			}
			for k := engine.NumKeeps; k < len(got); k++ {
				if got[k] != ([Lanes]float64{}) {
					t.Fatalf("%s kernel, %d keeps chosen: row %d past the keeps is %v", name, keeps, k, got[k])
				}
			}
		}
	}
}

// TestAddToRows checks, for the plain Go kernel and the one this CPU
// runs, that AddToRows leaves every row, bit for bit, as adding one
// lane's rolls one at a time does: onto rows that held something, many
// rolls to the same few rows, or to a row each among many.
func TestAddToRows(t *testing.T) {
	kernels := map[string]func(*LaneRolls, [][Lanes]float64, *LaneRolls){"go": addToRowsGo, "active": activeAddToRows}
	rng := rand.New(rand.NewPCG(17, 18))
	for name, kernel := range kernels {
		for _, n := range []int{1, 3, 300} {
			var r, at LaneRolls
			got := make([][Lanes]float64, n)
			want := make([][Lanes]float64, n)
			for i := range got {
				for j := range Lanes {
					got[i][j] = rng.Float64()
					want[i][j] = got[i][j]
				}
			}
			for i := range r {
				for j := range Lanes {
					r[i][j], at[i][j] = rng.Float64(), float64(rng.IntN(n))
				}
			}
			kernel(&r, got, &at)
			for j := range Lanes {
				for i := range r {
					want[int(at[i][j])][j] += r[i][j]
				}
				for i := range want {
					if math.Float64bits(got[i][j]) != math.Float64bits(want[i][j]) {
						t.Fatalf("%s kernel, %d rows, lane %d, row %d: %v, want %v", name, n, j, i, got[i][j], want[i][j])
					}
				}
			}
		}
	}
}

// TestChoose checks, for the plain Go kernel and the one this CPU runs,
// that Choose takes x's entry exactly where a's is larger than b's:
// with a and b often equal, where y's must be taken, and x and y whole
// numbers and fractions, as rows and values.
func TestChoose(t *testing.T) {
	kernels := map[string]func(to, a, b, x, y *LaneRolls){"go": chooseGo, "active": activeChoose}
	rng := rand.New(rand.NewPCG(19, 20))
	for name, kernel := range kernels {
		for trial := range 20 {
			var to, a, b, x, y LaneRolls
			for r := range a {
				for j := range Lanes {
					a[r][j], b[r][j] = float64(rng.IntN(4)), float64(rng.IntN(4))
					if trial%2 == 1 {
						a[r][j], b[r][j] = a[r][j]+rng.Float64(), b[r][j]+rng.Float64()
					}
					x[r][j], y[r][j] = float64(rng.IntN(500)), rng.Float64()
				}
			}
			kernel(&to, &a, &b, &x, &y)
			for r := range to {
				for j := range Lanes {
					want := y[r][j]
					if a[r][j] > b[r][j] {
						want = x[r][j]
					}
					if math.Float64bits(to[r][j]) != math.Float64bits(want) {
						t.Fatalf("%s kernel, trial %d, roll %d, lane %d: %v, want %v", name, trial, r, j, to[r][j], want)
					}
				}
			}
		}
	}
}

// TestBestKeepsChoosing checks, for the plain Go kernel and the one this
// CPU runs, that BestKeepsChoosing leaves the bests, bit for bit, that
// BestKeeps gives on a copy of the values, and each keep's choice that a
// search through all its sub-keeps finds: the largest value and, of
// those, the largest keep index; on values with many exact ties and with
// few.
func TestBestKeepsChoosing(t *testing.T) {
	kernels := map[string]func(v, c *LaneKeeps){"go": bestChoicesGo, "active": activeBestChoices}
	rng := rand.New(rand.NewPCG(7, 8))
	for name, kernel := range kernels {
		for _, spread := range []int{2, 5, 1_000_000} {
			for trial := range 10 {
				own := randomKeeps(rng, spread)
				want, got := own, own
				want.BestKeeps()
				var c LaneKeeps
				c[0] = [Lanes]float64{}
				kernel(&got, &c)
				for k := range engine.NumKeeps {
					for j := range Lanes {
						choice := -1
						for m := range k + 1 {
							if !engine.Keep(k).Contains(engine.Keep(m)) {
								continue
							}
							if choice < 0 || own[m][j] >= own[choice][j] {
								choice = m
							}
						}
						if math.Float64bits(got[k][j]) != math.Float64bits(want[k][j]) || c[k][j] != float64(choice) {
							t.Fatalf("%s kernel, spread %d, trial %d, keep %v, lane %d: best %v, choice %v; want %v, %v",
								name, spread, trial, engine.Keep(k), j, got[k][j], c[k][j], want[k][j], engine.Keep(choice))
						}
					}
				}
			}
		}
	}
}

// randomKeeps returns keep values for every lane, whole numbers below
// spread.
func randomKeeps(rng *rand.Rand, spread int) LaneKeeps {
	var v LaneKeeps
	for k := range engine.NumKeeps {
		for j := range Lanes {
			v[k][j] = float64(rng.IntN(spread))
		}
	}
	return v
}

// TestMaxByBoxesChoosing checks, for the plain Go kernel and the one
// this CPU runs, that the boxes taken roll by roll leave every roll's
// value and choice to the bits that the plain Go step gives taking them
// one after another from rows of -Inf, and that these are the largest of
// the roll's totals and the first box that has it, on totals with many
// exact ties, with few and with lanes of -Inf, for one to 15 boxes,
// whatever the rows held before.
func TestMaxByBoxesChoosing(t *testing.T) {
	kernels := map[string]func(*LaneRolls, []LevelBox, *LaneRolls){"go": boxesChoosingGo, "active": activeBoxesChoosing}
	rng := rand.New(rand.NewPCG(13, 14))
	for name, kernel := range kernels {
		for _, spread := range []int{3, 1_000_000} {
			for _, n := range []int{1, 2, 7, 15} {
				boxes := randomBoxes(rng, n, spread, true)
				for c := range boxes {
					// Choices of their own, not the box's place.
					for l := range boxes[c].Choices {
						boxes[c].Choices[l] = float64((3*c+1)*Levels + l)
					}
				}
				var got, want, gotChoice, wantChoice LaneRolls
				for r := range got {
					for j := range Lanes {
						got[r][j], gotChoice[r][j] = float64(rng.IntN(spread)), float64(rng.IntN(100))
						want[r][j], wantChoice[r][j] = math.Inf(-1), boxes[0].Choices[boxes[0].Level[r]]
					}
				}
				kernel(&got, boxes, &gotChoice)
				for _, b := range boxes {
					levelChoicesGo(&want, b.Level, b.Totals, &wantChoice, b.Choices)
				}
				for r := range got {
					for j := range Lanes {
						// The choice of the first box with the largest of
						// the roll's totals, boxes[0]'s where all are -Inf.
						first, most := boxes[0].Choices[boxes[0].Level[r]], math.Inf(-1)
						for _, b := range boxes {
							if x := b.Totals[b.Level[r]][j]; x > most {
								first, most = b.Choices[b.Level[r]], x
							}
						}
						if math.Float64bits(want[r][j]) != math.Float64bits(most) || wantChoice[r][j] != first {
							t.Fatalf("spread %d, %d boxes, roll %d, lane %d: the plain Go step gives %v from box %v, the boxes' first largest total is %v from box %v",
								spread, n, r, j, want[r][j], wantChoice[r][j], most, first)
						}
						if math.Float64bits(got[r][j]) != math.Float64bits(want[r][j]) || gotChoice[r][j] != wantChoice[r][j] {
							t.Fatalf("%s kernel, spread %d, %d boxes, roll %d, lane %d: %v from box %v, want %v from box %v",
								name, spread, n, r, j, got[r][j], gotChoice[r][j], want[r][j], wantChoice[r][j])
						}
					}
				}
			}
		}
	}
}

// randomBoxes returns n boxes that choose their place, each roll's level
// at random and each level's totals whole numbers below spread; closed
// makes a quarter of the totals, and every total of the last lane, -Inf
// (boxes closed in a lane).
func randomBoxes(rng *rand.Rand, n, spread int, closed bool) []LevelBox {
	levels := make([][engine.NumRolls]uint8, n)
	totals := make([]LaneLevels, n)
	choices := make([][Levels]float64, n)
	boxes := make([]LevelBox, n)
	for c := range boxes {
		for r := range engine.NumRolls {
			levels[c][r] = uint8(rng.IntN(Levels))
		}
		for l := range Levels {
			for j := range Lanes {
				totals[c][l][j] = float64(rng.IntN(spread))
				if closed && (j == Lanes-1 || rng.IntN(4) == 0) {
					totals[c][l][j] = math.Inf(-1)
				}
			}
		}
		for l := range Levels {
			choices[c][l] = float64(c)
		}
		boxes[c] = LevelBox{Level: &levels[c], Totals: &totals[c], Choices: &choices[c]}
	}
	return boxes
}

// sparseKeeps returns keep rows with two values in three drawn at random
// and the rest 0, and the same values by lane, one lane's keeps in index
// order, for a kernel's result to be checked against one lane at a time.
func sparseKeeps(rng *rand.Rand) (got LaneKeeps, want [Lanes][engine.NumKeeps]float64) {
	for k := range engine.NumKeeps {
		for j := range Lanes {
			if rng.IntN(3) > 0 {
				got[k][j] = rng.Float64()
				want[j][k] = got[k][j]
			}
		}
	}
	return got, want
}
