package postgres

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"tidings/model"
)

// spreadFixture is 120 articles five days apart (some 25 time buckets),
// plus one of unknown date, in two languages: every title says
// "harbour", every third "storm", the oldest twenty "ancient", and one
// recent article alone says "lighthouse".
func spreadFixture(t *testing.T) (*Store, []model.Article) {
	t.Helper()
	st := openTest(t)
	sources := []model.Source{{ID: "en", Name: "En", Language: "en"}, {ID: "fr", Name: "Fr", Language: "fr"}}
	var arts []model.Article
	for i := range 120 {
		words := []string{"harbour", fmt.Sprint("report", i)}
		if i%3 == 0 {
			words = append(words, "storm")
		}
		if i >= 100 {
			words = append(words, "ancient")
		}
		if i == 4 {
			words = append(words, "lighthouse")
		}
		src := []string{"en", "fr"}[i%2]
		host := src + ".example"
		if i%4 == 0 {
			host = "news." + host
		}
		arts = append(arts, art(src, fmt.Sprintf("https://%s/%d", host, i), strings.Join(words, " "), "", "", i*5*24))
	}
	// Not a subdomain of en.example.
	arts = append(arts, art("en", "https://xen.example/1", "harbour storm elsewhere", "", "", 3))
	undated := art("en", "https://en.example/undated", "harbour storm undated", "", "", 0)
	undated.PublishedAt = time.Time{}
	arts = append(arts, undated)
	if err := st.Add(context.Background(), sources, arts); err != nil {
		t.Fatal(err)
	}
	return st, arts
}

// Reading a search's matches a span of time at a time finds exactly the
// newest matches, newest first, whatever the cap, the words' frequency,
// the language or the time range: the same list one query over every
// article gives.
func TestMatchesSpanByTimeGiveEveryNewestMatch(t *testing.T) {
	st, arts := spreadFixture(t)
	from, to := base.AddDate(0, 0, -400), base.AddDate(0, 0, -33)
	queries := []model.ArticlesQuery{
		{Q: "harbour"},
		{Q: "storm"},
		{Q: "ancient"},
		{Q: "lighthouse"},
		{Q: "harbour -storm"},
		{Q: `"harbour storm"`},
		{Q: "storm", Language: "fr"},
		{Q: "harbour", Sources: []string{"fr"}},
		{Q: "harbour", Domains: []string{"en.example"}},
		{Q: "storm", Domains: []string{"news.fr.example", "xen.example"}},
		{Q: "harbour", ExcludeDomains: []string{"en.example"}},
		{Q: "harbour", From: from.Format(time.RFC3339), To: to.Format(time.RFC3339)},
		{Q: "nowhere"},
		{Sources: []string{"fr"}}, // no keywords: the filters' indexes
		{Domains: []string{"en.example"}, Language: "en"},
	}
	defer func(m int64) { maxResults = m }(maxResults)
	for _, limit := range []int64{5, 30, 1000} {
		maxResults = limit
		for _, q := range queries {
			want := expectedMatches(t, arts, q, int(limit))
			st.changes.Bump() // nothing cached across caps
			total, got := allPages(t, st, q)
			if total != len(want) || !slices.Equal(got, want) {
				t.Errorf("cap %d, %+v: total %d, got %q\nwant %q", limit, q, total, got, want)
			}
		}
	}
}

// expectedMatches filters arts by q in Go: the newest first (the undated
// last), at most limit.
func expectedMatches(t *testing.T, arts []model.Article, q model.ArticlesQuery, limit int) []string {
	t.Helper()
	has := func(a model.Article, w string) bool { return slices.Contains(strings.Fields(a.Title), w) }
	match := map[string]func(model.Article) bool{
		"harbour":         func(a model.Article) bool { return has(a, "harbour") },
		"storm":           func(a model.Article) bool { return has(a, "storm") },
		"ancient":         func(a model.Article) bool { return has(a, "ancient") },
		"lighthouse":      func(a model.Article) bool { return has(a, "lighthouse") },
		"harbour -storm":  func(a model.Article) bool { return has(a, "harbour") && !has(a, "storm") },
		`"harbour storm"`: func(a model.Article) bool { return strings.Contains(a.Title, "harbour storm") },
		"nowhere":         func(model.Article) bool { return false },
		"":                func(model.Article) bool { return true },
	}[q.Q]
	from, to, err := q.TimeRange()
	if err != nil {
		t.Fatal(err)
	}
	var hits []model.Article
	inDomains := func(a model.Article, domains []string) bool {
		host := strings.Split(strings.TrimPrefix(a.URL, "https://"), "/")[0]
		return slices.ContainsFunc(domains, func(d string) bool { return host == d || strings.HasSuffix(host, "."+d) })
	}
	for _, a := range arts {
		switch {
		case !match(a),
			q.Language != "" && a.Source.ID != string(q.Language), // the fixture's sources are named by their language
			len(q.Sources) > 0 && !slices.Contains(q.Sources, a.Source.ID),
			len(q.Domains) > 0 && !inDomains(a, q.Domains),
			inDomains(a, q.ExcludeDomains),
			!from.IsZero() && (a.PublishedAt.IsZero() || a.PublishedAt.Before(from)),
			!to.IsZero() && a.PublishedAt.After(to):
			continue
		}
		hits = append(hits, a)
	}
	slices.SortStableFunc(hits, func(a, b model.Article) int { return b.PublishedAt.Compare(a.PublishedAt) })
	return urls(hits[:min(len(hits), limit)])
}

