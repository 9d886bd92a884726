package engine_test

import (
	"fmt"
	"strings"

	"dicepoker/engine"
)

// A name that is one slip away from a known one gets it suggested.
func ExampleSuggest() {
	fmt.Println("unknown game \"yahtze\"" + engine.Suggest("yahtze", engine.GameNames, "games"))
	// Output: unknown game "yahtze", did you mean yahtzee? (games: yahtzee, yatzy, swedish, poker-dice, school)
}

// A long input is quoted by its first 40 bytes and its length.
func ExampleQuote() {
	fmt.Println(engine.Quote("ones=3"))
	fmt.Println(engine.Quote(strings.Repeat("x", 1000)))
	// Output:
	// "ones=3"
	// "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"... (1000 bytes)
}

// A file name is shown whole unless it is too long to be a real one.
func ExampleQuoteName() {
	fmt.Println(engine.QuoteName("/home/ann/games/monday.jsonl"))
	fmt.Println(engine.QuoteName(strings.Repeat("y", 100000)))
	// Output:
	// /home/ann/games/monday.jsonl
	// "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"... (100000 bytes)
}

func ExampleSheet_UpperLine() {
	g, _ := engine.New("yahtzee", engine.Options{})
	for _, text := range []string{"ones=3,fives=15", "fours=16,fives=20,sixes=30"} {
		sh, _ := engine.ParseSheet(g, text)
		fmt.Println(sh.UpperLine(g))
	}
	// Output:
	// upper 18 of 63 for the bonus 35
	// upper 66, bonus 35
}

// A Yahtzee bonus needs a box that could hold the five-alike it was paid
// for: ones=3 cannot.
func ExampleParseSheet_impossibleBonus() {
	g, _ := engine.New("yahtzee", engine.Options{})
	_, err := engine.ParseSheet(g, "yahtzee=50,ones=3,yahtzee-bonus=100")
	fmt.Println(err)
	_, err = engine.ParseSheet(g, "yahtzee=50,ones=3,full-house=25,yahtzee-bonus=100")
	fmt.Println(err)
	// Output:
	// sheet: yahtzee-bonus=100 is paid for 1 five-alike after the one in yahtzee, but only 0 of the filled boxes could hold five alike at their points under the joker rule (a joker in a lower box needs the upper box of its face filled)
	// <nil>
}

func ExampleGame_MaxSchoolReserve() {
	g, _ := engine.New("school", engine.Options{})
	fmt.Println(g.MaxSchoolReserve())
	// Output: 126
}
