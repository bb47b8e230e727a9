package stories

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"math"
	"slices"
	"time"

	"tidings/model"
)

// DefaultMaxDocs bounds the articles a Grouper indexes (1.0 to 2.5 KB
// each, BenchmarkIndexMemory: 1,020 bytes an article of the demo's text,
// whose phrases repeat, 2,502 of text whose every sentence is new, as
// feeds' is): past it the oldest are dropped, and read back from the
// store if a later write needs their stretch of time again.
// Articles more than Retention before the time bucket being grouped are
// dropped in any case, so the bound matters only to a catalogue that
// takes more than 100,000 articles in ten days.
const DefaultMaxDocs = 100_000

// bucketSpan is the stretch of time one posting list covers, in seconds:
// a match is looked for in the buckets within Window of an article,
// never further.
const bucketSpan = int64(Window / time.Second)

// Grouper assigns articles to stories. Make one with New; it is not safe
// for concurrent use.
type Grouper struct {
	window  int64 // seconds
	maxDocs int
	docs    map[int64]*entry
	post    map[uint64]*postings // by postKey
	df      map[uint64]int32     // articles per language-salted word
	perLang map[model.Language]int
	members map[int64][]*entry // indexed articles by story
	// storyDot is, by story, the sum of its articles' cosines with one
	// another (each pair once, as each was when the later joined): with
	// the article count it gives the length of the sum of the story's
	// unit vectors, its centroid, without reading them.
	storyDot map[int64]float32
	tried    []int64       // match's scratch: the stories it has judged
	anchors  []anchorCache // match's scratch: how the article is anchored to each story judged
	// shareBuf is shared's scratch: the words it collects, six sets.
	shareBuf [6][]uint64
	loaded   bool
	lo       int64 // every stored article published at or after lo is indexed
	// bucket is the first bucket of the latest epoch an article was
	// grouped in: the index holds nothing published before its start
	// less Retention (see advance).
	bucket     int64
	bucketSeen bool
	dropped    int // articles cut since the postings were last compacted

	// oneFiller, twoFillers and manyFillers are the fillers seen per
	// language-salted frame key (see slotSeen), by how many. Nearly all
	// frames are filled once (of text whose every sentence is new, 2.07
	// million of 2.42 million keys in 100,000 articles), and kept in 12
	// bytes and a table's room (fillerTable); a second filler moves a
	// key to twoFillers, a third to a slotSeen. Of that text
	// (BenchmarkIndexMemory, text=random) they take 440 bytes an
	// article; one map of slotSeen took 1,600.
	oneFiller   fillerTable
	twoFillers  map[uint64][2]uint32
	manyFillers map[uint64]slotSeen

	// ents are the articles the postings hold, by handle (entry.handle):
	// a handle is half a pointer, and there are 40 to 80 postings an
	// article (BenchmarkIndexMemory: 1,199 -> 1,032 bytes an article of
	// the demo's text, 3,229 -> 2,897 of random text). A handle is free
	// (nil, in free) once no list holds it, and taken again before ents
	// grows: ents stays as long as the most articles the postings held
	// at once.
	ents []*entry
	free []uint32

	// Scratch of match: the new article's words' IDFs, the candidates,
	// and the mark of the current match on the entries it scored.
	idfs []float32
	cand []scored
	gen  uint32
	// frameBuf is newEntry's scratch.
	frameBuf []frame
}

// entry is an indexed article. It is kept to 96 bytes and one
// allocation of exactly the size of what is compared (words), as the
// index holds 100,000 of them: that is 150 to 280 bytes an article less
// than five slices of their own (BenchmarkIndexMemory). Doc.Source is
// not kept: grouping does not read it.
type entry struct {
	id, story int64
	t         int64 // unix seconds
	lang      model.Language
	salt      uint64
	// words are, one after the other: the features (nFeats, see
	// profile), the frames' keys (nFrames), their fillers two a word and
	// their flags eight a word (see frameAt), the title's figures
	// (nTitleFigures) and the article's figures (nFigures, see profile).
	words                                    []uint64
	gen                                      uint32  // the match that last scored e (Grouper.gen; it wraps, see candidates)
	acc                                      float32 // its partial score there
	norm                                     float32 // the length of the IDF-weighted word vector, when indexed
	handle                                   uint32  // e in the postings (Grouper.ents)
	nFeats, nFrames, nTitleFigures, nFigures uint8
	refs                                     uint8 // the postings that hold e: nFeats, less those compacted away
	dead                                     bool
}