// allPages reads every page of q: its total and its articles' URLs.
func allPages(t *testing.T, st *Store, q model.ArticlesQuery) (int, []string) {
	t.Helper()
	var got []string
	q.PageSize = 20
	for q.Page = 1; ; q.Page++ {
		p, err := st.Articles(context.Background(), q)
		if err != nil {
			t.Fatalf("%+v: %v", q, err)
		}
		got = append(got, urls(p.Items)...)
		if len(p.Items) < q.PageSize {
			return p.TotalResults, got
		}
	}
}

func urls(items []model.Article) []string {
	out := []string{}
	for _, a := range items {
		out = append(out, a.URL)
	}
	return out
}

// Ranked orders rank the newest rankWindow matches and continue newest
// first, whichever spans found them.
func TestRankedOrdersRankTheNewestMatches(t *testing.T) {
	st, arts := spreadFixture(t)
	defer func(w int64) { rankWindow = w }(rankWindow)
	rankWindow = 10
	for _, sortBy := range []model.SortBy{model.SortRelevancy, model.SortPopularity} {
		_, got := allPages(t, st, model.ArticlesQuery{Q: "harbour", SortBy: sortBy})
		want := expectedMatches(t, arts, model.ArticlesQuery{Q: "harbour"}, 1000)
		if len(got) != len(want) || !slices.Equal(got[10:], want[10:]) {
			t.Errorf("%s: past the window, got %q\nwant %q", sortBy, got, want)
		}
		head := slices.Clone(got[:10])
		slices.Sort(head)
		newest := slices.Clone(want[:10])
		slices.Sort(newest)
		if !slices.Equal(head, newest) {
			t.Errorf("%s: the window holds %q, want the ten newest %q", sortBy, head, newest)
		}
	}
}

// The next span is what the density so far says the cap needs, or the
// whole rest when the rest will not fill it; read through q's own lists
// when that costs less than reading the spans' markers.
func TestNextSpan(t *testing.T) {
	defer func(m int64) { maxResults = m }(maxResults)
	maxResults = 10_000
	const bucket = 1 << bucketShift
	for _, c := range []struct {
		n          int64
		scanned    float64 // buckets
		left, all  int64
		bucketCost float64 // its markers, in rows
		span       int64
		marked     bool
	}{
		{0, 1, 80, 80, 2600, 80, false},                  // nothing yet: read the rest by q's own lists
		{100, 1, 80, 80, 2600, 80, false},                // 8,000 rows left cost less than 80 buckets' markers
		{3000, 1, 80, 80, 2600, 3, true},                 // 7,000 more at 3,000 a bucket, a tenth spare
		{300, 0.1, 80, 80, 2600, 4, true},                // 9,700 more at 3,000 a bucket (300 in a tenth of one)
		{9000, 3, 80, 80, 2600, 1, true},                 // almost there
		{50, 1, 300, 300, 20, maxSpan, true},             // bounded
		{4000, 2, 2, 2, 2600, 2, false},                  // 4,000 rows left, cheaper than two buckets' markers
		{300, 1, 80, 80, 2600, 80, false},                // 24,000 rows left cost less than 33 buckets' markers
		{1000, 1, 80, 80, 2600, 10, true},                // 80,000 rows left cost more than 10 buckets' markers
		{1000, 1, 4, 80, 2600, 4, true},                  // a from bound 4 buckets on: q's lists would read 80
		{400, 1, 80, 80, 2600, 80, false},                // 32,000 rows left cost less than 27 buckets' markers…
		{400, 1, 80, 80, 2600 / phraseRowCost, 27, true}, // …unless they are a phrase's
	} {
		span, marked := nextSpan(c.n, c.scanned*bucket, c.left, c.all, c.bucketCost)
		if span != c.span || marked != c.marked {
			t.Errorf("nextSpan(%d, %g buckets, %d left, %d in all, %g) = %d, %v; want %d, %v",
				c.n, c.scanned, c.left, c.all, c.bucketCost, span, marked, c.span, c.marked)
		}
	}
}

// TestBucketsNameEachBucketOnce: the blocks of a span cover exactly its
// buckets (negative ones too: ids before 1970), and a long span takes a
// few markers, not one a bucket.
func TestBucketsNameEachBucketOnce(t *testing.T) {
	for _, r := range [][2]int64{{0, 0}, {5, 5}, {3, 4}, {0, 63}, {1, 64}, {17, 80}, {-70, -3}, {-9, 9}, {100, 163}} {
		got := map[int64]int{}
		parts := strings.Split(buckets(r[0], r[1]), " | ")
		for _, p := range parts {
			var prefix string
			var n int64
			if _, err := fmt.Sscanf(strings.Trim(p, "'"), "%s %d", &prefix, &n); err != nil {
				t.Fatalf("buckets(%d, %d): marker %s: %v", r[0], r[1], p, err)
			}
			shift := map[string]uint{"b": 0, "b4": 2, "b16": 4, "b64": 6}[prefix]
			for b := n << shift; b < (n+1)<<shift; b++ {
				got[b]++
			}
		}
		for b := r[0]; b <= r[1]; b++ {
			if got[b] != 1 {
				t.Errorf("buckets(%d, %d) names bucket %d %d times", r[0], r[1], b, got[b])
			}
			delete(got, b)
		}
		if len(got) > 0 {
			t.Errorf("buckets(%d, %d) names buckets outside the span: %v", r[0], r[1], got)
		}
		if n := r[1] - r[0] + 1; n >= 16 && len(parts) > 12 {
			t.Errorf("buckets(%d, %d): %d markers for %d buckets", r[0], r[1], len(parts), n)
		}
	}
}
