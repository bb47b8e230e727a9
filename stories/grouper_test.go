package stories

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"
	"unsafe"

	"tidings/model"
	"tidings/server/demo"
)

var t0 = time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)

func doc(id int64, lang model.Language, source string, at time.Duration, title, desc string) Doc {
	return Doc{ID: id, Source: source, Language: lang, Published: t0.Add(at), Title: title, Description: desc}
}

// quake and flood are two events, each reported by three outlets.
var (
	quake = []Doc{
		doc(1, "en", "a", 0, "Magnitude 6.1 earthquake strikes Malatya in eastern Turkey", "The quake hit near Malatya at dawn, damaging buildings."),
		doc(2, "en", "b", 30*time.Minute, "Strong 6.1 earthquake shakes Malatya, buildings damaged", "A magnitude 6.1 tremor struck Malatya before dawn, officials said."),
		doc(3, "en", "c", time.Hour, "Malatya earthquake: buildings damaged as 6.1 tremor hits eastern Turkey", "Rescue teams were sent to Malatya after the quake."),
	}
	flood = []Doc{
		doc(4, "en", "a", 20*time.Minute, "Floods force thousands from their homes in Porto Alegre", "Rivers burst their banks across Porto Alegre after days of rain."),
		doc(5, "en", "d", 50*time.Minute, "Porto Alegre floods: thousands evacuated as rivers burst banks", "Days of rain sent rivers over their banks in Porto Alegre."),
		doc(6, "en", "e", 90*time.Minute, "Thousands evacuated from Porto Alegre as floods rise", "The rivers around Porto Alegre burst their banks after days of rain."),
	}
)

// withBackground returns a Grouper that has indexed a demo catalogue's
// articles, their times squeezed into the day before the test's: as in a
// real catalogue, the words of every story weigh by how common they are,
// which a test of a handful of articles could not show. They are too
// old to be candidates, and recent enough to stay indexed.
func withBackground(t *testing.T, maxDocs int) *Grouper {
	return withBackgroundAt(t, maxDocs, t0)
}

// withBackgroundAt is withBackground with the background before at.
func withBackgroundAt(t *testing.T, maxDocs int, at time.Time) *Grouper {
	t.Helper()
	sources, articles, _ := demo.Events(at)
	docs := docsOf(sources, articles)
	for i := range docs {
		docs[i].ID += 1_000_000
		age := at.Sub(docs[i].Published)
		docs[i].Published = at.Add(-Window - time.Hour - age*20/(14*24))
	}
	g := New(maxDocs)
	group(t, g, nil, docs...)
	return g
}

