package loadtest

import (
	"fmt"
	"math/rand/v2"
	"net/url"
	"strings"
)

// The three endpoints, as their paths under the base URL.
const (
	Sources   = "/sources"
	Headlines = "/latest-headlines"
	Articles  = "/articles"
)

// Endpoints lists the endpoints in report order.
var Endpoints = []string{Sources, Headlines, Articles}

// call is one request of the mix: an endpoint and its raw query string.
type call struct {
	endpoint string
	rawQuery string
	hostile  bool
}

// mix draws requests from a seeded generator: mostly ordinary reader
// traffic (filters, searches, the first pages), some deep pages, and about
// one in eight hostile (invalid or oversized parameters).
type mix struct {
	rng *rand.Rand
}

func newMix(seed, stream uint64) *mix {
	return &mix{rng: rand.New(rand.NewPCG(seed, stream))}
}

var (
	categories = []string{"business", "entertainment", "general", "health", "science", "sports", "technology"}
	countries  = []string{"us", "gb", "de", "fr", "IT", "jp", "br", "in", "Au", "ng"}
	languages  = []string{"en", "de", "fr", "ES", "it", "pt", "ru", "ar", "he", "nl"}
	words      = []string{"climate", "election", "market", "football", "vaccine", "chip",
		"storm", "strike", "budget", "music", "space", "bank", "court", "energy", "film"}
	sorts = []string{"publishedAt", "relevancy", "popularity", "RELEVANCY"}
)

// hostileQueries are requests a careless or malicious client sends; each
// must be answered with a 4xx (or a 200 where the input is merely odd),
// never a 5xx.
var hostileQueries = []call{
	{Sources, "country=zz", true},
	{Sources, "country=" + url.QueryEscape("de\x00"), true},
	{Headlines, "country=" + strings.Repeat("x", 300), true},
	{Headlines, "pageSize=0", true},
	{Headlines, "pageSize=101", true},
	{Sources, "page=0", true},
	{Sources, "page=-3&pageSize=abc", true},
	{Headlines, "page=99999999999999999999999", true},
	{Articles, "q=" + strings.Repeat("a", 600), true},
	{Articles, "q=" + strings.Repeat("climate+", 400), true},
	{Articles, "q=" + url.QueryEscape("a\x00b"), true},
	{Articles, "q=" + url.QueryEscape(`"unterminated phrase`), true},
	{Articles, "q=" + url.QueryEscape(`" OR "" AND NOT * ) ( NEAR`), true},
	{Articles, "q=" + url.QueryEscape("'; DROP TABLE articles; --"), true},
	{Articles, "q=%ZZ", true},
	{Articles, "q=a;b", true},
	{Articles, "q=%FF%FE", true},
	{Articles, "q=news&from=yesterday", true},
	{Articles, "q=news&from=2026-11-20&to=2026-11-01", true},
	{Articles, "q=news&sortBy=random", true},
	{Articles, "q=news&language=xx", true},
	{Articles, "q=news&sources=" + strings.Repeat("a,", 40), true},
	{Articles, "q=news&domains=" + url.QueryEscape("exa mple.com"), true},
	{Articles, "", true},
}

func (m *mix) next() call {
	switch n := m.rng.IntN(16); {
	case n < 2:
		return hostileQueries[m.rng.IntN(len(hostileQueries))]
	case n < 5:
		return call{endpoint: Sources, rawQuery: m.sourcesQuery()}
	case n < 10:
		return call{endpoint: Headlines, rawQuery: m.headlinesQuery()}
	default:
		return call{endpoint: Articles, rawQuery: m.articlesQuery()}
	}
}

func (m *mix) pick(list []string) string { return list[m.rng.IntN(len(list))] }

// paging is usually the first pages; one request in ten goes deep (page
// 20..500 of 100), mostly past the end.
func (m *mix) paging(v url.Values) {
	switch n := m.rng.IntN(10); {
	case n == 0:
		v.Set("page", fmt.Sprint(20+m.rng.IntN(481)))
		v.Set("pageSize", "100")
	case n < 4:
		v.Set("page", fmt.Sprint(1+m.rng.IntN(5)))
		v.Set("pageSize", fmt.Sprint([]int{10, 20, 50, 100}[m.rng.IntN(4)]))
	case n < 5:
		v.Set("page_size", "30")
	}
}

func (m *mix) sourcesQuery() string {
	v := url.Values{}
	if m.rng.IntN(2) == 0 {
		v.Set("category", m.pick(categories))
	}
	if m.rng.IntN(3) == 0 {
		v.Set("language", m.pick(languages))
	}
	if m.rng.IntN(3) == 0 {
		v.Set("country", m.pick(countries))
	}
	m.paging(v)
	return v.Encode()
}

func (m *mix) headlinesQuery() string {
	v := url.Values{}
	if m.rng.IntN(3) > 0 {
		v.Set("country", m.pick(countries))
	}
	if m.rng.IntN(2) == 0 {
		v.Set("category", m.pick(categories))
	}
	m.paging(v)
	return v.Encode()
}

func (m *mix) articlesQuery() string {
	v := url.Values{}
	q := m.pick(words)
	switch m.rng.IntN(6) {
	case 0:
		q += " " + m.pick(words)
	case 1:
		q = `"` + q + " " + m.pick(words) + `"`
	case 2:
		q += " OR " + m.pick(words)
	case 3:
		q += " -" + m.pick(words)
	}
	v.Set("q", q)
	if m.rng.IntN(3) == 0 {
		v.Set("sortBy", m.pick(sorts))
	}
	if m.rng.IntN(4) == 0 {
		v.Set("language", m.pick(languages))
	}
	if m.rng.IntN(6) == 0 {
		v.Set("from", "2026-11-01")
	}
	m.paging(v)
	return v.Encode()
}
