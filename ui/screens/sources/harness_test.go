package sources

import (
	"tidings/ui/components/pagedlist"

	"context"
	"fmt"
	"sync"
	"testing"
	"tidings/ui/internal/uitest"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"tidings/keymap"
	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/theme"
)

var now = time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC)

// catalogue is a deterministic fake catalogue of n sources cycling through
// categories, languages and countries.
func catalogue(n int) []model.Source {
	names := []string{"Harbor Ledger", "North Star Daily", "Quiet Valley Post", "Tech Tide", "Le Monde Fictif", "Berliner Bote"}
	cats := model.Categories()
	langs := []model.Language{"en", "de", "fr"}
	countries := []model.Country{"us", "de", "fr", "gb"}
	out := make([]model.Source, n)
	for i := range out {
		name := names[i%len(names)]
		if i >= len(names) {
			name = fmt.Sprintf("%s %d", name, i/len(names)+1)
		}
		id := fmt.Sprintf("src-%03d", i)
		out[i] = model.Source{
			ID: id, Name: name,
			Description: fmt.Sprintf("%s reports on %s with care, every day since %d.", name, cats[i%len(cats)], 1900+i),
			URL:         "https://" + id + ".example",
			Category:    cats[i%len(cats)], Language: langs[i%len(langs)], Country: countries[i%len(countries)],
		}
	}
	return out
}

// fakeClient serves a catalogue, applying the service-side filters and
// paging, and records every query.
type fakeClient struct {
	mu      sync.Mutex
	all     []model.Source
	queries []model.SourcesQuery
	err     error
}

func (f *fakeClient) Sources(ctx context.Context, q model.SourcesQuery) (model.Page[model.Source], error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.queries = append(f.queries, q)
	if err := ctx.Err(); err != nil { // a real client fails fast on a cancelled request
		return model.Page[model.Source]{}, err
	}
	if f.err != nil {
		return model.Page[model.Source]{}, f.err
	}
	var match []model.Source
	for _, s := range f.all {
		if (q.Category == "" || s.Category == q.Category) && (q.Language == "" || s.Language == q.Language) &&
			(q.Country == "" || s.Country == q.Country) {
			match = append(match, s)
		}
	}
	size, page := max(q.PageSize, 1), max(q.Page, 1)
	p := model.Page[model.Source]{TotalResults: len(match), Page: page, PageSize: size}
	for i := (page - 1) * size; i < min(page*size, len(match)); i++ {
		p.Items = append(p.Items, match[i])
	}
	return p, nil
}

func (f *fakeClient) LatestHeadlines(context.Context, model.HeadlinesQuery) (model.Page[model.Article], error) {
	return model.Page[model.Article]{}, fmt.Errorf("not used by sources")
}

func (f *fakeClient) Articles(context.Context, model.ArticlesQuery) (model.Page[model.Article], error) {
	return model.Page[model.Article]{}, fmt.Errorf("not used by sources")
}

func (f *fakeClient) calls() []model.SourcesQuery {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]model.SourcesQuery(nil), f.queries...)
}

func newCtx(client common.Client, w, h int) *common.Context {
	return &common.Context{
		View: common.View{
			Width:    w,
			Height:   h,
			Styles:   theme.New(true, false),
			Keys:     keymap.Default(),
			Now:      func() time.Time { return now },
			Location: time.UTC,
		},
		Services: common.Services{
			Client:  client,
			BaseURL: "http://127.0.0.1:9/v2",
		},
	}
}

// open builds the screen and loads its first page.
func open(t testing.TB, fc *fakeClient, w, h int, preset model.SourcesQuery) *Model {
	t.Helper()
	m := New(newCtx(fc, w, h), preset)
	drive(t, m, m.Init())
	return m
}

// drive runs cmd and what follows from it, feeding the screen's own
// messages back as the root would, and returns the messages meant for the
// root. Spinner ticks are dropped so the loop ends.
func drive(t testing.TB, m *Model, cmd tea.Cmd) []tea.Msg {
	t.Helper()
	var out []tea.Msg
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 200 {
			t.Fatal("commands did not settle")
		}
		msgs := runAll(queue)
		queue = nil
		for _, msg := range msgs {
			switch msg := msg.(type) {
			case nil, spinner.TickMsg:
			case common.OpenURLMsg, common.CopyURLMsg, common.StatusMsg, common.SearchMsg, common.OpenSourceMsg:
				out = append(out, msg)
			default:
				queue = append(queue, m.Update(msg))
			}
		}
	}
	return out
}

// keys sends named keys in order and returns the root messages.
func keys(t testing.TB, m *Model, names ...string) []tea.Msg {
	t.Helper()
	var out []tea.Msg
	for _, k := range names {
		out = append(out, drive(t, m, m.Update(press(k)))...)
	}
	return out
}

func typeText(t testing.TB, m *Model, s string) {
	t.Helper()
	for _, r := range s {
		drive(t, m, m.Update(press(string(r))))
	}
}

// Shared with the other UI packages' tests.
var press = uitest.Key
var runAll = uitest.RunAll

// showDetails shows the selected source's details, as a click on it does
// (enter lists its articles).
func showDetails(t testing.TB, m *Model) {
	t.Helper()
	drive(t, m, m.Update(pagedlist.ActivatedMsg{List: m.list.ID()}))
}
