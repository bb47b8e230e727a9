package articlelist

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"tidings/keymap"
	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/components/articles"
	"tidings/ui/internal/uitest"
	"tidings/ui/theme"
)

// service is a news service that keeps marks (or not: no ids, no counts)
// over total headlines, one every ten minutes back from now.
type service struct {
	mu      sync.Mutex
	total   int
	marks   bool
	read    map[string]bool
	queries []model.HeadlinesQuery
	// what MarkAllRead and SetRead were asked
	markAll []model.MarkAllRead
	setRead map[string]bool
}

func (s *service) article(i int) model.Article {
	a := model.Article{Title: fmt.Sprintf("Story %03d", i+1), Source: model.SourceRef{Name: "Wire"},
		URL: fmt.Sprintf("https://x.example/%d", i), PublishedAt: now.Add(-time.Duration(i*10+1) * time.Minute)}
	if s.marks {
		a.ID = fmt.Sprint(1000 + i)
		a.Read = s.read[a.ID]
	}
	return a
}

func (s *service) LatestHeadlines(_ context.Context, q model.HeadlinesQuery) (model.Page[model.Article], error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.queries = append(s.queries, q)
	var all []model.Article
	for i := range s.total {
		a := s.article(i)
		if q.Unread && a.Read {
			continue
		}
		all = append(all, a)
	}
	size := max(q.PageSize, 1)
	p := model.Page[model.Article]{TotalResults: len(all), Page: q.Page, PageSize: size}
	for i := (q.Page - 1) * size; i < min(q.Page*size, len(all)); i++ {
		p.Items = append(p.Items, all[i])
	}
	if s.marks {
		p.UnreadKnown = true
		p.UnreadResults = s.total - len(s.read)
	}
	return p, nil
}

func (s *service) Articles(context.Context, model.ArticlesQuery) (model.Page[model.Article], error) {
	return model.Page[model.Article]{}, nil
}

func (s *service) Sources(context.Context, model.SourcesQuery) (model.Page[model.Source], error) {
	return model.Page[model.Source]{}, nil
}

func (s *service) SetRead(_ context.Context, ids []string, read bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, id := range ids {
		s.setRead[id] = read
	}
	return nil
}

func (s *service) SetStarred(context.Context, []string, bool) error { return nil }

func (s *service) MarkAllRead(_ context.Context, m model.MarkAllRead) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.markAll = append(s.markAll, m)
	n := 0
	for i := range s.total {
		a := s.article(i)
		if !a.Read && !a.PublishedAt.After(m.Before) {
			s.read[a.ID] = true
			n++
		}
	}
	return n, nil
}

func (s *service) UnreadBy(context.Context, model.UnreadGrouping) (map[string]int, error) {
	return nil, nil
}

func (s *service) lastQuery() model.HeadlinesQuery {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.queries[len(s.queries)-1]
}

// prefs is a state file holding preferences only.
type prefs struct {
	common.State
	mu     sync.Mutex
	values map[string]string
	reads  int
}

func (p *prefs) Preference(_ context.Context, name string) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.reads++
	return p.values[name], nil
}

// asked is how many preferences were read.
func (p *prefs) asked() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.reads
}

func (p *prefs) SetPreference(_ context.Context, name, value string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.values[name] = value
	return nil
}

// bubble runs a test in a synctest bubble, where time is virtual: a
// command's wait only runs out once every goroutine is blocked, so a slow
// machine cannot make a fetch look like a timer. Pending timers fire at
// the end, so no goroutine is left behind.
func bubble(t *testing.T, f func(t *testing.T)) {
	synctest.Test(t, func(t *testing.T) {
		f(t)
		time.Sleep(time.Hour)
	})
}

func (s *service) markAllCalls() []model.MarkAllRead {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]model.MarkAllRead(nil), s.markAll...)
}

// fixture is a list of a service's headlines in a 80×(height) screen.
type fixture struct {
	t    *testing.T
	svc  *service
	ctx  *common.Context
	list *Model
	out  []tea.Msg // what the list sent out: marks, statuses, opens
}

