package stories

import (
	"cmp"
	"math"
	"slices"
	"time"
)

// When an article joins a story. Measured on the demo catalogue's
// labelled events and on the hand-written real-world set's dev batch
// (eval_test.go, realworld_test.go, docs/stories.md).
const (
	// minScore is the least cosine between a new article and one of a
	// story's articles for it to join the story, when they were
	// published at the same time; the bar rises in proportion to the time
	// between them, to 1 (identical words) Window apart.
	minScore = 0.25
	// minStoryScore is the least mean cosine with all of the story's
	// articles: a story grows by what is like all of it, not by a chain
	// of neighbours each like the last.
	minStoryScore = 0.3

	// The bars when the new article and the story's article share a
	// particular of the story's own (see linked): outlets telling one
	// event in their own words share its names more than its other
	// words ("Powell in no hurry…" and "Fed holds rates"), and report it
	// for hours with figures that change. The bar starts lower and rises
	// to 1 over linkedRiseSpan instead of Window.
	linkedMinScore   = 0.05
	linkedStoryScore = 0.05
	linkedRiseSpan   = 48 * time.Hour
	// linkedStoryAge: the linked bars hold for a story's first hours
	// only, so that a story does not grow for days by a chain of
	// articles each sharing a name with the last.
	linkedStoryAge = 12 * time.Hour
	// rareSlack: a particular is a story's own when no more than the
	// story's articles and rareSlack more indexed articles have it.
	rareSlack = 1
	// germanLinkNeed is how many particulars of a story's own a German
	// article must share with it: German capitalises every noun, and
	// one shared noun ("Hochwasser", "Leitzins") links two events of one
	// kind.
	germanLinkNeed = 2

	// topCandidates is how many of the best partial scores are scored in
	// full.
	topCandidates = 20
	// slotFillers is how many different words must have filled a frame
	// for it to count as a template's slot (see conflict).
	slotFillers = 4
)

// match returns the indexed article whose story e should join, or nil,
// and the sum of e's cosines with that story's articles.
func (g *Grouper) match(e *entry) (*entry, float32) {
	g.weigh(e)
	cands := g.candidates(e)
	if len(cands) == 0 {
		return nil, 0
	}
	for i := range cands {
		cands[i].score = g.cosine(e, cands[i].e)
	}
	sortScored(cands)
	tried := g.tried[:0]
	g.anchors = g.anchors[:0]
	defer func() { g.tried = tried }()
	for _, c := range cands {
		if slices.Contains(tried, c.e.story) {
			continue
		}
		base, span, storyBar := float32(minScore), Window, float32(minStoryScore)
		how := g.anchorOf(e, c.e.story)
		if how != unanchored || g.linked(e, c.e) && !g.clash(e, c.e.story) {
			base, span, storyBar = linkedMinScore, linkedRiseSpan, linkedStoryScore
		}
		need := base + (1-base)*float32(abs64(c.e.t-e.t))/float32(span/time.Second)
		if how == anchorNamed {
			// The story's own name in both, in its first hours: the
			// words around it may all differ (anchors.go).
			need = linkedMinScore
		}
		sum, n := g.storySum(e, c.e.story)
		// The cosine with the story's centroid (the sum of its articles'
		// unit vectors, whose length storyDot gives) can clear the bar
		// where no one article does: each outlet shares another part of
		// the story's words.
		centroid := sum / float32(math.Sqrt(float64(float32(n)+2*g.storyDot[c.e.story])))
		if (c.score >= need || centroid >= need) && sum/float32(max(n, 1)) >= storyBar {
			tried = append(tried, c.e.story)
			// An article anchored by a name waives the story's conflicts
			// (anchors.go): an update changes the figures, not the names.
			if !g.ratesDiffer(e, c.e.story) && !g.scoresDiffer(e, c.e.story) && (how == anchorNamed || !g.conflictsWithStory(e, c.e.story)) {
				return c.e, sum
			}
		}
	}
	return nil, 0
}

