package coach

// Tie is how close two options' values must come to count as equally
// good: an advisor's ties, and a review's optimal decisions.
const Tie = 1e-9
