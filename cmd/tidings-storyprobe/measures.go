package main

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"time"
)

// window is the grouper's: reports of one event more than 12 hours
// apart are not compared.
const window = 12 * time.Hour

// pair is two articles of one language within the window: its features
// and whether they report one event.
type pair struct {
	a, b *article
	x    []float64
	same bool
}

// The features of a pair, scaled to about one.
const (
	featBias = iota
	featTitleIDF
	featHeadIDF
	featMaxIDF
	featRareNames
	featTitleNames
	featCosine
	featHours
	featFigureClash
	featSharedFigures
	featNameClash
	nFeatures
)

// byLanguage groups the articles of the batches given by language.
func byLanguage(arts []*article, batches []string) map[string][]*article {
	out := map[string][]*article{}
	for _, a := range arts {
		if slices.Contains(batches, a.Batch) {
			out[a.Language] = append(out[a.Language], a)
		}
	}
	return out
}

// idfOf counts each word's articles among arts: IDF log((n+1)/df).
func idfOf(arts []*article) func(string) float64 {
	df := map[string]int{}
	for _, a := range arts {
		for w := range a.head {
			df[w]++
		}
	}
	n := float64(len(arts) + 1)
	return func(w string) float64 { return math.Log(n / float64(max(df[w], 1))) }
}

// pairsOf are the candidate pairs of the batches, language by language
// in order of name, so that a run gives the same figures as the last.
func pairsOf(arts []*article, batches []string) []pair {
	var out []pair
	langs := byLanguage(arts, batches)
	for _, name := range slices.Sorted(maps.Keys(langs)) {
		lang := langs[name]
		idf := idfOf(lang)
		for i, a := range lang {
			for _, b := range lang[i+1:] {
				if d := a.Published.Sub(b.Published).Abs(); d <= window {
					out = append(out, pair{a: a, b: b, x: features(a, b, idf), same: a.Event == b.Event})
				}
			}
		}
	}
	return out
}

func features(a, b *article, idf func(string) float64) []float64 {
	x := make([]float64, nFeatures)
	x[featBias] = 1
	var dot, na, nb, maxIDF float64
	for w := range a.head {
		na += idf(w) * idf(w)
		if b.head[w] {
			dot += idf(w) * idf(w)
			x[featHeadIDF] += idf(w) / 5
			maxIDF = max(maxIDF, idf(w))
			if a.headName[w] && b.headName[w] && idf(w) >= 2 {
				x[featRareNames]++
			}
		}
		if a.title[w] && b.title[w] {
			x[featTitleIDF] += idf(w) / 5
		}
		if a.titleNames[w] && b.titleNames[w] {
			x[featTitleNames]++
		}
	}
	for w := range b.head {
		nb += idf(w) * idf(w)
	}
	if na > 0 && nb > 0 {
		x[featCosine] = dot / math.Sqrt(na*nb)
	}
	x[featMaxIDF] = maxIDF / 3
	x[featHours] = a.Published.Sub(b.Published).Abs().Hours() / 6
	shared := countShared(a.headFigs, b.headFigs)
	x[featSharedFigures] = float64(shared)
	if len(a.titleFigs) > 0 && len(b.titleFigs) > 0 && shared == 0 {
		x[featFigureClash] = 1
	}
	if namesMissing(a, b, idf) && namesMissing(b, a, idf) {
		x[featNameClash] = 1
	}
	return x
}

func countShared(a, b words) int {
	n := 0
	for w := range a {
		if b[w] {
			n++
		}
	}
	return n
}

// namesMissing: a's headline names something rare that b never gives.
func namesMissing(a, b *article, idf func(string) float64) bool {
	for w := range a.titleNames {
		if idf(w) >= 2 && !b.head[w] {
			return true
		}
	}
	return false
}

// logistic is a linear pair scorer: P(same event) = σ(w·x).
type logistic []float64

func (w logistic) score(x []float64) float64 {
	z := 0.0
	for i := range w {
		z += w[i] * x[i]
	}
	return 1 / (1 + math.Exp(-z))
}