// anchorOf is how e is anchored to story, judged once a match.
func (g *Grouper) anchorOf(e *entry, story int64) anchor {
	for _, a := range g.anchors {
		if a.story == story {
			return a.how
		}
	}
	how := g.anchorTo(e, story)
	g.anchors = append(g.anchors, anchorCache{story, how})
	return how
}

// linked says new article e shares with indexed article c a particular
// of c's story's own (sharesParticular, rareLimit), and the story is
// young (linkedStoryAge).
func (g *Grouper) linked(e, c *entry) bool {
	return e.t-g.storyStart(c.story) <= int64(linkedStoryAge/time.Second) && titleWordsShared(e, c) >= 2 &&
		g.sharesParticular(e, c, g.rareLimit(c.story))
}

// titleWordsShared is how many words of four letters or more the titles
// of a and b share, up to 2: one name alone in common ("Kiwi chick
// hatches at Wellington zoo", "Kiwi sanctuary opens on Kapiti Island")
// is too thin a link, and so is one name of two words ("St Aurel").
func titleWordsShared(a, b *entry) int {
	n := 0
	af, bf := a.feats(), b.feats()
	i, j := 0, 0
	for i < len(af) && j < len(bf) && n < 2 {
		fa, fb := feature(af[i]), feature(bf[j])
		switch {
		case fa.h() < fb.h():
			i++
		case fa.h() > fb.h():
			j++
		default:
			if fa&fb&featTitle != 0 && (fa|fb)&featShort == 0 {
				n++
			}
			i++
			j++
		}
	}
	return n
}

// weigh sets the IDF of each of new article e's words (in g.idfs) and
// e's norm, counting e among the language's articles.
func (g *Grouper) weigh(e *entry) {
	n := g.perLang[e.lang] + 1
	g.idfs = g.idfs[:0]
	var sum float32
	for _, fw := range e.feats() {
		f := feature(fw)
		x := idf(int(g.df[f.h()^e.salt])+1, n)
		g.idfs = append(g.idfs, x)
		sum += f.w() * x * f.w() * x
	}
	e.norm = float32(math.Sqrt(float64(sum)))
}

// candidates returns the indexed articles of e's language within Window
// of it that share its rarer words, the topCandidates best by the part
// of the score those words give.
func (g *Grouper) candidates(e *entry) []scored {
	n := g.perLang[e.lang] + 1
	if g.gen++; g.gen == 0 { // wrapped: no entry may seem scored already
		for _, x := range g.ents {
			if x != nil {
				x.gen = 0
			}
		}
		g.gen = 1
	}
	g.cand = g.cand[:0]
	from, to := bucketOf(e.t-g.window), bucketOf(e.t+g.window)
	for i, fw := range e.feats() {
		f := feature(fw)
		h := f.h() ^ e.salt
		if skipPostings(int(g.df[h]), n) {
			continue
		}
		x := g.idfs[i]
		for b := from; b <= to; b++ {
			ps := g.post[postKey(h, b)]
			if ps == nil {
				continue
			}
			g.compact(ps)
			// The partial score weighs the candidate's word as the new
			// article's: the full score, of the best, weighs both.
			w := f.w() * x * x
			for _, h := range ps.list {
				c := g.ents[h]
				if c.dead || abs64(c.t-e.t) > g.window {
					continue
				}
				if c.gen != g.gen {
					c.gen, c.acc = g.gen, 0
					g.cand = append(g.cand, scored{e: c})
				}
				c.acc += w
			}
		}
	}
	for i := range g.cand {
		g.cand[i].score = g.cand[i].e.acc
	}
	return topScored(g.cand, topCandidates)
}

// topScored moves the k best of s (by score, then id) to its front, in
// order, and returns them: a partial selection, as a common word can
// bring thousands of candidates of which a few dozen are scored in full.
func topScored(s []scored, k int) []scored {
	if len(s) <= k {
		sortScored(s)
		return s
	}
	better := func(a, b scored) bool { return a.score > b.score || (a.score == b.score && a.e.id < b.e.id) }
	// s[:k] is kept as a min-heap of the best k so far (worst at 0).
	heap := s[:k]
	down := func(i int) {
		for {
			l := 2*i + 1
			if l >= k {
				return
			}
			w := l
			if r := l + 1; r < k && better(heap[w], heap[r]) {
				w = r
			}
			if !better(heap[i], heap[w]) {
				return
			}
			heap[i], heap[w] = heap[w], heap[i]
			i = w
		}
	}
	for i := k/2 - 1; i >= 0; i-- {
		down(i)
	}
	for _, c := range s[k:] {
		if better(c, heap[0]) {
			heap[0] = c
			down(0)
		}
	}
	sortScored(heap)
	return heap
}

