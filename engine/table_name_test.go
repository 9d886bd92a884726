package engine

import "testing"

func TestTableName(t *testing.T) {
	t.Parallel()
	yahtzee, err := New("yahtzee", Options{ForcedJoker: true})
	if err != nil {
		t.Fatal(err)
	}
	twin := *yahtzee
	twin.Upper.Points = 40 // another game under the same name
	other, err := Define(twin)
	if err != nil {
		t.Fatal(err)
	}
	sub, err := yahtzee.Subset("ones", "chance")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		g    *Game
		want string
	}{
		{"built-in", yahtzee, "yahtzee"},
		{"same name, other rules", other, "yahtzee-" + hex6(other)},
		{"subset", sub, sub.Name + "-" + hex6(sub)},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := c.g.TableName(); got != c.want {
				t.Errorf("TableName() = %q, want %q", got, c.want)
			}
		})
	}
	if other.TableName() == yahtzee.TableName() {
		t.Error("two different games share a table name")
	}
}

// hex6 writes the first six bytes of g's fingerprint in hex.
func hex6(g *Game) string {
	fp := g.Fingerprint()
	const digits = "0123456789abcdef"
	var b []byte
	for _, x := range fp[:6] {
		b = append(b, digits[x>>4], digits[x&15])
	}
	return string(b)
}
