package reader

import (
	"context"
	"strings"
	"sync"
	"time"

	"tidings/extract"
	"tidings/ui/components/articles"
)

// fakeFullText answers from fixed articles by URL; err, if set, is every
// answer; block, if set, holds each answer until it is closed or the
// request's context ends.
type fakeFullText struct {
	mu       sync.Mutex
	articles map[string]extract.Article
	err      error
	block    chan struct{}
	calls    []string
}

func (f *fakeFullText) Extract(ctx context.Context, pageURL string) (extract.Article, error) {
	f.mu.Lock()
	f.calls = append(f.calls, pageURL)
	block, err := f.block, f.err
	a, ok := f.articles[pageURL]
	f.mu.Unlock()
	if block != nil {
		select {
		case <-block:
		case <-ctx.Done():
			return extract.Article{}, ctx.Err()
		}
	}
	if err != nil {
		return extract.Article{}, err
	}
	if !ok {
		return extract.Article{}, pageError("the page has no readable article")
	}
	return a, nil
}

// pageError stands for *extract.Error: only its Error() text matters to
// the reader.
type pageError string

func (e pageError) Error() string { return string(e) }

// sampleMarkdown has every construct the reader renders.
const sampleMarkdown = `Lawmakers agreed on the budget at dawn after a session that ran through the night, ending months of talks [1].

## What changes

The plan raises spending on schools and hospitals, and it trims the defence budget by two per cent over three years [2].

- Schools get 4 billion more.
- Hospitals get 2.5 billion, mostly for staff.
- Rail projects wait a year.

[image: The chamber at dawn, lawmakers standing to vote]

> "It is not the budget we wanted, but it is the budget we need," the finance minister said.

### Next steps

1. The upper house votes next week.
2. The president signs within ten days.

` + "```" + `
total = schools + hospitals
` + "```" + `

Read the *full* report and the **minister's** statement [3].
`

var sampleArticle = extract.Article{
	URL:      "https://news.example/budget",
	Title:    "Parliament passes the budget",
	Markdown: sampleMarkdown,
	Links: []extract.Link{
		{Text: "months of talks", URL: "https://news.example/talks"},
		{Text: "defence budget", URL: "https://news.example/defence"},
		{Text: "full report", URL: "https://gov.example/report.pdf"},
	},
	Words:   142,
	Fetched: time.Date(2026, 11, 22, 17, 0, 0, 0, time.UTC),
}

// longMarkdown is a words-long article of headings, paragraphs, lists,
// quotes and images, the shape of a long feature.
func longMarkdown(words int) string {
	var b strings.Builder
	w := 0
	sentence := "The committee heard from witnesses who described the work in detail and answered questions [4]. "
	for i := 0; w < words; i++ {
		if i%8 == 0 {
			b.WriteString("## Part of the story\n\n")
			w += 4
		}
		switch i % 11 {
		case 3:
			b.WriteString("- A first point, made briefly.\n- A second point, made at more length than the first.\n\n")
			w += 17
		case 6:
			b.WriteString("> A quoted remark that goes on for a while, as quotes do in long articles.\n\n")
			w += 15
		case 9:
			b.WriteString("[image: A photograph of the harbour at dawn]\n\n")
		}
		for j := 0; j < 5; j++ {
			b.WriteString(sentence)
			w += 15
		}
		b.WriteString("\n\n")
	}
	return b.String()
}

func articlesItem() articles.Item { return articles.FromArticle(article) }