// sortScored orders by score, best first, then by id.
func sortScored(s []scored) {
	slices.SortFunc(s, func(a, b scored) int {
		if a.score != b.score {
			if a.score > b.score {
				return -1
			}
			return 1
		}
		return cmp.Compare(a.e.id, b.e.id)
	})
}

// skipPostings says a word is too common to look up matches by: a word
// in a tenth of the window's articles finds nothing the rarer words
// would not, at the cost of reading its whole list. It still counts in
// the full score.
func skipPostings(df, n int) bool { return df > 200 && df*20 > n }

// idf is the inverse document frequency of a word in df of n articles.
func idf(df, n int) float32 { return float32(math.Log(1 + float64(n)/float64(df))) }

// cosine is the similarity of new article a (weighed) and indexed
// article b, each word weighed by its IDF; b's length is as it was when
// b was indexed.
func (g *Grouper) cosine(a, b *entry) float32 {
	if a.norm == 0 || b.norm == 0 {
		return 0
	}
	var dot float32
	af, bf := a.feats(), b.feats()
	i, j := 0, 0
	for i < len(af) && j < len(bf) {
		fa, fb := feature(af[i]), feature(bf[j])
		switch {
		case fa.h() < fb.h():
			i++
		case fa.h() > fb.h():
			j++
		default:
			x := g.idfs[i]
			dot += fa.w() * fb.w() * x * x
			i++
			j++
		}
	}
	return dot / (a.norm * b.norm)
}

// storyStart is when the oldest indexed article of story was published.
func (g *Grouper) storyStart(story int64) int64 {
	start := int64(math.MaxInt64)
	for _, m := range g.members[story] {
		if !m.dead {
			start = min(start, m.t)
		}
	}
	return start
}

// storySum is the sum of e's cosines with the articles of story, and
// how many they are.
func (g *Grouper) storySum(e *entry, story int64) (float32, int) {
	var sum float32
	n := 0
	for _, m := range g.members[story] {
		if !m.dead {
			sum += g.cosine(e, m)
			n++
		}
	}
	return sum, n
}

// conflictsWithStory says e conflicts with an article of story: joining
// would make one story of two events, even if e's nearest neighbour in
// it agrees.
func (g *Grouper) conflictsWithStory(e *entry, story int64) bool {
	apart := titleNamed(e)
	young := e.t-g.storyStart(story) <= int64(linkedStoryAge/time.Second)
	limit := g.rareLimit(story)
	for _, m := range g.members[story] {
		if m.dead {
			continue
		}
		if apart && g.sharesParticular(e, m, 0) {
			apart = false
		}
		// In a story's first hours an article that shares a particular
		// of the story's own with one of its articles does not
		// conflict with it: an update ("death toll rises to 27")
		// changes the figures, not the names.
		if !(young && g.sharesParticular(e, m, limit)) && g.conflict(e, m) {
			return true
		}
	}
	return apart
}

// rareLimit is how many indexed articles may have a particular for it
// to be the story's own: the story's articles and rareSlack more. A
// name that other events of the window also give ("Madrid", a company
// in the news all week) links nothing.
func (g *Grouper) rareLimit(story int64) int32 {
	return int32(len(g.members[story]) + rareSlack)
}