func newFixture(t *testing.T, svc *service, height int, st common.State) *fixture {
	t.Helper()
	if svc.read == nil {
		svc.read, svc.setRead = map[string]bool{}, map[string]bool{}
	}
	ctx := &common.Context{
		View: common.View{
			Styles: theme.New(true, false),
			Keys:   keymap.Default(),
			Now:    func() time.Time { return now },
		},
		Services: common.Services{
			Client:   svc,
			PageSize: 20,
			State:    st,
		},
	}
	if svc.marks {
		ctx.Marks = svc
	}
	f := &fixture{t: t, svc: svc, ctx: ctx, list: New(ctx, common.Headlines, "article")}
	f.list.SetSize(80, height)
	f.settle(f.list.Load(fixtureView()))
	return f
}

// fixtureView is the view a fixture's list loads.
func fixtureView() model.View {
	q := model.HeadlinesQuery{Country: "us", PageSize: 20}
	return model.View{Headlines: &q}
}

// settle runs cmd, feeds the list its own answers and applies the marks
// it asks of the root, as the root does.
func (f *fixture) settle(cmd tea.Cmd) {
	for _, msg := range uitest.Run(cmd, 50*time.Millisecond) {
		switch msg := msg.(type) {
		case spinner.TickMsg:
		case articles.MarkMsg:
			f.out = append(f.out, msg)
			for _, it := range msg.Items {
				if msg.Read {
					f.ctx.Read.Mark(articles.Key(it))
				} else {
					f.ctx.Read.Unmark(articles.Key(it))
				}
			}
		case common.StatusMsg, articles.OpenMsg, common.OpenURLMsg, common.StateFailedMsg:
			f.out = append(f.out, msg)
		default:
			f.settle(f.list.Update(msg))
		}
	}
}

func (f *fixture) key(k string) {
	cmd, ok := f.list.HandleKey(uitest.Key(k))
	if !ok {
		cmd = f.list.List().Update(uitest.Key(k))
	}
	f.settle(cmd)
}

// take returns and forgets what the list sent out.
func (f *fixture) take() []tea.Msg {
	out := f.out
	f.out = nil
	return out
}

func statusOf(msgs []tea.Msg) string {
	var texts []string
	for _, m := range msgs {
		if s, ok := m.(common.StatusMsg); ok {
			texts = append(texts, s.Text)
		}
	}
	return strings.Join(texts, " | ")
}

func marksOf(msgs []tea.Msg) []articles.MarkMsg {
	var out []articles.MarkMsg
	for _, m := range msgs {
		if mk, ok := m.(articles.MarkMsg); ok {
			out = append(out, mk)
		}
	}
	return out
}

// m marks the selected article read, then unread again.
func TestToggleReadMarksTheSelectedArticle(t *testing.T) {
	bubble(t, func(t *testing.T) {
		f := newFixture(t, &service{total: 10}, 24, nil)
		f.key("j")
		f.key("m")
		it, _ := f.list.Selected()
		marks := marksOf(f.take())
		if len(marks) != 1 || !marks[0].Read || len(marks[0].Items) != 1 || marks[0].Items[0].Title != it.Title {
			t.Fatalf("m on an unread article sent %+v", marks)
		}
		if !IsRead(f.ctx, it) {
			t.Fatal("the article is not read after m")
		}
		f.key("m")
		if marks := marksOf(f.take()); len(marks) != 1 || marks[0].Read || IsRead(f.ctx, it) {
			t.Fatalf("m on a read article sent %+v", marks)
		}
	})
}

// Sent to the browser is read, as opened is.
func TestOpeningInTheBrowserMarksRead(t *testing.T) {
	bubble(t, func(t *testing.T) {
		f := newFixture(t, &service{total: 10}, 24, nil)
		f.key("o")
		out := f.take()
		if marks := marksOf(out); len(marks) != 1 || !marks[0].Read {
			t.Fatalf("o sent no read mark: %+v", out)
		}
		f.key("o")
		if marks := marksOf(f.take()); len(marks) != 0 {
			t.Fatalf("o on a read article marked it again: %+v", marks)
		}
	})
}

