package sqlite

import (
	"context"
	"testing"
	"time"

	"tidings/model"
)

var base = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

func testSources() []model.Source {
	return []model.Source{
		{ID: "bbc-news", Name: "BBC News", URL: "https://www.bbc.co.uk", Category: "general", Language: "en", Country: "gb"},
		{ID: "spiegel", Name: "Der Spiegel", URL: "https://www.spiegel.de", Category: "general", Language: "de", Country: "de"},
		{ID: "techcrunch", Name: "TechCrunch", URL: "https://techcrunch.com", Category: "technology", Language: "en", Country: "us"},
		{ID: "rt", Name: "RT", URL: "https://russian.rt.com", Category: "general", Language: "ru", Country: "ru"},
		{ID: "aljazeera", Name: "Al Jazeera", URL: "https://www.aljazeera.net", Category: "general", Language: "ar", Country: "sa"},
		{ID: "haaretz", Name: "Haaretz", URL: "https://www.haaretz.co.il", Category: "general", Language: "he", Country: "il"},
	}
}

func art(src, url, title, desc, content string, age time.Duration) model.Article {
	return model.Article{Source: model.SourceRef{ID: src}, Title: title, Description: desc,
		Content: content, URL: url, PublishedAt: base.Add(-age)}
}

func testArticles() []model.Article {
	return []model.Article{
		art("bbc-news", "https://www.bbc.co.uk/news/1", "Climate summit opens in Belém", "Leaders gather", "The climate summit began today.", 1*time.Hour),
		art("bbc-news", "https://www.bbc.co.uk/news/2", "Football results", "Weekend scores", "Arsenal beat Chelsea; climate of rivalry.", 2*time.Hour),
		art("spiegel", "https://www.spiegel.de/politik/3", "Klimagipfel in Belém", "Über den Gipfel", "Die Staats- und Regierungschefs treffen sich.", 3*time.Hour),
		art("techcrunch", "https://techcrunch.com/4", "Startup raises money for climate tech", "Carbon capture", "A startup in carbon capture raised funds.", 4*time.Hour),
		art("techcrunch", "https://news.techcrunch.com/5", "Apple unveils new chip", "Silicon", "The chip is fast. Not related to climate.", 5*time.Hour),
		art("rt", "https://russian.rt.com/6", "Климатический саммит", "Лидеры собрались", "Саммит по климату открылся.", 6*time.Hour),
		art("aljazeera", "https://www.aljazeera.net/7", "قمة المناخ تبدأ", "القادة يجتمعون", "بدأت قمة المناخ اليوم", 7*time.Hour),
		art("haaretz", "https://www.haaretz.co.il/8", "פסגת האקלים נפתחה", "מנהיגים נפגשים", "פסגת האקלים החלה היום", 8*time.Hour),
		art("unknown-src", "https://example.org/9", "Orphan climate story", "No known source", "Source unknown.", 30*24*time.Hour),
	}
}

func openTestStore(t testing.TB) *Store {
	t.Helper()
	s, err := Open("")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if err := s.Add(context.Background(), testSources(), testArticles()); err != nil {
		t.Fatal(err)
	}
	return s
}

func titles(p model.Page[model.Article]) []string {
	out := []string{}
	for _, a := range p.Items {
		out = append(out, a.Title)
	}
	return out
}