// sharesParticular says a and b share a name or a figure (of two digits
// or more). With a limit (> 0), the particular must be in both titles,
// a name inside a clause in one of them at least (not a weak name, see
// featMaybeName), and in no more than limit indexed articles.
func (g *Grouper) sharesParticular(a, b *entry, limit int32) bool {
	rare := limit > 0
	// German capitalises every noun: there one shared noun ("Hochwasser",
	// "Leitzins") links two events of one kind; two are asked for.
	need := 1
	if rare && a.lang == "de" {
		need = germanLinkNeed
	}
	af, bf := a.feats(), b.feats()
	i, j := 0, 0
	for i < len(af) && j < len(bf) {
		fa, fb := feature(af[i]), feature(bf[j])
		switch {
		case fa.h() < fb.h():
			i++
		case fa.h() > fb.h():
			j++
		default:
			if fa&(featName|featFigure) != 0 && fb&(featName|featFigure) != 0 && fa&featSmallFigure == 0 &&
				(!rare || fa&fb&featTitle != 0 && (fa&featMaybeName == 0 || fb&featMaybeName == 0) && g.df[fa.h()^a.salt] <= limit) {
				if need--; need == 0 {
					return true
				}
			}
			i++
			j++
		}
	}
	return false
}

// ratesDiffer says e's headline gives a rate ("2.6%") and an article of
// story gives another in its headline, neither giving the other's
// anywhere: two prints of inflation, two central banks' rates. A rate,
// unlike a count ("kills 12", "death toll rises to 27"), is not updated
// within the day, so an anchor does not waive this conflict.
func (g *Grouper) ratesDiffer(e *entry, story int64) bool {
	if !hasRate(e.titleFigures()) {
		return false
	}
	for _, m := range g.members[story] {
		if !m.dead && hasRate(m.titleFigures()) && !intersects(ratesOf(e.titleFigures()), m.figures()) &&
			!intersects(ratesOf(m.titleFigures()), e.figures()) {
			return true
		}
	}
	return false
}

// scoresDiffer says e's headline or standfirst gives a result ("27-24")
// and an article of story gives another, and none the same: two matches
// of one evening, however alike their names ("Top 14 : Toulouse
// renverse l'UBB" and "Top 14 : La Rochelle domine le Racing 92"). A
// match's final result is not updated as a count is; a report at half
// time and one at the end are parted too.
func (g *Grouper) scoresDiffer(e *entry, story int64) bool {
	es := scoresOf(e.figures())
	if len(es) == 0 {
		return false
	}
	differ := false
	for _, m := range g.members[story] {
		if m.dead {
			continue
		}
		ms := scoresOf(m.figures())
		if intersects(es, ms) {
			return false
		}
		differ = differ || len(ms) > 0
	}
	return differ
}

// scoresOf are the results of the sorted figures (scoreMark).
func scoresOf(figs []uint64) []uint64 {
	i, _ := slices.BinarySearch(figs, uint64(scoreMark))
	j, _ := slices.BinarySearch(figs, uint64(2<<62))
	return figs[i:j]
}

// hasRate says the sorted figures give a rate (percentMark).
func hasRate(figs []uint64) bool {
	return len(figs) > 0 && figs[len(figs)-1]&figureKinds == percentMark
}

// ratesOf are the rates of the sorted figures: their tail.
func ratesOf(figs []uint64) []uint64 {
	i, _ := slices.BinarySearch(figs, uint64(percentMark))
	return figs[i:]
}

// titleNamed says e's headline has a name.
func titleNamed(e *entry) bool {
	for _, fw := range e.feats() {
		if f := feature(fw); f&featTitle != 0 && f.isName() && f&featMaybeName == 0 {
			return true
		}
	}
	return false
}

// conflict says a and b report different events, however alike their
// words:
//   - both headlines give figures and neither article gives any of the
//     other's ("Inflation eases to 7.6%" and "Inflation slows to 3.3%"), or
//   - they fill a frame differently, with no filler in common there,
//     where the fillers are particulars (names, figures: "floods hit
//     Halden", "floods hit Eastport"), or where the frame's context is
//     not common words only and the frame is a slot of a
//     template (slotFillers different words seen in it) and neither its
//     context nor its fillers are names or common words ("deal with the
//     teachers' union", "deal with the nurses' union"). In languages
//     whose capitals do not mark names, every such slot counts.
func (g *Grouper) conflict(a, b *entry) bool {
	if a.nTitleFigures > 0 && b.nTitleFigures > 0 &&
		!intersects(a.titleFigures(), b.figures()) && !intersects(b.titleFigures(), a.figures()) {
		return true
	}
	cased := capitalisesNames(a.lang)
	ak, bk := a.frameKeys(), b.frameKeys()
	i, j := 0, 0
	for i < len(ak) && j < len(bk) {
		k := ak[i]
		switch {
		case k < bk[j]:
			i++
		case k > bk[j]:
			j++
		default:
			ie, je := i, j
			for ie < len(ak) && ak[ie] == k {
				ie++
			}
			for je < len(bk) && bk[je] == k {
				je++
			}
			if g.fillsDiffer(a, i, ie, b, j, je, cased, k^a.salt) {
				return true
			}
			i, j = ie, je
		}
	}
	return false
}

