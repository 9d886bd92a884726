package school

import (
	"os"
	"testing"
)

func TestZZDiag(t *testing.T) {
	if os.Getenv("ZZEXP") == "" { t.Skip() }
	g := mustSchool(t, 1)
	ex, err := LoadExact("/tmp/sch/tables/school+columns=1.dpt", g)
	if err != nil { t.Fatal(err) }
	s := g.NewSchoolState()
	t.Logf("new %.2f", ex.Value(s))
	s2 := s; s2.ColBonus = 0
	t.Logf("no col bonus %.2f", ex.Value(s2))
	for _, r := range []int{0, 3, 6, 10, 20, 42} {
		s3 := s; s3.Reserve = r
		t.Logf("reserve %d: %.2f ; inelig %.2f", r, ex.Value(s3), func() float64 { s4 := s3; s4.ColBonus = 0; return ex.Value(s4) }())
	}
	// value with each row filled (by scoring min or closing)
	for c := range g.Categories {
		s5 := s
		s5.Fill[c] = 1
		s5.RowBonus &^= 1 << c
		t.Logf("%s filled: %.2f", g.Categories[c].Name, ex.Value(s5))
	}
}
