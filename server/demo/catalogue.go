package demo

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"tidings/model"
)

// The PCG seed: fixed, so the catalogue is the same on every start.
const seedHi, seedLo = 0x7469_6469_6e67_7321, 0x6465_6d6f_2d6e_6577

// Catalogue shape. Each outlet publishes minArticles plus up to
// spreadArticles-1 more; with ~185 outlets that is about 6,000 articles.
const (
	minArticles    = 20
	spreadArticles = 26
	window         = 14 * 24 * time.Hour // oldest publication: now - window
	// offTopicPerTen is how many of ten general-outlet articles cover
	// another category's story (politics pages report strikes and storms).
	offTopicPerTen = 4
)

// Catalogue returns the demo sources and articles. The result depends only
// on now: articles are published within the 14 days before it (most in
// the last two days, a few in the last minutes), never after it. Sources
// come in the spec's language order; articles in source order.
func Catalogue(now time.Time) (sources []model.Source, articles []model.Article) {
	g := newGenerator(now)
	articles, _ = g.articles()
	return g.sourceList(), articles
}

// Events is Catalogue with the truth about its stories: events[i] names
// the event article i reports. Articles with equal event numbers were
// written on the same story (one event, several outlets' wordings);
// different numbers are different events, even when they share a family
// of headlines and so read alike. It is the labelled set the story
// grouping is evaluated against (stories/eval_test.go).
func Events(now time.Time) (sources []model.Source, articles []model.Article, events []int) {
	g := newGenerator(now)
	articles, events = g.articles()
	return g.sourceList(), articles, events
}

func (g *generator) sourceList() []model.Source {
	sources := make([]model.Source, len(g.sources))
	for i := range g.sources {
		sources[i] = g.sources[i].Source
	}
	return sources
}

// plannedArticle is one article slot before its text is written.
type plannedArticle struct {
	src *sourceInfo
	cat model.Category
}

// story is one event that several outlets may cover.
type story struct {
	fam  int           // index into the topic's title families
	seed uint64        // fixes the story's slot fillers
	age  time.Duration // how long before now it broke
	hits int           // articles written so far, to vary the wording
}

type poolKey struct {
	lang model.Language
	cat  model.Category
}

type generator struct {
	now     time.Time
	rng     *rand.Rand
	sources []sourceInfo
	plan    []plannedArticle
	pools   map[poolKey][]story
	// text is the arena every article string is written into; see write.
	text strings.Builder
}

func newGenerator(now time.Time) *generator {
	g := &generator{
		now:     now,
		rng:     rand.New(rand.NewPCG(seedHi, seedLo)),
		sources: buildSources(banks()),
		pools:   map[poolKey][]story{},
	}
	g.planArticles()
	g.fillPools()
	return g
}

// planArticles decides how many articles each outlet publishes and on
// which category's stories.
func (g *generator) planArticles() {
	cats := model.Categories()
	g.plan = make([]plannedArticle, 0, len(g.sources)*(minArticles+spreadArticles/2))
	for i := range g.sources {
		src := &g.sources[i]
		n := minArticles + g.rng.IntN(spreadArticles)
		for range n {
			cat := src.Category
			if cat == gen && g.rng.IntN(10) < offTopicPerTen {
				cat = cats[g.rng.IntN(len(cats))]
			}
			g.plan = append(g.plan, plannedArticle{src: src, cat: cat})
		}
	}
}

// fillPools makes each language-category pool three quarters as large as
// the number of articles drawn from it, so most stories are covered once or
// twice and some by three or more outlets. Pools are filled in bank and
// category order, never by ranging over the map.
func (g *generator) fillPools() {
	tally := map[poolKey]int{}
	for _, p := range g.plan {
		tally[poolKey{p.src.Language, p.cat}]++
	}
	for _, b := range banks() {
		for _, c := range model.Categories() {
			k := poolKey{b.lang, c}
			n := tally[k]
			if n == 0 {
				continue
			}
			// Families take turns, so every kind of story (elections,
			// rate decisions, …) is in every pool and searches find it.
			fams := len(b.topics[c].titles)
			size := max(6, min(n*3/4, fams*maxPerFamily))
			stories := make([]story, size)
			first := g.rng.IntN(fams)
			for i := range stories {
				stories[i] = story{fam: (first + i) % fams, seed: g.rng.Uint64()}
			}
			g.spreadAges(stories, fams)
			g.pools[k] = stories
		}
	}
}

// spreadAges draws when each story broke, from storyAge's distribution,
// stratified within each family: a pool's k stories of one family take
// one k-th of the distribution each, in random order. Without it two
// stories of one family could break within the hour of each other, and a
// family whose headlines name no place or figure ("Climate summit ends
// with pledge to cut emissions") would tell two events in the same words
// at the same time, as no real news service does; with it, such events
// stay as far apart as the distribution lets them.
func (g *generator) spreadAges(stories []story, fams int) {
	for f := range fams {
		var idx []int
		for i := f; i < len(stories); i += fams {
			idx = append(idx, i)
		}
		k := len(idx)
		ages := make([]time.Duration, k)
		for j, stratum := range g.rng.Perm(k) {
			q := (float64(stratum) + g.rng.Float64()) / float64(k)
			ages[j] = storyAge(q)
		}
		separate(ages)
		for j, i := range idx {
			stories[i].age = ages[j]
		}
	}
}