// Where the reader keeps read state itself, u hides the read rows among
// those loaded, and shows them again.
func TestUnreadOnlyHidesReadRowsLocally(t *testing.T) {
	bubble(t, func(t *testing.T) {
		f := newFixture(t, &service{total: 10}, 40, nil)
		f.key("j")
		f.key("m") // Story 002 read
		f.key("u")
		if n := f.list.List().Len(); n != 9 {
			t.Fatalf("u shows %d rows, want the 9 unread", n)
		}
		for it := range f.list.List().Items() {
			if it.Title == "Story 002" && f.list.filter()(it) {
				t.Fatal("the read article is still listed")
			}
		}
		if !strings.Contains(f.list.Status(), "unread only") {
			t.Fatalf("status %q does not say u is on", f.list.Status())
		}
		if q := f.svc.lastQuery(); q.Unread {
			t.Fatal("the service keeps no marks but was asked for unread articles")
		}
		f.key("u")
		if n := f.list.List().Len(); n != 10 {
			t.Fatalf("u again shows %d rows", n)
		}
	})
}

// On a service that keeps marks, u asks it for the view's unread
// articles.
func TestUnreadOnlyAsksTheService(t *testing.T) {
	bubble(t, func(t *testing.T) {
		svc := &service{total: 10, marks: true, read: map[string]bool{"1000": true, "1003": true}, setRead: map[string]bool{}}
		f := newFixture(t, svc, 40, nil)
		f.key("u")
		if q := svc.lastQuery(); !q.Unread || q.Country != "us" || q.Page != 1 {
			t.Fatalf("u asked %+v", q)
		}
		if n := f.list.List().Len(); n != 8 {
			t.Fatalf("u lists %d articles, want the 8 unread", n)
		}
		f.key("u")
		if q := svc.lastQuery(); q.Unread {
			t.Fatalf("u again asked %+v", q)
		}
	})
}

// A on a view larger than the screen asks first, naming the view's size;
// n keeps everything; y marks the view read on the service up to its
// newest loaded article.
func TestMarkAllAsksAndMarksTheView(t *testing.T) {
	bubble(t, func(t *testing.T) {
		svc := &service{total: 1204, marks: true}
		f := newFixture(t, svc, 24, nil)
		if s := f.list.Status(); !strings.Contains(s, "1,204 unread") {
			t.Fatalf("status %q", s)
		}
		f.key("A")
		if got := statusOf(f.take()); got != "Mark 1,204 articles read? (y/n)" || !f.list.Confirming() {
			t.Fatalf("A said %q", got)
		}
		f.key("n")
		if got := statusOf(f.take()); got != "Nothing was marked." || len(svc.markAllCalls()) != 0 || f.list.Confirming() {
			t.Fatalf("n: %q, %d calls", got, len(svc.markAllCalls()))
		}
		f.key("A")
		f.take()
		f.key("y")
		out := f.take()
		if len(svc.markAllCalls()) != 1 {
			t.Fatalf("y made %d MarkAllRead calls", len(svc.markAllCalls()))
		}
		call := svc.markAllCalls()[0]
		if call.View.Headlines == nil || call.View.Headlines.Country != "us" || !call.Before.Equal(now.Add(-time.Minute)) {
			t.Fatalf("MarkAllRead(%+v)", call)
		}
		if marks := marksOf(out); len(marks) != 1 || !marks[0].Local || len(marks[0].Items) != 20 {
			t.Fatalf("the loaded rows were not marked in the session: %+v", marks)
		}
		if got := statusOf(out); !strings.Contains(got, "Marked 1,204 articles read.") {
			t.Fatalf("after y: %q", got)
		}
		if s := f.list.Status(); !strings.Contains(s, "0 unread") {
			t.Fatalf("after A the status says %q", s)
		}
	})
}

