// Package scores finds the distribution of a game's final score under a
// policy: by playing games (Simulate) or exactly, by carrying probability
// forward through the states between turns (Exact). Both give a Histogram
// of scores, which Summarize turns into the mean, standard deviation and
// percentiles with gonum's statistics.
package scores
