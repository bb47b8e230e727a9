package loadtest

import (
	"fmt"
	"net/url"
)

// class is one kind of request of the latency run: an endpoint and a
// query built from a word.
type class struct {
	Name     string
	Endpoint string // "articles", "headlines" or "sources"
	query    func(i int, w *wordList) url.Values
}

// wordList is the catalogue's common words and phrases the searches use.
type wordList struct{ words, phrases []string }

func (w *wordList) word(i int) string   { return w.words[i%len(w.words)] }
func (w *wordList) phrase(i int) string { return w.phrases[i%len(w.phrases)] }

// classCountries are the countries the headline classes rotate through.
var classCountries = []string{"us", "gb", "de", "fr", "it", "nl", "br", "in", "jp", "au"}

func vals(kv ...string) url.Values {
	v := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Set(kv[i], kv[i+1])
	}
	return v
}

// classes are the query classes of the service budgets: one and two
// common words, a phrase, filters, the three sorts, page 1 and page 50;
// headlines with and without country/category, shallow and deep.
func classes(total int) []class {
	search := func(name string, f func(i int, w *wordList) url.Values) class {
		return class{Name: name, Endpoint: "articles", query: f}
	}
	head := func(name string, f func(i int) url.Values) class {
		return class{Name: name, Endpoint: "headlines", query: func(i int, _ *wordList) url.Values { return f(i) }}
	}
	country := func(i int) string { return classCountries[i%len(classCountries)] }
	deep := max(1, total/100/2) // the middle of all headlines, 100 a page
	return []class{
		search("search: 1 word, publishedAt, page 1", func(i int, w *wordList) url.Values { return vals("q", w.word(i)) }),
		search("search: 1 word, publishedAt, page 50", func(i int, w *wordList) url.Values { return vals("q", w.word(i), "page", "50") }),
		search("search: 1 word, relevancy, page 1", func(i int, w *wordList) url.Values {
			return vals("q", w.word(i), "sortBy", "relevancy")
		}),
		search("search: 1 word, relevancy, page 50", func(i int, w *wordList) url.Values {
			return vals("q", w.word(i), "sortBy", "relevancy", "page", "50")
		}),
		search("search: 1 word, popularity, page 1", func(i int, w *wordList) url.Values {
			return vals("q", w.word(i), "sortBy", "popularity")
		}),
		search("search: 2 words, page 1", func(i int, w *wordList) url.Values {
			return vals("q", w.word(i)+" "+w.word(i*7+3))
		}),
		search("search: 2 words, relevancy, page 50", func(i int, w *wordList) url.Values {
			return vals("q", w.word(i)+" "+w.word(i*7+3), "sortBy", "relevancy", "page", "50")
		}),
		search("search: phrase, page 1", func(i int, w *wordList) url.Values { return vals("q", `"`+w.phrase(i)+`"`) }),
		search("search: 1 word + language, page 1", func(i int, w *wordList) url.Values {
			return vals("q", w.word(i), "language", "en")
		}),
		search("search: 1 word + from/to, relevancy", func(i int, w *wordList) url.Values {
			return vals("q", w.word(i), "from", "2026-06-01", "to", "2026-09-30", "sortBy", "relevancy")
		}),
		search("search: 2 words + excludeDomains, page 50", func(i int, w *wordList) url.Values {
			return vals("q", w.word(i)+" "+w.word(i*7+3), "excludeDomains", "harborledger.example", "page", "50")
		}),
		head("headlines: all, page 1", func(int) url.Values { return vals() }),
		head("headlines: country, page 1", func(i int) url.Values { return vals("country", country(i)) }),
		head("headlines: country+category, page 1", func(i int) url.Values {
			return vals("country", country(i), "category", "general")
		}),
		head("headlines: country, page 50", func(i int) url.Values {
			return vals("country", country(i), "page", "50")
		}),
		head(fmt.Sprintf("headlines: all, deep (page %d of 100)", deep), func(i int) url.Values {
			return vals("page", fmt.Sprint(max(1, deep-i%10)), "pageSize", "100") // 1 at least, in a small catalogue
		}),
		{Name: "sources: page 1", Endpoint: "sources", query: func(i int, _ *wordList) url.Values {
			return vals("language", []string{"", "en", "de"}[i%3])
		}},
	}
}
