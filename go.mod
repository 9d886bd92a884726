module dicepoker

go 1.26