// fillsDiffer says the fillers articles a and b put in one frame (a's
// frames i to ie, b's j to je) tell two events: they share none, and two
// of them differ in a way that counts (see conflict).
func (g *Grouper) fillsDiffer(a *entry, i, ie int, b *entry, j, je int, cased bool, key uint64) bool {
	differ := false
	for x := i; x < ie; x++ {
		fa := a.frameAt(x)
		for y := j; y < je; y++ {
			fb := b.frameAt(y)
			switch {
			case fa.filler == fb.filler:
				return false
			case fa.is(frameParticular) && fb.is(frameParticular):
				differ = true
			case fa.is(frameGeneric) || fb.is(frameGeneric):
			case fa.is(frameHead) && fb.is(frameHead) && (!cased || !(fa.is(frameNamed) || fb.is(frameNamed))) &&
				!fa.is(frameCommonFiller) && !fb.is(frameCommonFiller) && g.isSlot(key):
				differ = true
			}
		}
	}
	return differ
}

// slotSeen is up to slotFillers different fillers the index has seen
// in a frame (hashes cut to 32 bits), for a frame three or more have
// filled.
type slotSeen struct {
	fillers [slotFillers]uint32
	n       uint8
}

// The tiers of the fillers seen (see Grouper.oneFiller) hold one and
// two fillers before a frame moves to a slotSeen.
const _ = uint(slotFillers - 3) // slotFillers >= 3

// fillersSeen is how many different fillers the index has seen in the
// language-salted frame key k, up to slotFillers.
func (g *Grouper) fillersSeen(k uint64) int {
	if _, ok := g.oneFiller.get(k); ok {
		return 1
	}
	if _, ok := g.twoFillers[k]; ok {
		return 2
	}
	return int(g.manyFillers[k].n)
}

// isSlot says the language-salted frame key k has been filled by
// slotFillers different words in the language's articles: it is a slot
// of a template (a city, a minister, a figure), not the wording around
// one event's name.
func (g *Grouper) isSlot(k uint64) bool { return g.fillersSeen(k) >= slotFillers }

// see records e's frames' fillers that may make a slot.
func (g *Grouper) see(e *entry) {
	for i := range int(e.nFrames) {
		f := e.frameAt(i)
		if !f.is(frameHead) || f.is(frameGeneric) || f.is(frameCommonFiller) {
			continue
		}
		k := f.key ^ e.salt
		if a, ok := g.oneFiller.get(k); ok {
			if f.filler != a {
				g.oneFiller.remove(k)
				g.twoFillers[k] = [2]uint32{a, f.filler}
			}
			continue
		}
		if p, ok := g.twoFillers[k]; ok {
			if f.filler != p[0] && f.filler != p[1] {
				delete(g.twoFillers, k)
				g.manyFillers[k] = slotSeen{fillers: [slotFillers]uint32{p[0], p[1], f.filler}, n: 3}
			}
			continue
		}
		if s, ok := g.manyFillers[k]; ok {
			if int(s.n) < slotFillers && !slices.Contains(s.fillers[:s.n], f.filler) {
				s.fillers[s.n] = f.filler
				s.n++
				g.manyFillers[k] = s
			}
			continue
		}
		g.oneFiller.add(k, f.filler)
	}
}

// intersects says the sorted sets a and b share an element.
func intersects(a, b []uint64) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			return true
		}
	}
	return false
}
