package main

import (
	"math"
	"testing"
	"time"
)

// Ten pairs scored 10 down to 1, the same-event ones at ranks 1, 2, 4
// and 8 (four in all): recall 0.5 is reached at rank 2 (precision 1),
// 0.75 at rank 4 (0.75), 1 at rank 8 (0.5); precision stays ≥ 0.95 up
// to recall 0.5.
func TestRankingReadsPrecisionAtEachRecall(t *testing.T) {
	var pairs []pair
	for i := range 10 {
		same := i == 0 || i == 1 || i == 3 || i == 7
		pairs = append(pairs, pair{x: []float64{float64(10 - i)}, same: same})
	}
	r := rank(pairs, func(p pair) float64 { return p.x[0] })
	want := [9]float64{1, 1, 1, 1, 1, 0.75, 0.75, 0.5, 0.5}
	for i := range want {
		if math.Abs(r.precision[i]-want[i]) > 1e-9 {
			t.Errorf("precision at recall %.1f = %.3f, want %.3f", float64(i+1)/10, r.precision[i], want[i])
		}
	}
	if r.best != 0.5 {
		t.Errorf("most recall at precision ≥ 0.95 = %.3f, want 0.5", r.best)
	}
}

// Three reports of one event: the first and the third share only a
// common word, each shares a rare name with the second, so the chain
// joins all three pairs; a fourth report sharing nothing rare stays out.
func TestReachFollowsChainsOfRareWords(t *testing.T) {
	at := time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC)
	mk := func(title string) *article {
		a := &article{Event: "e", Batch: "b", Language: "en", Title: title, Published: at}
		a.analyse()
		return a
	}
	arts := []*article{
		mk("Storm Orla batters Ireland"),
		mk("Orla leaves Galway without power"),
		mk("Galway schools shut"),
		mk("Weather warning for the weekend"),
	}
	// Six pairs, three of them joined (1-2, 2-3 and 1-3 through 2).
	if got := reach(arts, []string{"b"}); math.Abs(got-0.5) > 1e-9 {
		t.Errorf("reach = %.3f, want 0.5", got)
	}
}

// Figures are read whole whatever their separator; a word opening a
// clause is a name only when the text never writes it lower-case.
func TestWordsKeepFiguresAndNames(t *testing.T) {
	all, names, figs := wordsOf("Strike at Orly: the strike cuts 2,6 Prozent of flights. Ryanair protests")
	if !figs["2.6"] || !all["2.6"] {
		t.Errorf("figures %v: want 2.6", figs)
	}
	for _, w := range []string{"orly", "prozen", "ryanai"} {
		if !names[w] {
			t.Errorf("names %v: want %s", names, w)
		}
	}
	if names["strike"] {
		t.Errorf("names %v: strike is written lower-case too", names)
	}
}
