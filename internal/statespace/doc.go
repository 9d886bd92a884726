// Package statespace indexes the states of a single-sheet game (filled
// boxes, capped upper total, five-alike box) and tells which of them have
// the same future: the layout of every table of values by state, and the
// upper-bonus classes whose states a solve plays once.
package statespace
