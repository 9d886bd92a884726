package advice

import (
	"context"

	"dicepoker/coach"
	"dicepoker/engine"
)

// route is how Advise answers the requests of one kind of sheet: the
// single-sheet games' by their strategy table or for their aim, school's
// by its strategy. The kind of sheet picks it (routeOf), so that no
// caller asks the game's columns.
type route interface {
	// advise answers r, whose aims are not both given.
	advise(ctx context.Context, r Request, env Env) (*Advice, error)
	// aimed reports whether r ranks for its aim by the every-target
	// table or a solve from the position, never by a strategy table
	// given as a file.
	aimed(r Request) bool
	// advisor returns the advisor that ranks g's positions with src.
	advisor(src Source, g *engine.Game) (coach.Advisor, error)
}

// routeOf returns the route of g's kind of sheet, as a sheet of a new
// game of g says it (coach.Sheet.Visit).
func routeOf(g *engine.Game) route {
	var k routing
	coach.NewSheet(g).Visit(&k)
	return k.route
}

// routing is the visit of a sheet that finds its route.
type routing struct{ route }

func (k *routing) Single(*engine.Game, engine.Sheet) { k.route = singleRoute{} }

func (k *routing) School(*engine.Game, engine.SchoolSheet) { k.route = schoolRoute{} }

// singleRoute answers the single-sheet games: by the strategy table, or
// for a target or against opponents (adviseToWin).
type singleRoute struct{}

func (singleRoute) advise(ctx context.Context, r Request, env Env) (*Advice, error) {
	switch g := r.Game; {
	case r.Fresh != nil:
		return nil, Fieldf("{fresh} belongs to school, not to %s", g.Name)
	case r.Rollouts != 0:
		return nil, Fieldf("{rollouts} belongs to school, not to %s, whose values are exact", g.Name)
	case r.aim():
		return adviseToWin(ctx, r, env)
	}
	return adviseExpected(env.Tables, r)
}

func (singleRoute) aimed(r Request) bool { return r.aim() }

func (singleRoute) advisor(src Source, g *engine.Game) (coach.Advisor, error) {
	t, err := src.Table(g)
	if err != nil {
		return nil, err
	}
	return coach.TableAdvisor(t), nil
}

// schoolRoute answers school: by the source's own strategy, or the race
// against opponents (adviseSchool).
type schoolRoute struct{}

func (schoolRoute) advise(_ context.Context, r Request, env Env) (*Advice, error) {
	if r.Target != nil {
		return nil, Fieldf("{target} belongs to the single-sheet games, not to %s", r.Game.Name)
	}
	return adviseSchool(env.Tables, r)
}

// aimed is false: school plays its race against opponents by a
// strategy, which may come from a file.
func (schoolRoute) aimed(Request) bool { return false }

func (schoolRoute) advisor(src Source, g *engine.Game) (coach.Advisor, error) {
	st, err := src.School(g, "")
	if err != nil {
		return nil, err
	}
	return coach.SchoolAdvisor(g, st.Advisor, st.Drift, st.Expected, st.Note(g)), nil
}