// A on a list that fits on the screen marks it at once, in the state
// file where the service keeps no marks.
func TestMarkAllAtOnceWhenTheListFits(t *testing.T) {
	bubble(t, func(t *testing.T) {
		f := newFixture(t, &service{total: 3}, 40, nil)
		f.key("A")
		out := f.take()
		if marks := marksOf(out); len(marks) != 1 || marks[0].Local || len(marks[0].Items) != 3 || !marks[0].Read {
			t.Fatalf("A sent %+v", marks)
		}
		if got := statusOf(out); got != "Marked 3 articles read." {
			t.Fatalf("A said %q", got)
		}
	})
}

// The service's unread count follows what is marked here.
func TestUnreadCountFollowsMarks(t *testing.T) {
	bubble(t, func(t *testing.T) {
		svc := &service{total: 40, marks: true, read: map[string]bool{"1001": true}, setRead: map[string]bool{}}
		f := newFixture(t, svc, 24, nil)
		if s := f.list.Status(); !strings.HasSuffix(s, " · 39 unread") {
			t.Fatalf("status %q", s)
		}
		f.key("m") // Story 001, unread → read
		if s := f.list.Status(); !strings.HasSuffix(s, " · 38 unread") {
			t.Fatalf("after m: %q", s)
		}
		f.key("j")
		f.key("m") // Story 002, read on the service → unread
		if s := f.list.Status(); !strings.HasSuffix(s, " · 39 unread") {
			t.Fatalf("after m on a read one: %q", s)
		}
	})
}

// Where the service cannot count, the status line counts the articles new
// since the last visit to the view, and this visit becomes the last.
func TestNewSinceTheLastVisit(t *testing.T) {
	bubble(t, func(t *testing.T) {
		st := &prefs{values: map[string]string{}}
		q := model.HeadlinesQuery{Country: "us"}
		key := viewKey(model.View{Headlines: &q})
		st.values[key] = now.Add(-35 * time.Minute).Format(time.RFC3339)
		f := newFixture(t, &service{total: 30}, 24, st)
		// Stories 1 to 4 are 1, 11, 21 and 31 minutes old.
		if s := f.list.Status(); !strings.HasSuffix(s, " · 4 new since your last visit") {
			t.Fatalf("status %q", s)
		}
		f.key("m")
		if s := f.list.Status(); !strings.HasSuffix(s, " · 3 new since your last visit") {
			t.Fatalf("after m: %q", s)
		}
		if got := st.values[key]; got != now.UTC().Format(time.RFC3339) {
			t.Fatalf("this visit was not kept: %q", got)
		}
		first := newFixture(t, &service{total: 30}, 24, &prefs{values: map[string]string{}})
		if s := first.list.Status(); strings.Contains(s, "new since") {
			t.Fatalf("a first visit counts %q", s)
		}
	})
}

// The last visit is asked of the state file once the list's first page
// is in, not beside its request: the file's first use opens and checks it
// (a few milliseconds of CPU), which held back the first headlines at
// start-up (issue 31).
func TestTheLastVisitIsAskedOnceTheFirstPageIsIn(t *testing.T) {
	bubble(t, func(t *testing.T) {
		st := &prefs{values: map[string]string{}}
		f := newFixture(t, &service{total: 30}, 24, st)
		cmd := f.list.Load(model.View{Headlines: &model.HeadlinesQuery{Country: "gb", PageSize: 20}})
		var page tea.Msg
		for _, msg := range uitest.Run(cmd, 50*time.Millisecond) {
			if _, ok := msg.(visitMsg); ok {
				t.Fatal("the last visit was asked beside the first page's request")
			}
			if _, ok := msg.(spinner.TickMsg); !ok {
				page = msg
			}
		}
		if page == nil {
			t.Fatal("Load asked for no page")
		}
		if st.asked() != 1 {
			t.Fatalf("before the page: %d preferences read, want the first view's only", st.asked())
		}
		f.settle(f.list.Update(page))
		if st.asked() != 2 {
			t.Fatalf("once the page is in: %d preferences read, want 2", st.asked())
		}
	})
}

var _ common.Marks = (*service)(nil)
