package seats_test

import (
	"fmt"

	"dicepoker/seats"
)

func ExampleParse() {
	strategies, err := seats.Parse("win,optimal,target:250")
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, s := range strategies {
		fmt.Printf("seat %d: %s\n", i+1, s)
	}
	_, err = seats.Parse("optimal,lucky")
	fmt.Println(err)
	// Output:
	// seat 1: win
	// seat 2: optimal
	// seat 3: target:250
	// strategy "lucky": want optimal, greedy, win or target:T
}