// fitLogistic fits by full-batch gradient descent with a little L2,
// deterministically.
func fitLogistic(pairs []pair) logistic {
	const (
		epochs = 600
		rate   = 0.2
		l2     = 0.01
	)
	w := make(logistic, nFeatures)
	g := make([]float64, nFeatures)
	for range epochs {
		clear(g)
		for _, p := range pairs {
			d := w.score(p.x)
			if p.same {
				d--
			}
			for i, v := range p.x {
				g[i] += d * v
			}
		}
		for i := range w {
			w[i] -= rate * (g[i]/float64(len(pairs)) + l2*w[i])
		}
	}
	return w
}

func positives(pairs []pair) int {
	n := 0
	for _, p := range pairs {
		if p.same {
			n++
		}
	}
	return n
}

// ranking is the pairs ranked by a score, highest first: the precision
// of its top at each recall 0.1 … 0.9, and the most recall it reaches
// at precision 0.95 or more.
type ranking struct {
	ranked    []pair
	precision [9]float64
	best      float64
}

func rank(pairs []pair, score func(pair) float64) ranking {
	r := ranking{ranked: slices.Clone(pairs)}
	slices.SortStableFunc(r.ranked, func(a, b pair) int { return cmp.Compare(score(b), score(a)) })
	total := positives(pairs)
	next, hits := 0, 0
	for i, p := range r.ranked {
		if p.same {
			hits++
		}
		precision, recall := float64(hits)/float64(i+1), float64(hits)/float64(total)
		if precision >= 0.95 {
			r.best = max(r.best, recall)
		}
		for next < len(r.precision) && recall >= float64(next+1)/10-1e-9 {
			r.precision[next] = precision
			next++
		}
	}
	return r
}

func printRanking(name string, r ranking, wrong int) {
	fmt.Printf("%s: precision at recall\n", name)
	for i, p := range r.precision {
		fmt.Printf("  recall %.1f: precision %.3f\n", float64(i+1)/10, p)
	}
	fmt.Printf("  most recall at precision ≥ 0.95: %.3f\n", r.best)
	printWrong(r.ranked, wrong)
	fmt.Println()
}

// printWrong prints the n highest-ranked pairs of two events.
func printWrong(ranked []pair, n int) {
	for _, p := range ranked {
		if n == 0 {
			return
		}
		if !p.same {
			fmt.Printf("  wrong: %s %q | %s %q\n", p.a.Event, p.a.Title, p.b.Event, p.b.Title)
			n--
		}
	}
}

// reach is the share of same-event pairs of the batches that a chain of
// shared rare words joins: two reports of the event are linked when
// their headlines and standfirsts share a word no more than five
// articles of the language give, and the chain may pass through other
// reports of the same event. No grouper that links on shared words can
// group more of them.
func reach(arts []*article, batches []string) float64 {
	joined, total := 0, 0
	for _, lang := range byLanguage(arts, batches) {
		df := map[string]int{}
		for _, a := range lang {
			for w := range a.head {
				df[w]++
			}
		}
		events := map[string][]*article{}
		for _, a := range lang {
			events[a.Event] = append(events[a.Event], a)
		}
		for _, ev := range events {
			j, t := reachWithin(ev, df)
			joined, total = joined+j, total+t
		}
	}
	return float64(joined) / float64(max(total, 1))
}

func reachWithin(ev []*article, df map[string]int) (joined, total int) {
	parent := make([]int, len(ev))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			i = parent[i]
		}
		return i
	}
	for i, a := range ev {
		for j := i + 1; j < len(ev); j++ {
			for w := range a.head {
				if ev[j].head[w] && df[w] <= 5 {
					parent[find(i)] = find(j)
					break
				}
			}
		}
	}
	for i := range ev {
		for j := i + 1; j < len(ev); j++ {
			total++
			if find(i) == find(j) {
				joined++
			}
		}
	}
	return joined, total
}