// An article has at most maxWords words, each of which gives at most
// one feature, one figure and two frames: the counts fit a byte.
const _ = uint8(2 * maxWords)

// feats are e's features (as words: feature(w)), sorted by hash.
func (e *entry) feats() []uint64 { return e.words[:e.nFeats] }

// frameKeys are e's frames' keys, sorted; frameAt(i) is the frame of
// key i.
func (e *entry) frameKeys() []uint64 {
	return e.words[e.nFeats : int(e.nFeats)+int(e.nFrames)]
}

// frameAt is e's i-th frame, as frames made it.
func (e *entry) frameAt(i int) frame {
	fillers := int(e.nFeats) + int(e.nFrames)
	flags := fillers + (int(e.nFrames)+1)/2
	return frame{
		key:    e.words[int(e.nFeats)+i],
		filler: uint32(e.words[fillers+i/2] >> (32 * (i & 1))),
		flags:  uint8(e.words[flags+i/8] >> (8 * (i & 7))),
	}
}

// titleFigures and figures: see profile.
func (e *entry) titleFigures() []uint64 {
	at := len(e.words) - int(e.nFigures) - int(e.nTitleFigures)
	return e.words[at : at+int(e.nTitleFigures)]
}

func (e *entry) figures() []uint64 { return e.words[len(e.words)-int(e.nFigures):] }

// pack sets e's words.
func (e *entry) pack(feats []feature, frames []frame, titleFigures, figures []uint64) {
	nr := len(frames)
	w := make([]uint64, 0, len(feats)+nr+(nr+1)/2+(nr+7)/8+len(titleFigures)+len(figures))
	for _, f := range feats {
		w = append(w, uint64(f))
	}
	for _, f := range frames {
		w = append(w, f.key)
	}
	fillers := len(w)
	for i, f := range frames {
		if i%2 == 0 {
			w = append(w, 0)
		}
		w[fillers+i/2] |= uint64(f.filler) << (32 * (i & 1))
	}
	flags := len(w)
	for i, f := range frames {
		if i%8 == 0 {
			w = append(w, 0)
		}
		w[flags+i/8] |= uint64(f.flags) << (8 * (i & 7))
	}
	w = append(w, titleFigures...)
	w = append(w, figures...)
	e.words = w
	e.nFeats, e.nFrames, e.nTitleFigures, e.nFigures = uint8(len(feats)), uint8(nr), uint8(len(titleFigures)), uint8(len(figures))
}

// frame is a rawFrame as grouping reads it: the filler's hash cut to
// 32 bits and what grouping asks of it as bits. The index packs it in
// 13 bytes (entry.words), not the struct's 16.
type frame struct {
	key    uint64
	filler uint32
	flags  uint8
}

const (
	frameParticular = 1 << iota // the filler is a particular
	frameNamed                  // the context holds a particular
	// frameGeneric: the context is common words ("of the", "said
	// that") that anything can follow, so a different filler there says
	// nothing; a headline's frames are never generic.
	frameGeneric
	frameCommonFiller // the filler is a common word
	frameHead         // the frame is in the title or the description
)

func (f frame) is(flag uint8) bool { return f.flags&flag != 0 }

// postKey is the key of the postings of language-salted word h in time
// bucket b: one 64-bit number, which the map hashes fastest (two keys
// that collide only add candidates the full score then judges).
func postKey(h uint64, b int64) uint64 { return h ^ uint64(b)*0x9e3779b97f4a7c15 }

// postings are the indexed articles that have one word in one time
// bucket, by handle; the dead among them are taken out when they are
// half.
type postings struct {
	list []uint32
	dead int
}

type scored struct {
	e     *entry
	score float32
}