func group(t *testing.T, g *Grouper, loader Loader, docs ...Doc) []int64 {
	t.Helper()
	got, err := g.Group(context.Background(), loader, docs)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func TestOneEventIsOneStoryAndTwoEventsAreTwo(t *testing.T) {
	got := group(t, withBackground(t, 0), nil, append(append([]Doc{}, quake...), flood...)...)
	if got[0] != got[1] || got[1] != got[2] {
		t.Errorf("the earthquake's reports were split: %v", got[:3])
	}
	if got[3] != got[4] || got[4] != got[5] {
		t.Errorf("the flood's reports were split: %v", got[3:])
	}
	if got[0] == got[3] {
		t.Errorf("the earthquake and the flood are one story: %v", got)
	}
	if got[0] != quake[0].ID || got[3] != flood[0].ID {
		t.Errorf("a story's id is its first article's: %v", got)
	}
}

func TestOnlyArticlesOfOneLanguageAndTimeAreGrouped(t *testing.T) {
	fr := quake[0]
	fr.ID, fr.Language = 10, "fr"
	later := quake[1]
	later.ID, later.Published = 11, quake[0].Published.Add(Window+time.Hour)
	undated := quake[2]
	undated.ID, undated.Published = 12, time.Time{}
	got := group(t, withBackground(t, 0), nil, quake[0], fr, later, undated)
	if got[1] != fr.ID || got[2] != later.ID || got[3] != undated.ID {
		t.Errorf("another language, a report beyond the window and an undated one joined a story: %v", got)
	}
}

func TestTheSameTemplateWithAnotherPlaceOrFigureIsAnotherEvent(t *testing.T) {
	got := group(t, withBackground(t, 0), nil,
		doc(1, "en", "a", 0, "Central bank holds rates at 4.25% as inflation cools", "The decision was widely expected by economists."),
		doc(2, "en", "b", time.Hour, "Central bank holds rates at 3.75% as inflation cools", "The decision was widely expected by economists."),
		doc(3, "en", "c", 2*time.Hour, "Wildfire forces evacuations near Harbor City", "Here is what we know so far."),
		doc(4, "en", "d", 3*time.Hour, "Wildfire forces evacuations near Greywater", "Here is what we know so far."),
	)
	if got[0] == got[1] || got[2] == got[3] {
		t.Errorf("one template's two events were merged: %v", got)
	}
}

func TestAnArticleRegroupedOrRemovedLeavesTheRest(t *testing.T) {
	g := withBackground(t, 0)
	n := g.Len()
	first := group(t, g, nil, quake...)
	if g.Len() != n+3 {
		t.Fatalf("indexed %d articles, want %d", g.Len(), n+3)
	}
	// The same URL stored again (same id): grouped again, not twice.
	again := group(t, g, nil, quake[1])
	if again[0] != first[1] || g.Len() != n+3 {
		t.Errorf("regrouped into %d (was %d), %d indexed", again[0], first[1], g.Len()-n)
	}
	g.Remove([]int64{quake[0].ID, quake[1].ID})
	if g.Len() != n+1 {
		t.Errorf("after removing two, %d indexed", g.Len()-n)
	}
	// A new report still finds the story through the article left.
	late := quake[2]
	late.ID, late.Source, late.Published = 20, "z", late.Published.Add(10*time.Minute)
	if got := group(t, g, nil, late); got[0] != first[2] {
		t.Errorf("a new report started story %d; the story left is %d", got[0], first[2])
	}
}

// memLoader is a store's Loader over grouped members, counting its reads.
type memLoader struct {
	members []Member
	reads   []string
	err     error
}

func (l *memLoader) Grouped(_ context.Context, from, to time.Time) ([]Member, error) {
	l.reads = append(l.reads, from.UTC().Format(time.RFC3339)+".."+to.UTC().Format(time.RFC3339))
	if l.err != nil {
		return nil, l.err
	}
	var out []Member
	for _, m := range l.members {
		if !m.Published.Before(from) && (to.IsZero() || m.Published.Before(to)) {
			out = append(out, m)
		}
	}
	return out, nil
}

// retainedTime is the oldest publication time a Grouper keeps while it
// groups d (Retention before the start of d's time bucket).
func retainedTime(d Doc) time.Time {
	return time.Unix(retainedFrom(bucketOf(d.Published.Unix())), 0).UTC()
}

func TestAStoredStoryIsJoinedThroughTheLoader(t *testing.T) {
	// The first two reports were grouped by an earlier process: story 77.
	l := &memLoader{members: []Member{{Doc: quake[0], Story: 77}, {Doc: quake[1], Story: 77}}}
	g := withBackground(t, 0)
	g.loaded = false // the background was given, not read
	if got := group(t, g, l, quake[2]); got[0] != 77 {
		t.Errorf("a new report started story %d beside stored story 77", got[0])
	}
	if len(l.reads) != 1 || !strings.HasSuffix(l.reads[0], "..0001-01-01T00:00:00Z") {
		t.Errorf("reads %v: want one read from a window before the article, with no upper bound", l.reads)
	}
	// Newer articles need nothing more from the store; an older one
	// needs the stretch before what was read.
	group(t, g, l, flood[2])
	old := flood[0]
	old.ID, old.Published = 30, t0.Add(-3*Window)
	group(t, g, l, old)
	if len(l.reads) != 2 || !strings.HasSuffix(l.reads[1], ".."+retainedTime(quake[2]).Format(time.RFC3339)) {
		t.Errorf("reads %v: want a second read ending where the first began", l.reads)
	}
}

func TestALoaderErrorIsReportedAndNothingIsGrouped(t *testing.T) {
	l := &memLoader{err: errors.New("connection refused")}
	g := withBackground(t, 0)
	g.loaded = false
	n := g.Len()
	if _, err := g.Group(context.Background(), l, quake); err == nil || !strings.Contains(err.Error(), "connection refused") {
		t.Fatalf("err = %v; want the loader's error", err)
	}
	if g.Len() != n {
		t.Errorf("%d articles indexed after a failed read", g.Len()-n)
	}
	l.err = nil
	if got := group(t, g, l, quake...); got[0] != got[2] {
		t.Errorf("after the store came back: %v", got)
	}
}

func TestTheIndexIsBoundedAndReadsBackWhatItDropped(t *testing.T) {
	// The background is newer than the articles here, so these are the
	// oldest and the first dropped.
	l := &memLoader{}
	g := withBackgroundAt(t, 0, t0.Add(90*24*time.Hour))
	g.maxDocs = g.Len() + 10
	g.loaded = false
	for day := range 20 {
		d := quake[0]
		d.ID, d.Published = int64(100+day), t0.Add(time.Duration(day)*24*time.Hour)
		l.members = append(l.members, Member{Doc: d, Story: d.ID})
		group(t, g, l, d)
	}
	if g.Len() > g.maxDocs {
		t.Errorf("%d articles indexed; the bound is %d", g.Len(), g.maxDocs)
	}
	if _, ok := g.docs[100]; ok {
		t.Fatal("the oldest article was not dropped")
	}
	// A report of the first day's story comes late: that stretch is read
	// back from the store and the report joins the stored story.
	late := doc(500, "en", "z", 10*time.Minute, "6.1 earthquake strikes Malatya in eastern Turkey, damaging buildings",
		"The quake hit Malatya at dawn.")
	if got := group(t, g, l, late); got[0] != 100 {
		t.Errorf("the late report started story %d; the stored story is 100", got[0])
	}
	if last := l.reads[len(l.reads)-1]; !strings.HasPrefix(last, retainedTime(late).Format(time.RFC3339)) {
		t.Errorf("reads %v: want the dropped stretch around the late report read back", l.reads)
	}
}

func TestStoryIDsReadBack(t *testing.T) {
	for _, id := range []int64{1, 77, 1 << 40, -5} {
		got, err := ParseID(FormatID(id))
		if err != nil || got != id || !model.ValidStoryID(FormatID(id)) {
			t.Errorf("%d: %q read back as %d, %v", id, FormatID(id), got, err)
		}
	}
	if _, err := ParseID("not an id!"); err == nil {
		t.Error("a malformed id was read")
	}
}

// An entry packs an article's features, frames and figures into one
// slice of words; they read back as they went in.
func TestAnEntryReadsBackWhatItPacks(t *testing.T) {
	if size := unsafe.Sizeof(entry{}); size > 96 {
		t.Errorf("an entry is %d bytes, more than the 96 its comment says", size)
	}
	g := withBackground(t, 0)
	sources, articles, _ := demo.Events(t0)
	docs := docsOf(sources, articles)
	frames, figures := 0, 0
	for i := range docs[:500] {
		d := &docs[i]
		p := profileOf(d)
		e := &entry{lang: d.Language, salt: langSalt(d.Language)}
		want := g.frames(nil, e, p.frames)
		e.pack(p.feats, want, p.titleFigures, p.figures)
		for j, f := range p.feats {
			if feature(e.feats()[j]) != f {
				t.Fatalf("article %d: feature %d reads back as %x, not %x", d.ID, j, e.feats()[j], f)
			}
		}
		if len(e.feats()) != len(p.feats) || len(e.frameKeys()) != len(want) {
			t.Fatalf("article %d: %d features and %d frames read back, not %d and %d", d.ID, len(e.feats()), len(e.frameKeys()), len(p.feats), len(want))
		}
		for j, f := range want {
			if got := e.frameAt(j); got != f || e.frameKeys()[j] != f.key {
				t.Fatalf("article %d: frame %d reads back as %+v, not %+v", d.ID, j, got, f)
			}
		}
		if !slices.Equal(e.titleFigures(), p.titleFigures) || !slices.Equal(e.figures(), p.figures) {
			t.Fatalf("article %d: figures read back as %v and %v, not %v and %v", d.ID, e.titleFigures(), e.figures(), p.titleFigures, p.figures)
		}
		frames += len(want)
		figures += len(p.figures)
	}
	if frames == 0 || figures == 0 {
		t.Errorf("the articles gave %d frames and %d figures: the test reads nothing back", frames, figures)
	}
}

// checkHandles says what is wrong with g's handles: every handle a
// postings list holds is an article's, which counts every list that
// holds it, and a free handle is no article's.
func checkHandles(g *Grouper) error {
	held := make([]int, len(g.ents))
	for _, ps := range g.post {
		for _, h := range ps.list {
			if int(h) >= len(g.ents) || g.ents[h] == nil {
				return fmt.Errorf("a list holds handle %d, which is free", h)
			}
			held[h]++
		}
	}
	for h, e := range g.ents {
		switch {
		case e == nil && held[h] > 0:
			return fmt.Errorf("handle %d is held but free", h)
		case e != nil && (int(e.refs) != held[h] || e.handle != uint32(h)):
			return fmt.Errorf("handle %d: article %d counts %d lists and is held by %d", h, e.id, e.refs, held[h])
		case e != nil && !e.dead && g.docs[e.id] != e:
			return fmt.Errorf("handle %d: article %d is not dead, yet not indexed", h, e.id)
		}
	}
	for _, h := range g.free {
		if g.ents[h] != nil {
			return fmt.Errorf("free handle %d is article %d's", h, g.ents[h].id)
		}
	}
	if len(g.free)+len(g.docs) > len(g.ents) {
		return fmt.Errorf("%d free handles and %d articles of %d handles", len(g.free), len(g.docs), len(g.ents))
	}
	return nil
}

// The postings hold articles by handle, freed once no list holds them:
// through grouping, eviction, removal and regrouping no list holds a
// handle that was freed or given to another article.
func TestHandlesAreFreedOnlyWhenNoListHoldsThem(t *testing.T) {
	sources, articles, _ := demo.Events(t0)
	docs := docsOf(sources, articles)
	g := New(1500)
	for i := 0; i < len(docs); i += 250 {
		group(t, g, nil, docs[i:min(i+250, len(docs))]...)
		if err := checkHandles(g); err != nil {
			t.Fatalf("after %d articles: %v", i+250, err)
		}
	}
	var ids []int64
	for i := 0; i < len(docs); i += 3 {
		ids = append(ids, docs[i].ID)
	}
	g.Remove(ids)
	if err := checkHandles(g); err != nil {
		t.Fatalf("after removing: %v", err)
	}
	before := len(g.ents)
	group(t, g, nil, docs[len(docs)-1000:]...) // the newest again, some of them removed
	if err := checkHandles(g); err != nil {
		t.Fatalf("after regrouping: %v", err)
	}
	if len(g.free) == 0 && len(g.ents) > before {
		t.Errorf("regrouping took %d new handles and reused none", len(g.ents)-before)
	}
}

// The mark of the match that last scored an article wraps around: an
// article last scored before the wrap is a candidate after it, though
// its mark may equal the match's.
func TestTheMatchMarkWraps(t *testing.T) {
	g := New(0)
	group(t, g, nil, quake[0])
	group(t, g, nil, quake[1]) // the second match scores quake[0]
	g.gen = math.MaxUint32
	group(t, g, nil, doc(50, "fr", "f", 0, "Le gouvernement présente son budget", "Le budget sera débattu demain.")) // the wrap
	e := g.newEntry(&quake[2], quake[2].ID)
	g.weigh(e)
	var got []int64
	for _, c := range g.candidates(e) { // the second match since the wrap
		got = append(got, c.e.id)
	}
	if slices.Sort(got); !slices.Equal(got, []int64{quake[0].ID, quake[1].ID}) {
		t.Errorf("after the wrap the candidates are %v, not the two reports before", got)
	}
}

// The same catalogue, in time order, gets the same stories in pages of
// any size and from a Grouper that starts halfway and reads the first
// half back from the store: every grouping counts its words over the
// same stretch (Retention), as the bulk load's pass, feeds' writes and
// a restarted service must (issue 29).
func TestPagesAndRestartsGroupAlike(t *testing.T) {
	sources, articles, _ := demo.Events(t0)
	docs := docsOf(sources, articles)
	slices.SortStableFunc(docs, func(a, b Doc) int { return a.Published.Compare(b.Published) })
	inPages := func(g *Grouper, l Loader, docs []Doc, page int) []int64 {
		var out []int64
		for i := 0; i < len(docs); i += page {
			got, err := g.Group(context.Background(), l, docs[i:min(i+page, len(docs))])
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, got...)
		}
		return out
	}
	want := inPages(New(0), nil, docs, 1000)
	if got := inPages(New(0), nil, docs, 37); !slices.Equal(got, want) {
		t.Errorf("pages of 37 and of 1,000 group %d articles differently", differ(got, want))
	}
	half := len(docs) / 2
	l := &memLoader{}
	for i, d := range docs[:half] {
		l.members = append(l.members, Member{Doc: d, Story: want[i]})
	}
	got := append(slices.Clone(want[:half]), inPages(New(0), l, docs[half:], 100)...)
	if !slices.Equal(got, want) {
		t.Errorf("a Grouper started halfway groups %d articles differently", differ(got, want))
	}
}

func differ(a, b []int64) int {
	n := 0
	for i := range a {
		if a[i] != b[i] {
			n++
		}
	}
	return n
}
