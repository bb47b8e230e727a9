package demo

import (
	"math"
	"math/rand/v2"
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
	sources = make([]model.Source, len(g.sources))
	for i := range g.sources {
		sources[i] = g.sources[i].Source
	}
	return sources, g.articles()
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
			size := max(6, n*3/4)
			stories := make([]story, size)
			// Families take turns, so every kind of story (elections,
			// rate decisions, …) is in every pool and searches find it.
			fams := len(b.topics[c].titles)
			first := g.rng.IntN(fams)
			for i := range stories {
				stories[i] = story{
					fam:  (first + i) % fams,
					seed: g.rng.Uint64(),
					age:  g.storyAge(),
				}
			}
			g.pools[k] = stories
		}
	}
}

// storyAge draws how long ago a story broke: 30% in the last day (a
// little denser towards now), 20% the day before, the rest over the
// remaining 12 days.
func (g *generator) storyAge() time.Duration {
	u := g.rng.Float64()
	x := g.rng.Float64()
	switch {
	case u < 0.30:
		return time.Duration(math.Pow(x, 1.3) * float64(24*time.Hour))
	case u < 0.50:
		return 24*time.Hour + time.Duration(x*float64(24*time.Hour))
	default:
		return 48*time.Hour + time.Duration(x*float64(window-49*time.Hour))
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

func (g *generator) articles() []model.Article {
	g.text.Grow(len(g.plan) * bytesPerArticle)
	out := make([]model.Article, len(g.plan))
	var seen map[string]bool
	var current *sourceInfo
	for i, p := range g.plan {
		if p.src != current { // plans are grouped by source
			current, seen = p.src, map[string]bool{}
		}
		st, title := g.pickStory(p, seen)
		out[i] = g.write(i, p, st, title)
	}
	return out
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
