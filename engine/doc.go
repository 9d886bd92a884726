// Package engine says what the games of the dice-poker family are, as
// data that the solvers, the advisor and the command line read.
//
// It has four parts:
//
//   - Dice: five six-sided dice as a Multiset, the 252 sorted rolls and
//     462 keeps by index (Roll, Keep, KeepIndex), the probability of each
//     outcome of a reroll (Outcomes), and ParseDice and ParseKeep for what
//     users type.
//   - Rules: a Game lists its Categories, each with its Points for a roll
//     and the facts the placement rules need, its rolls a turn, upper bonus
//     and five-alike rules (FiveAlike), and for school its columns and
//     SchoolRules. New builds the games of docs/rules.md under the rule Options
//     (each described once in OptionList); Define builds and checks a game
//     written by hand, refusing one the solvers cannot play. A game's
//     Fingerprint hashes everything its rules say.
//   - Single sheets: a State between turns (the filled boxes, the capped
//     upper total, the five-alike box), the Placements of a final roll and
//     the Sheet as users write it (ParseSheet, Sheet.Format).
//   - School sheets: a SchoolState between turns (each row's cells, the
//     reserve, the bonuses in reach), the SchoolMoves of a roll, and the
//     SchoolSheet as users write it (ParseSchoolSheet, SchoolSheet.Format).
//
// Category names are spelled as docs/rules.md spells them; they are part of
// the command line's contract.
package engine
