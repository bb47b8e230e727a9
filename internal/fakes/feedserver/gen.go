package feedserver

import (
	"bytes"
	"hash/fnv"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Generated feeds, served at /gen/<id>.xml?items=N&rev=R and used for the
// large fixtures, are deterministic RSS 2.0 documents of news-like text.
//
// Item numbering: at revision R a feed of N items lists items n = R+N down
// to R+1, newest first, as if R items had been published since revision 0
// and the oldest ones had dropped off. Item n of feed id has
//
//	GUID     GenGUID(id, n)  "gen:<id>:<n>" (isPermaLink="false")
//	link     GenLink(id, n)  "https://example.com/<id>/<n>"
//	pubDate  GenDate(epoch, N, n): epoch − (N−n)·45 min − a jitter under 20
//	         min; so revision 0's items reach back N·45 min from the epoch
//	         and revision R's newest is about R·45 min after it
//
// and a title, author, category and a description of 6–10 sentences
// (about 1.2–1.7 KB an item) drawn from word lists by a generator seeded
// with (id, n), so the same item reads the same in every revision and on
// every server. Same (id, N, R, epoch) means same bytes, so same ETag.
const (
	// DefaultGenItems is N when the items parameter is absent.
	DefaultGenItems = 50
	// MaxGenItems bounds the items parameter.
	MaxGenItems = 100_000
	// genStep is the spacing between generated items' dates.
	genStep = 45 * time.Minute
)

// Sizes of the large fixtures, generated on first request (never stored)
// with GenFeed and FixtureTime as epoch.
const (
	LargeItems = 5000  // large.xml: several MiB
	HugeItems  = 10000 // huge.xml: over 10 MiB, for body-cap tests

	LargeTitle = "Large fixture feed (5,000 items)" // large.xml's channel title
	HugeTitle  = "Huge fixture feed (10,000 items)" // huge.xml's channel title
)

// GenGUID is the guid of item n of generated feed id.
func GenGUID(id string, n int) string { return "gen:" + id + ":" + strconv.Itoa(n) }

// GenLink is the link of item n of generated feed id.
func GenLink(id string, n int) string { return "https://example.com/" + id + "/" + strconv.Itoa(n) }

// GenDate is the pubDate of item n in a generated feed of items items
// dated from epoch (whole seconds, UTC).
func GenDate(epoch time.Time, items, n int) time.Time {
	r := newRand(genSeed("date", n))
	jitter := time.Duration(r.intn(20*60)) * time.Second
	return epoch.UTC().Truncate(time.Second).Add(-time.Duration(items-n)*genStep - jitter)
}

// GenItems describes the items of a generated feed, in document order
// (newest first), as Item facts: what a normaliser should make of them.
func GenItems(id string, items, rev int, epoch time.Time) []Item {
	out := make([]Item, 0, items)
	for n := rev + items; n > rev; n-- {
		g := genItem(id, n, items, epoch)
		out = append(out, Item{
			Title:     g.title,
			URL:       g.link,
			Canonical: g.link,
			GUID:      g.guid,
			Date:      g.date,
			DateRaw:   g.date.Format(time.RFC1123Z),
			Author:    g.author,
		})
	}
	return out
}

// GenFeed is the generated RSS 2.0 document of feed id with items items at
// revision rev, dated from epoch: exactly what /gen/<id>.xml?items=…&rev=…
// serves on a server with that epoch.
func GenFeed(id string, items, rev int, epoch time.Time) []byte {
	return genFeed("Generated feed "+id, id, items, rev, epoch)
}

func genFeed(title, id string, items, rev int, epoch time.Time) []byte {
	var b bytes.Buffer
	b.Grow(items*1700 + 1024)
	newest := epoch.UTC().Truncate(time.Second)
	if items > 0 {
		newest = GenDate(epoch, items, rev+items)
	}
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel>
  <title>`)
	b.WriteString(title)
	b.WriteString("</title>\n  <link>https://example.com/")
	b.WriteString(id)
	b.WriteString("/</link>\n  <description>Generated news feed ")
	b.WriteString(id)
	b.WriteString(" for tests and benchmarks.</description>\n  <language>en-us</language>\n  <lastBuildDate>")
	b.WriteString(newest.Format(time.RFC1123Z))
	b.WriteString("</lastBuildDate>\n  <ttl>30</ttl>\n")
	for n := rev + items; n > rev; n-- {
		g := genItem(id, n, items, epoch)
		b.WriteString("  <item>\n    <title>")
		b.WriteString(g.title)
		b.WriteString("</title>\n    <link>")
		b.WriteString(g.link)
		b.WriteString("</link>\n    <guid isPermaLink=\"false\">")
		b.WriteString(g.guid)
		b.WriteString("</guid>\n    <pubDate>")
		b.WriteString(g.date.Format(time.RFC1123Z))
		b.WriteString("</pubDate>\n    <dc:creator>")
		b.WriteString(g.author)
		b.WriteString("</dc:creator>\n    <category>")
		b.WriteString(g.section)
		b.WriteString("</category>\n    <description>")
		b.Write(g.description)
		b.WriteString("</description>\n  </item>\n")
	}
	b.WriteString("</channel>\n</rss>\n")
	return b.Bytes()
}

type genned struct {
	title, link, guid, author, section string
	date                               time.Time
	description                        []byte // already XML-escaped
}

// genItem builds item n of feed id. The word lists hold no XML
// metacharacters, so only the <p> tags of the description need escaping.
func genItem(id string, n, items int, epoch time.Time) genned {
	r := newRand(genSeed(id, n))
	g := genned{
		link:    GenLink(id, n),
		guid:    GenGUID(id, n),
		date:    GenDate(epoch, items, n),
		author:  pick(r, genAuthors),
		section: pick(r, genSections),
	}
	g.title = pick(r, genPlaces) + " " + pick(r, genBodies) + " " + pick(r, genHeadVerbs) + " " + pick(r, genObjects)
	var d bytes.Buffer
	sentences := 6 + r.intn(5)
	d.WriteString("&lt;p&gt;")
	for i := range sentences {
		if i > 0 && i%4 == 0 {
			d.WriteString("&lt;/p&gt;&lt;p&gt;")
		} else if i > 0 {
			d.WriteByte(' ')
		}
		d.WriteString(pick(r, genSubjects))
		d.WriteByte(' ')
		d.WriteString(pick(r, genVerbs))
		d.WriteByte(' ')
		d.WriteString(pick(r, genClauses))
		d.WriteString(pick(r, genTails))
		d.WriteByte('.')
	}
	d.WriteString("&lt;/p&gt;")
	g.description = d.Bytes()
	return g
}

func genSeed(id string, n int) uint64 {
	h := fnv.New64a()
	h.Write([]byte(id))
	return h.Sum64() ^ (uint64(n) * 0x9e3779b97f4a7c15)
}

// rnd is splitmix64: tiny, fast and the same everywhere, which is all a
// deterministic text generator needs.
type rnd struct{ s uint64 }

func newRand(seed uint64) *rnd { return &rnd{s: seed} }

func (r *rnd) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func (r *rnd) intn(n int) int { return int(r.next() % uint64(n)) }

func pick(r *rnd, list []string) string { return list[r.intn(len(list))] }

// genKey names one generated document.
type genKey struct {
	id         string
	items, rev int
}

// generated answers /gen/<id>.xml, building each document once per server.
func (s *Server) generated(r *http.Request) *entry {
	id, ok := strings.CutSuffix(strings.TrimPrefix(r.URL.Path, "/gen/"), ".xml")
	if !ok || !validID(id) {
		return errorPage(http.StatusNotFound, nil)
	}
	q := r.URL.Query()
	items, ok1 := intParam(q.Get("items"), DefaultGenItems, MaxGenItems)
	rev, ok2 := intParam(q.Get("rev"), 0, 1<<30)
	if !ok1 || !ok2 {
		return errorPage(http.StatusBadRequest, nil)
	}
	key := genKey{id, items, rev}
	s.mu.Lock()
	e := s.gen[key]
	s.mu.Unlock()
	if e != nil {
		return e
	}
	// Built outside the lock: two requests racing for the same new
	// document both build it (same bytes), and the first one stored wins.
	e = genEntry(id, items, rev, s.epoch)
	s.mu.Lock()
	defer s.mu.Unlock()
	if prev := s.gen[key]; prev != nil {
		return prev
	}
	s.gen[key] = e
	return e
}

func genEntry(id string, items, rev int, epoch time.Time) *entry {
	return genEntryTitled("Generated feed "+id, id, items, rev, epoch)
}

func genEntryTitled(title, id string, items, rev int, epoch time.Time) *entry {
	lastMod := epoch.UTC().Truncate(time.Second)
	if items > 0 {
		lastMod = GenDate(epoch, items, rev+items)
	}
	return newEntry(Response{Body: genFeed(title, id, items, rev, epoch),
		ContentType: "application/rss+xml; charset=utf-8"}, lastMod)
}

// The large fixtures are the same on every server, so they are built once
// per process, on first request.
var (
	largeEntry = sync.OnceValue(func() *entry {
		return genEntryTitled(LargeTitle, "large", LargeItems, 0, FixtureTime)
	})
	hugeEntry = sync.OnceValue(func() *entry {
		return genEntryTitled(HugeTitle, "huge", HugeItems, 0, FixtureTime)
	})
)

// validID allows ids that need no escaping in a URL or XML.
func validID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, c := range []byte(id) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

func intParam(v string, def, limit int) (int, bool) {
	if v == "" {
		return def, true
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > limit {
		return 0, false
	}
	return n, true
}

// Word lists for generated text. No entry may contain &, < or >.
var (
	genPlaces = []string{"Kingsbridge", "Millbrook", "Eastgate", "Northfield", "Saltmarsh", "Cobbleton",
		"Ashcombe", "Westbank", "Ridgeway", "Harbourside", "Fairhaven", "Oakmere", "Stonebridge",
		"Larkhill", "Redcliff", "Brackenford"}
	genBodies = []string{"council", "school board", "hospital trust", "port authority", "police",
		"bus operator", "water company", "football club", "museum", "university",
		"chamber of commerce", "fire service", "library service", "housing association",
		"rail operator", "farmers' union"}
	genHeadVerbs = []string{"backs", "delays", "rejects", "unveils", "scraps", "approves", "reviews",
		"defends", "expands", "cuts", "pauses", "launches", "questions", "funds", "extends", "confirms"}
	genObjects = []string{"plan for a new ferry terminal", "cuts to evening bus routes",
		"£4m repairs to the sea wall", "ban on pavement parking", "longer opening hours",
		"new cycle lane on the high street", "rent caps for student flats",
		"bid to host the regional games", "closure of two branch libraries", "free school breakfasts",
		"review of flood defences", "plans for 300 new homes", "changes to bin collections",
		"four-day week trial", "heritage trail through the old town", "night-time economy strategy"}
	genSubjects = []string{"Officials at the town hall", "A spokesperson for the operator",
		"Residents who attended Tuesday's meeting", "Local business owners", "Opposition councillors",
		"The chief executive", "Campaigners outside the building", "A report published this week",
		"Figures released on Monday", "Several parents who spoke to reporters",
		"The regional transport body", "Union representatives", "An independent review",
		"The leader of the council", "Neighbours on both sides of the river", "Planning officers"}
	genVerbs = []string{"said", "warned that", "argued that", "confirmed that", "insisted that",
		"suggested that", "claimed that", "noted that"}
	genClauses = []string{
		"the changes would save around £1.5 million over three years",
		"the timetable had slipped by at least six months",
		"most of the cost would fall on households already struggling with bills",
		"the proposal had been rushed through without proper scrutiny",
		"the scheme was the best value for money of the options considered",
		"nobody had been told about the decision until the last minute",
		"staff numbers would stay the same for the next two years",
		"the old building could no longer be repaired at a reasonable cost",
		"demand had risen by almost a third since the pandemic",
		"the figures did not include the cost of temporary arrangements",
		"a second phase would depend on money from central government",
		"work could begin as early as the spring if the weather allowed",
		"the same problems had been raised in a survey two years ago",
		"the site would remain open to the public throughout the works",
		"traffic on the main road had fallen since the trial began",
		"the plan had the support of every ward councillor",
	}
	genTails = []string{"", ", according to documents seen by this newspaper",
		", although no final decision has been taken", ", and a consultation will open in January",
		", despite objections from neighbouring parishes", ", following a public meeting on Thursday evening",
		", ahead of a full council vote next month", ", in a statement released late on Friday"}
	genAuthors = []string{"Ana Lima", "Tom Okafor", "Priya Raman", "Sam Reyes", "Owen Hughes",
		"Beth Carr", "Grace Adeyemi", "Kemi Adebayo", "Leo Brandt", "Hana Sato"}
	genSections = []string{"News", "Politics", "Business", "Transport", "Education", "Health",
		"Sport", "Environment", "Culture", "Housing"}
)
