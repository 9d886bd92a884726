package engine

import (
	"fmt"
	"strings"
	"testing"
)

// builtinFingerprints are the fingerprints of the games of docs/rules.md
// as the constructors in Go built them before the games became files:
// a fingerprint hashes every box's name and points for every roll, the
// jokers, the bonuses and the rolls, so equal fingerprints mean equal
// games, and the strategy tables already saved stay theirs.
var builtinFingerprints = map[string]string{
	"yahtzee+":                                "33bd1b073e1cdf8324aae7605456070091eae2f5bc0eda5333250105ca75a98c",
	"yahtzee+forced-joker":                    "c142d97136cb830eb795908466bf800b089109f0a03b045f55dc702b863d56b8",
	"yahtzee+no-joker":                        "de118eb50faad03581ce1e413ff88d9ef4eff761dd8445ebe7fe58baddec34c0",
	"yahtzee+no-yahtzee-bonus":                "38c69659bcb50b26b150d2549aaa9559e2770dd2a2e166ac28015322ddab30e8",
	"yahtzee+no-upper-bonus":                  "5b593c5df9a73f205b7502660bcb29f61f0bdfc0fac4044c58b7584520280eab",
	"yahtzee+forced-joker,no-upper-bonus":     "392c39aaff045c6310d4e4821843315b17f2698e4da15254de2b9af058b33d94",
	"yahtzee+no-joker,no-upper-bonus":         "57747cf4b81b250ce29192f3ad4027da244a7101583a56b4e85418b4d372ea43",
	"yahtzee+no-yahtzee-bonus,no-upper-bonus": "4f73c1f7f96a7d28cbf5d227da11b74bff9c39c66619014bb8feede60fb34b62",
	"yatzy+":                            "c184c565971eb0eee9b4e51460f0883f30bd3327b1017b1e1597ed4881f6e8e4",
	"swedish+":                          "102db0908c4feabaabd2df552bf06446f7971e648b65ef1bf443fbf2e9ef14e8",
	"swedish+upper-bonus-threshold=70":  "af382abdcae323134d2775586c80c193cda020fa7e3d13ec69632055eea46228",
	"swedish+upper-bonus-threshold=1":   "5ce3a670bafb6f83aa3161f17d4d90e92d8cd62dda3d87d13d91702a56daeda6",
	"swedish+upper-bonus-threshold=105": "225d86ed557f4ced0c8853ecf6877db37e61465f90de7a802dfe57c89e8181e1",
	"poker-dice+":                       "82642fd18a75477291d4eb2a3788f5215e9e773439b49c9ab6f3a457a50aab2c",
	"school+":                           "fda72008858d390a197a3af20e0232bbdf66847bea60ee75cfda94ad1e9695c5",
	"school+columns=1":                  "f98957fb1f6c1639a356d9e34a765e00b513bcbce9ef0135f40d7b95a02d14f4",
	"school+columns=5":                  "c64b1b8cd7cb0920baa1e54bc9062e6350ef402108e7ec3f041b797aaeb0a32a",
	"school+columns=1,taken=ones+pair":  "19de149e228299c91d49f87778b8e8a4aa9661593e7d54264f73781b9302ac83",
}

func TestBuiltinGamesKeepTheirFingerprints(t *testing.T) {
	t.Parallel()
	for key, want := range builtinFingerprints {
		t.Run(key, func(t *testing.T) {
			t.Parallel()
			name, rest, _ := strings.Cut(key, "+")
			opts, err := ParseOptions(rest)
			if err != nil {
				t.Fatal(err)
			}
			g, err := New(name, opts)
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprintf("%x", g.Fingerprint()); got != want {
				t.Errorf("fingerprint %s, want %s", got, want)
			}
		})
	}
}