// New returns an empty Grouper that indexes at most maxDocs articles
// (DefaultMaxDocs when maxDocs <= 0).
func New(maxDocs int) *Grouper {
	if maxDocs <= 0 {
		maxDocs = DefaultMaxDocs
	}
	return &Grouper{
		window:   int64(Window / time.Second),
		maxDocs:  maxDocs,
		docs:     map[int64]*entry{},
		post:     map[uint64]*postings{},
		df:       map[uint64]int32{},
		perLang:  map[model.Language]int{},
		members:  map[int64][]*entry{},
		storyDot: map[int64]float32{},

		twoFillers:  map[uint64][2]uint32{},
		manyFillers: map[uint64]slotSeen{},
	}
}

// Len is how many articles are indexed.
func (g *Grouper) Len() int { return len(g.docs) }

// Group assigns each of docs to a story and returns the story ids in the
// order of docs. An article joins the story of the most similar indexed
// article of its language within Window of it, or starts its own story
// (its own id). Articles are taken oldest first, so within one call a
// story's id is that of its oldest article; an article already indexed
// (the same ID) is grouped again. What the call needs of the stored
// catalogue is first read through loader (nil: nothing is stored but
// what this Grouper was given).
func (g *Grouper) Group(ctx context.Context, loader Loader, docs []Doc) ([]int64, error) {
	if err := g.ensure(ctx, loader, docs); err != nil {
		return nil, err
	}
	order := make([]int, len(docs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if c := docs[a].Published.Compare(docs[b].Published); c != 0 {
			return c
		}
		return cmp.Compare(docs[a].ID, docs[b].ID)
	})
	out := make([]int64, len(docs))
	for _, i := range order {
		out[i] = g.groupOne(&docs[i])
	}
	g.evict()
	return out, nil
}

// Remove forgets articles the store deleted (pruned, or replaced by a
// later version of the same URL).
func (g *Grouper) Remove(ids []int64) {
	for _, id := range ids {
		if e, ok := g.docs[id]; ok {
			g.drop(e)
		}
	}
}

// groupOne finds d's story and indexes d.
func (g *Grouper) groupOne(d *Doc) int64 {
	if old, ok := g.docs[d.ID]; ok {
		g.drop(old)
	}
	if d.Published.IsZero() {
		return d.ID
	}
	g.advance(bucketOf(d.Published.Unix()))
	e := g.newEntry(d, d.ID)
	if best, sum := g.match(e); best != nil { // match also sets e.norm
		e.story = best.story
		g.storyDot[e.story] += sum
	}
	g.insert(e)
	return e.story
}

// newEntry reads d into an entry of story, not yet indexed.
func (g *Grouper) newEntry(d *Doc, story int64) *entry {
	p := profileOf(d)
	e := &entry{id: d.ID, story: story, t: d.Published.Unix(), lang: d.Language, salt: langSalt(d.Language)}
	g.frameBuf = g.frames(g.frameBuf[:0], e, p.frames)
	e.pack(p.feats, g.frameBuf, p.titleFigures, p.figures)
	return e
}

// frames appends to out the raw frames turned into the index's, judging
// which words are common by the language's articles indexed so far. Of
// the text's frames only those around a particular are kept: a slot (see
// conflict) is looked for in the title and description alone, which
// keeps the index's memory to what it uses.
func (g *Grouper) frames(out []frame, e *entry, raw []rawFrame) []frame {
	keep := func(r rawFrame) bool {
		// A frame a common word fills ("the", "said") can neither differ
		// in a way that counts nor, by being alike, spare a conflict a
		// rarer filler makes (see fillsDiffer): it need not be kept.
		return r.particular || (r.head && !g.common(r.filler, e))
	}
	for _, r := range raw {
		if !keep(r) {
			continue
		}
		f := frame{key: r.key, filler: uint32(r.filler)}
		if r.particular {
			f.flags |= frameParticular
		}
		if r.named {
			f.flags |= frameNamed
		}
		if r.head {
			f.flags |= frameHead
		}
		if !r.title && g.common(r.ctx[0], e) && g.common(r.ctx[1], e) {
			f.flags |= frameGeneric
		}
		if g.common(r.filler, e) {
			f.flags |= frameCommonFiller
		}
		out = append(out, f)
	}
	sortFrames(out)
	return out
}