// maxPerFamily bounds a pool's stories of one family: one kind of event
// (a minister resigning, a rate decision) makes news about once a day in
// one language's press, not three times; the outlets of a large pool
// cover its stories more widely instead.
const maxPerFamily = 14

// familyGap is the least time between two stories of one family in one
// pool: one kind of event (a rate decision, a summit's end, a housing
// bill's passage) is news at most twice a day in one language's press.
// A family with so many stories that the window cannot hold them 12
// hours apart spaces them by most of the window's share of each.
const familyGap = 12 * time.Hour

// separate moves ages apart, keeping their order, so that no two are
// closer than the family's gap: each too close to the one before it
// (newer) is pushed back in time, staying inside the window.
func separate(ages []time.Duration) {
	gap := min(familyGap, (window-2*time.Hour)*4/5/time.Duration(max(len(ages), 1)))
	order := make([]int, len(ages))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(ages[a], ages[b]) })
	for n := 1; n < len(order); n++ {
		prev, cur := ages[order[n-1]], &ages[order[n]]
		if *cur-prev < gap {
			*cur = min(prev+gap, window-2*time.Hour)
		}
	}
}

// storyAge is how long ago a story broke at quantile q of the ages:
// recentShare in the last day (a little denser towards now), dayShare
// the day before, the rest over the remaining 12 days. The shares are
// drawn a little above what the catalogue shows (30% and 20%), because
// separate pushes some stories back in time.
func storyAge(q float64) time.Duration {
	const recentShare, dayShare = 0.32, 0.21
	switch {
	case q < recentShare:
		return time.Duration(math.Pow(q/recentShare, 1.3) * float64(24*time.Hour))
	case q < recentShare+dayShare:
		return 24*time.Hour + time.Duration((q-recentShare)/dayShare*float64(24*time.Hour))
	default:
		rest := 1 - recentShare - dayShare
		return 48*time.Hour + time.Duration((q-recentShare-dayShare)/rest*float64(window-49*time.Hour))
	}
}

// articleAge is when an outlet published its piece on a story: within an
// hour and a half either side of when the story broke (earlier reports,
// follow-ups), never in the future. Every 500th article is brand new, so
// "latest" always shows a few minutes-old items.
func (g *generator) articleAge(i int, st *story) time.Duration {
	if i%500 == 17 {
		return time.Minute + time.Duration(g.rng.Int64N(int64(12*time.Minute)))
	}
	const spread = 90 * time.Minute
	jitter := time.Duration(g.rng.Int64N(int64(2*spread))) - spread
	age := st.age + jitter
	if age < 2*time.Minute {
		age = st.age + max(jitter, -jitter) // a follow-up cannot come from the future
	}
	return min(max(age, 2*time.Minute), window-2*time.Second)
}

// bytesPerArticle sizes the text arena so it is allocated once; a low
// guess only costs a copy.
const bytesPerArticle = 800 // measured: ~720 with headline candidates

// articles writes every planned article, and the event each reports: a
// number per story, counted in the order stories are first written.
func (g *generator) articles() ([]model.Article, []int) {
	g.text.Grow(len(g.plan) * bytesPerArticle)
	out := make([]model.Article, len(g.plan))
	events := make([]int, len(g.plan))
	eventOf := map[*story]int{}
	var seen map[string]bool
	var current *sourceInfo
	for i, p := range g.plan {
		if p.src != current { // plans are grouped by source
			current, seen = p.src, map[string]bool{}
		}
		st, title := g.pickStory(p, seen)
		out[i] = g.write(i, p, st, title)
		ev, ok := eventOf[st]
		if !ok {
			ev = len(eventOf)
			eventOf[st] = ev
		}
		events[i] = ev
	}
	return out, events
}

// pickStory draws a story for planned article p, preferring one whose
// headline the outlet has not published yet (seen) so its feed does not
// repeat itself; small pools may still give a follow-up on an old story.
// Candidate headlines are written to the arena; the chosen one is returned
// for the article and rejected ones cost a few dozen bytes.
func (g *generator) pickStory(p plannedArticle, seen map[string]bool) (*story, string) {
	t := p.src.bank.topics[p.cat]
	pool := g.pools[poolKey{p.src.Language, p.cat}]
	var st *story
	var title string
	for try := 0; try < 12; try++ {
		st = &pool[g.rng.IntN(len(pool))]
		start := g.text.Len()
		scope{b: p.src.bank, seed: st.seed}.write(&g.text, nextTitle(t, st))
		title = g.since(start)
		if !seen[title] {
			break
		}
	}
	seen[title] = true
	return st, title
}

// nextTitle is the headline template the next article on st will use:
// successive articles cycle through the family's wordings.
func nextTitle(t *topic, st *story) string {
	fam := t.titles[st.fam]
	return fam[(st.hits+int(st.seed%3))%len(fam)]
}
