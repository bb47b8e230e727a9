package stories

import (
	"strconv"

	"tidings/lazy"
	"tidings/model"
)

// Outlets write one figure many ways: "1m", "a million", "1,000,000",
// "1 000 000", "eine Million". A figure with a multiplier, in one token
// ("1m", "100k", "6bn") or two ("1 million", "a million", "6.100
// millones"), also gives the figure it stands for, so that the reports
// share it (docs/stories.md).

// multipliers are the words that multiply the figure before them, by
// language-neutral spelling (folded), built on first use like every
// table of this package (no work at the reader's start).
var multipliers = lazy.Value[map[uint64]int64]{Build: func() map[uint64]int64 {
	m := map[uint64]int64{}
	for w, v := range map[string]int64{
		"thousand": 1e3, "k": 1e3,
		"million": 1e6, "millions": 1e6, "m": 1e6, "mn": 1e6, "mio": 1e6, "millionen": 1e6, "millones": 1e6, "millon": 1e6,
		"milioni": 1e6, "milione": 1e6, "miljoen": 1e6, "milhao": 1e6, "milhoes": 1e6,
		"billion": 1e9, "billions": 1e9, "bn": 1e9, "mrd": 1e9, "milliard": 1e9, "milliards": 1e9, "milliarde": 1e9,
		"milliarden": 1e9, "miliardo": 1e9, "miliardi": 1e9, "miljard": 1e9, "bilhao": 1e9, "bilhoes": 1e9,
	} {
		m[hashString(w)] = v
	}
	return m
}}

// ones are the words that stand for the figure 1 before a multiplier
// ("a million", "un millón", "eine Million").
var ones = lazy.Value[map[uint64]bool]{Build: func() map[uint64]bool {
	m := map[uint64]bool{}
	for _, w := range []string{"a", "one", "un", "une", "uno", "una", "ein", "eine", "einer", "um", "uma", "een"} {
		m[hashString(w)] = true
	}
	return m
}}

func hashString(s string) uint64 {
	var folded []rune
	for _, r := range s {
		folded = appendFolded(folded, r)
	}
	return hashRunes(folded)
}

// scaled reads a token that is a whole number with a multiplier joined
// to it ("1m", "100k", "6bn"), and returns the number it stands for.
func scaled(word []rune) (int64, bool) {
	i := 0
	for i < len(word) && isDigit(word[i]) {
		i++
	}
	if i == 0 || i == len(word) || i > 6 {
		return 0, false
	}
	mult, ok := multipliers.Get()[hashRunes(word[i:])]
	if !ok {
		return 0, false
	}
	v, err := strconv.ParseInt(string(word[:i]), 10, 64)
	if err != nil {
		return 0, false
	}
	return v * mult, true
}

// wholeNumber reads a token of digits only, as the tokenizer joins them
// ("1,000" is 1000; "6.100" is 6100, as Spanish and German write
// thousands; decimals come out as their digits and are not scaled).
func wholeNumber(word []rune) (int64, bool) {
	if len(word) == 0 || len(word) > 12 {
		return 0, false
	}
	for _, r := range word {
		if !isDigit(r) {
			return 0, false
		}
	}
	v, err := strconv.ParseInt(string(word), 10, 64)
	return v, err == nil
}

// compounding says lang joins nouns into compounds ("Bahnstreik",
// "Elbehochwasser"), whose parts outlets also write apart.
func compounding(lang model.Language) bool {
	switch lang {
	case "de", "nl", "se", "no":
		return true
	}
	return false
}

// affixRunes is the length of a compound's first and last part as
// features: "Leitzins" and "Zinsentscheid" share "zins", "Bahnstreik"
// and "Streik" "reik".
const (
	affixRunes    = 4
	minAffixWord  = 8
	affixSaltBits = 0x5bd1e9955bd1e995
)

// affixes returns the hashes of word's first and last affixRunes runes,
// kept apart from whole words.
func affixes(word []rune) (uint64, uint64) {
	return hashRunes(word[:affixRunes]) ^ affixSaltBits, (hashRunes(word[len(word)-affixRunes:]) ^ affixSaltBits) * 0x9e3779b97f4a7c15
}