// frameLess orders frames by key, then filler, as conflict reads them.
func frameLess(a, b frame) bool {
	return a.key < b.key || a.key == b.key && a.filler < b.filler
}

// sortFrames sorts s by frameLess. slices.SortFunc calls its comparison
// through a func value, and at the 70 to 160 frames of an article that
// call was most of the sort: 0.62 of frames' 1.06 s in the feed
// benchmark's grouping, 0.42 s with this quicksort, which compares
// inline. The order of frames equal by frameLess is not kept, and
// nothing reads it: fillsDiffer and see ask only which fillers a key
// has. Past a depth of 2·log₂ n (which hashed keys do not reach) the
// rest is left to slices.SortFunc.
func sortFrames(s []frame) {
	depth := 0
	for n := len(s); n > 0; n >>= 1 {
		depth += 2
	}
	quickFrames(s, depth)
}

func quickFrames(s []frame, depth int) {
	for len(s) > 12 {
		if depth == 0 {
			slices.SortFunc(s, compareFrames)
			return
		}
		depth--
		// The median of the first, middle and last is the pivot: it
		// keeps both parts non-empty.
		m, last := len(s)/2, len(s)-1
		if frameLess(s[m], s[0]) {
			s[m], s[0] = s[0], s[m]
		}
		if frameLess(s[last], s[m]) {
			s[last], s[m] = s[m], s[last]
			if frameLess(s[m], s[0]) {
				s[m], s[0] = s[0], s[m]
			}
		}
		pivot := s[m]
		// Hoare's partition: frames equal to the pivot go to both
		// sides, so runs of one key still split evenly.
		i, j := 0, last
		for {
			for frameLess(s[i], pivot) {
				i++
			}
			for frameLess(pivot, s[j]) {
				j--
			}
			if i >= j {
				break
			}
			s[i], s[j] = s[j], s[i]
			i++
			j--
		}
		// s[:j+1] <= pivot <= s[j+1:]: recurse into the smaller part,
		// loop on the larger.
		if j+1 < len(s)-j-1 {
			quickFrames(s[:j+1], depth)
			s = s[j+1:]
		} else {
			quickFrames(s[j+1:], depth)
			s = s[:j+1]
		}
	}
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && frameLess(s[j], s[j-1]); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// compareFrames is frameLess as a comparison.
func compareFrames(a, b frame) int {
	switch {
	case frameLess(a, b):
		return -1
	case frameLess(b, a):
		return 1
	}
	return 0
}

// commonShare: a word in more than 1/commonShare of a language's indexed
// articles (once it has minCommon) names nothing in particular.
const (
	commonShare = 10
	minCommon   = 50
)

// common says word h is one of e's language's common words.
func (g *Grouper) common(h uint64, e *entry) bool {
	n := g.perLang[e.lang]
	return n >= minCommon && int(g.df[h^e.salt])*commonShare > n
}

// insert indexes e.
func (g *Grouper) insert(e *entry) {
	g.docs[e.id] = e
	g.members[e.story] = append(g.members[e.story], e)
	g.perLang[e.lang]++
	g.see(e)
	if n := len(g.free); n > 0 {
		e.handle, g.free = g.free[n-1], g.free[:n-1]
		g.ents[e.handle] = e
	} else {
		e.handle = uint32(len(g.ents))
		g.ents = append(g.ents, e)
	}
	e.refs = e.nFeats
	b := bucketOf(e.t)
	for _, fw := range e.feats() {
		h := feature(fw).h() ^ e.salt
		g.df[h]++
		k := postKey(h, b)
		ps := g.post[k]
		if ps == nil {
			ps = &postings{}
			g.post[k] = ps
		}
		if len(ps.list) == cap(ps.list) {
			ps.list = growList(ps.list)
		}
		ps.list = append(ps.list, e.handle)
	}
}

// growList is list with room for a quarter more. append would double a
// list shorter than 256, and the many short lists of words seen a few
// times would leave a quarter of all postings' memory unused.
func growList(list []uint32) []uint32 {
	return append(slices.Grow([]uint32(nil), len(list)+len(list)/4+1), list...)
}

// release is that a postings list no longer holds handle h: the handle
// is free once none does (its article is then dead).
func (g *Grouper) release(h uint32) {
	e := g.ents[h]
	if e.refs--; e.refs == 0 {
		g.ents[h] = nil
		g.free = append(g.free, h)
	}
}

// drop forgets e; its postings go when their list is next compacted.
func (g *Grouper) drop(e *entry) {
	e.dead = true
	delete(g.docs, e.id)
	if ms := slices.DeleteFunc(g.members[e.story], func(m *entry) bool { return m == e }); len(ms) > 0 {
		// The pairs left keep their mean: (n-1)(n-2)/2 of n(n-1)/2.
		n := float32(len(ms) + 1)
		g.storyDot[e.story] *= (n - 2) / n
		g.members[e.story] = ms
	} else {
		delete(g.members, e.story)
		delete(g.storyDot, e.story)
	}
	if g.perLang[e.lang]--; g.perLang[e.lang] == 0 {
		delete(g.perLang, e.lang)
	}
	b := bucketOf(e.t)
	for _, fw := range e.feats() {
		h := feature(fw).h() ^ e.salt
		if g.df[h]--; g.df[h] <= 0 {
			delete(g.df, h)
		}
		k := postKey(h, b)
		if ps := g.post[k]; ps != nil {
			if ps.dead++; ps.dead == len(ps.list) {
				delete(g.post, k)
				for _, h := range ps.list {
					g.release(h)
				}
			}
		}
	}
	// Postings keep e (dead) until their lists are compacted, and evict
	// compacts only the lists half dead: its words, read no more, need
	// not wait for that.
	e.words, e.nFeats, e.nFrames, e.nTitleFigures, e.nFigures = nil, 0, 0, 0, 0
}

// compact takes the dead postings out of ps once they are half of it.
func (g *Grouper) compact(ps *postings) {
	if ps.dead == 0 || ps.dead*2 < len(ps.list) {
		return
	}
	live := ps.list[:0]
	for _, h := range ps.list {
		if !g.ents[h].dead {
			live = append(live, h)
		} else {
			g.release(h)
		}
	}
	ps.list, ps.dead = live, 0
}

// ensure reads from the store what grouping docs needs: every article
// from retainedFrom their buckets on (Retention before their epochs)
// that is not indexed yet, so that a Grouper that starts halfway counts
// its words over what one that ran all along does.
func (g *Grouper) ensure(ctx context.Context, loader Loader, docs []Doc) error {
	lo := int64(math.MaxInt64)
	for i := range docs {
		if !docs[i].Published.IsZero() {
			lo = min(lo, retainedFrom(bucketOf(docs[i].Published.Unix())))
		}
	}
	if lo == math.MaxInt64 || (g.loaded && lo >= g.lo) {
		return nil
	}
	if loader == nil {
		g.loaded, g.lo = true, lo
		return nil
	}
	var to time.Time // no upper bound on the first load
	if g.loaded {
		to = time.Unix(g.lo, 0)
	}
	members, err := loader.Grouped(ctx, time.Unix(lo, 0), to)
	if err != nil {
		return fmt.Errorf("read the stories around the new articles: %w", err)
	}
	slices.SortFunc(members, func(a, b Member) int { return a.Published.Compare(b.Published) })
	for i := range members {
		m := &members[i]
		if _, ok := g.docs[m.ID]; ok || m.Published.IsZero() {
			continue
		}
		e := g.newEntry(&m.Doc, m.Story)
		g.weigh(e)
		if sum, n := g.storySum(e, e.story); n > 0 {
			g.storyDot[e.story] += sum
		}
		g.insert(e)
	}
	g.loaded, g.lo = true, lo
	return nil
}

// epochBuckets is how many time buckets (two days) the index goes
// between two cuts: each cut drops what fell behind and rebuilds the
// frame statistics from all that remains, which costs in proportion to
// the index, so it is done every two days of publication time, not
// every bucket (grouping 10,000 of the demo's articles took 60% longer
// with a cut every 12 hours).
const epochBuckets = 4

// epochOf is the first bucket of the epoch (epochBuckets buckets) of
// bucket b, floored before 1970 too.
func epochOf(b int64) int64 {
	if b < 0 {
		return (b - epochBuckets + 1) / epochBuckets * epochBuckets
	}
	return b / epochBuckets * epochBuckets
}

// retainedFrom is the oldest publication time (unix seconds) the index
// keeps while it groups articles of time bucket b: Retention before the
// start of b's epoch (so between Retention and Retention and two days
// before the article).
func retainedFrom(b int64) int64 {
	return epochOf(b)*bucketSpan - int64(Retention/time.Second)
}

// advance is that an article of time bucket b is to be grouped: when b
// starts an epoch later than any before, the index forgets what is
// published before retainedFrom(b), in every language alike, and the
// frame statistics are rebuilt from what remains. The cut depends on
// the bucket alone, never on how the articles came in pages, so a pass
// over a whole catalogue, writes page by page and a Grouper started
// halfway (which reads retainedFrom back from the store, see ensure)
// count their words over the same articles (Retention).
func (g *Grouper) advance(b int64) {
	e := epochOf(b)
	if g.bucketSeen && e <= g.bucket {
		return
	}
	g.bucket, g.bucketSeen = e, true
	g.cut(retainedFrom(b))
}

// evict keeps the index to maxDocs: when more are left, the oldest
// fifth go (which only a catalogue of more than maxDocs articles in
// Retention and a bucket needs; it then also groups unlike one that
// had room for all).
func (g *Grouper) evict() {
	if len(g.docs) > g.maxDocs {
		times := make([]int64, 0, len(g.docs))
		for _, e := range g.docs {
			times = append(times, e.t)
		}
		slices.Sort(times)
		g.cut(times[len(times)-g.maxDocs*4/5])
	}
}

// cut drops the articles published before cut, compacts the postings,
// rebuilds the frame statistics from what remains, so they stay bounded
// too, and gives the maps' room back.
func (g *Grouper) cut(cut int64) {
	if len(g.docs) == 0 {
		g.lo = max(g.lo, cut)
		return
	}
	for _, e := range g.docs {
		if e.t < cut {
			g.drop(e)
			g.dropped++
		}
	}
	g.oneFiller, g.twoFillers, g.manyFillers = fillerTable{}, map[uint64][2]uint32{}, map[uint64]slotSeen{}
	for _, e := range g.docs {
		g.see(e)
	}
	g.lo = max(g.lo, cut)
	// The dead postings and the maps' room cost memory only: they are
	// given back once a third of the index has gone since they last were.
	if g.dropped*3 < len(g.docs) {
		return
	}
	g.dropped = 0
	for k, ps := range g.post {
		g.compact(ps)
		if len(ps.list) == 0 {
			delete(g.post, k)
		}
	}
	// Go's maps keep their largest size: copies give the memory back.
	g.docs, g.members, g.post, g.df = shrunk(g.docs), shrunk(g.members), shrunk(g.post), shrunk(g.df)
	g.storyDot = shrunk(g.storyDot)
}

// shrunk is a copy of m in a map made for its size. maps.Clone will not
// do: it copies a map's tables at their size (Go 1.24's maps), so the
// clone of a map emptied by eviction is as large as the map at its
// largest.
func shrunk[M ~map[K]V, K comparable, V any](m M) M {
	out := make(M, len(m))
	maps.Copy(out, m)
	return out
}

// bucketOf is the time bucket of unix time t (floored, before 1970 too).
func bucketOf(t int64) int64 {
	if t < 0 {
		return (t - bucketSpan + 1) / bucketSpan
	}
	return t / bucketSpan
}

// langSalt keeps the languages' words apart: the same spelling in two
// languages is two words.
func langSalt(l model.Language) uint64 {
	h := uint64(0x9e3779b97f4a7c15)
	for i := 0; i < len(l); i++ {
		h = (h ^ uint64(l[i])) * 0xbf58476d1ce4e5b9
	}
	return h
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}
