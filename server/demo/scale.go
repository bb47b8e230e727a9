package demo

import (
	"math/rand/v2"
	"strconv"
	"time"

	"tidings/model"
)

// Window is how far back one catalogue's articles reach: every article of
// Catalogue(now) is published in (now-Window, now].
const Window = window

// CatalogueRound is round number round of a catalogue built from many
// rounds, for benchmarks that need far more articles than the demo's
// ~6,000. Round 0 is exactly Catalogue(now). Round k > 0 draws its stories
// from its own seed, so its text differs from the other rounds while
// keeping the demo's vocabulary and shape, and its URLs end in "-r<k>" so
// they are unique across rounds. Callers shift now back by Window per round
// to spread the articles over time. Sources are the same in every round.
func CatalogueRound(now time.Time, round int) (sources []model.Source, articles []model.Article) {
	sources, articles, _ = EventsRound(now, round)
	return sources, articles
}

// EventsRound is CatalogueRound with the truth about its stories, as
// Events gives it for round 0.
func EventsRound(now time.Time, round int) (sources []model.Source, articles []model.Article, events []int) {
	if round == 0 {
		return Events(now)
	}
	g := &generator{
		now:     now,
		rng:     rand.New(rand.NewPCG(seedHi^uint64(round)*0x9e3779b97f4a7c15, seedLo+uint64(round))),
		sources: buildSources(banks()),
		pools:   map[poolKey][]story{},
	}
	g.planArticles()
	g.fillPools()
	articles, events = g.articles()
	sources = g.sourceList()
	suffix := "-r" + strconv.Itoa(round)
	for i := range articles {
		articles[i].URL += suffix
	}
	return sources, articles, events
}
