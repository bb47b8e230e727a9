package ui

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"tidings/model"
	"tidings/ui/common"
)

// marksService is fakeClient on a service that keeps marks: every
// article has an id (its link), read as the service last heard, and each
// page counts the unread articles.
type marksService struct {
	*fakeClient
	mu      sync.Mutex
	read    map[string]bool
	starred map[string]bool
	readAll []model.MarkAllRead
}

func newMarksService(total int) *marksService {
	return &marksService{fakeClient: &fakeClient{total: total}, read: map[string]bool{}, starred: map[string]bool{}}
}

func (s *marksService) withMarks(c *Config) { c.Client, c.Marks = s, s }

func (s *marksService) LatestHeadlines(ctx context.Context, q model.HeadlinesQuery) (model.Page[model.Article], error) {
	p, err := s.fakeClient.LatestHeadlines(ctx, q)
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range p.Items {
		p.Items[i].ID = p.Items[i].URL
		p.Items[i].Read = s.read[p.Items[i].ID]
		p.Items[i].Starred = s.starred[p.Items[i].ID]
	}
	p.UnreadKnown, p.UnreadResults = true, s.fakeClient.total-len(s.read)
	if q.Starred {
		var starred []model.Article
		for _, a := range p.Items {
			if a.Starred {
				starred = append(starred, a)
			}
		}
		p.Items, p.TotalResults = starred, len(starred)
	}
	return p, err
}

func (s *marksService) SetRead(_ context.Context, ids []string, read bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, id := range ids {
		if read {
			s.read[id] = true
		} else {
			delete(s.read, id)
		}
	}
	return nil
}

func (s *marksService) SetStarred(_ context.Context, ids []string, starred bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, id := range ids {
		s.starred[id] = starred
	}
	return nil
}

func (s *marksService) MarkAllRead(_ context.Context, m model.MarkAllRead) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.readAll = append(s.readAll, m)
	return 0, nil
}

func (s *marksService) UnreadBy(context.Context, model.UnreadGrouping) (map[string]int, error) {
	return map[string]int{}, nil
}

func (s *marksService) isRead(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.read[id]
}

var _ common.Marks = (*marksService)(nil)

// firstRow is the list's first article row, as drawn under the filters.
func firstRow(view string) string {
	lines := strings.Split(view, "\n")
	return lines[4]
}

// Opening an article marks it read on a service that keeps marks; the
// status line counts the view's unread articles as the service does, and
// the row is drawn read.
func TestOpeningMarksReadOnTheService(t *testing.T) {
	svc := newMarksService(30)
	inBubble(t, func(t *testing.T) {
		h := newHarness(svc.fakeClient, 80, 24, svc.withMarks)
		if v := h.view(); !strings.Contains(v, "30 unread") || !strings.HasPrefix(firstRow(v), "▌") {
			t.Fatalf("before:\n%s", v)
		}
		h.keys("j", "enter")
		if !svc.isRead("https://news.example/Top/02") {
			t.Fatal("the service was not told the article is read")
		}
		h.keys("esc")
		v := h.view()
		if !strings.Contains(v, "29 unread") {
			t.Fatalf("the count did not follow:\n%s", v)
		}
		h.keys("k")
		if row := strings.Split(h.view(), "\n")[7]; !strings.HasPrefix(row, "  Top headline number 02") {
			t.Fatalf("the opened row is not drawn read: %q", row)
		}
		if row := strings.Split(h.view(), "\n")[10]; !strings.HasPrefix(row, "• Top headline number 03") {
			t.Fatalf("an unread row has no dot: %q", row)
		}
	})
}

// b on a service that keeps marks stars the article there too.
func TestSaveStarsOnTheService(t *testing.T) {
	svc := newMarksService(30)
	st := openStore(t, filepath.Join(t.TempDir(), "state.db"))
	inBubble(t, func(t *testing.T) {
		h := newHarness(svc.fakeClient, 80, 24, svc.withMarks, withState(st))
		h.keys("b")
		svc.mu.Lock()
		starred := svc.starred["https://news.example/Top/01"]
		svc.mu.Unlock()
		if !starred {
			t.Fatal("b did not star the article on the service")
		}
		h.keys("b")
		svc.mu.Lock()
		starred = svc.starred["https://news.example/Top/01"]
		svc.mu.Unlock()
		if starred {
			t.Fatal("b again did not unstar it")
		}
	})
}

// m on a read article makes it unread in the state file too, where the
// service keeps no marks: the next session sees it unread.
func TestUnreadIsKeptInTheStateFile(t *testing.T) {
	st := openStore(t, filepath.Join(t.TempDir(), "state.db"))
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 30}, 80, 24, withState(st))
		h.keys("enter", "esc")
		read, err := st.ReadKeys(context.Background())
		if err != nil || !read.Has("https://news.example/Top/01") {
			t.Fatalf("opening did not keep the article read (%v)", err)
		}
		h.keys("m")
		read, err = st.ReadKeys(context.Background())
		if err != nil || read.Has("https://news.example/Top/01") {
			t.Fatalf("m did not keep the article unread (%v)", err)
		}
		if row := firstRow(h.view()); !strings.HasPrefix(row, "▌ Top headline number 01") {
			t.Fatalf("row %q", row)
		}
	})
}

// A asks through the status bar; y is its answer, not "copy link".
func TestMarkAllAsksInTheStatusBar(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newHarness(&fakeClient{total: 30}, 80, 24)
		h.keys("A")
		if v := h.view(); !strings.Contains(v, "Mark 10 articles read? (y/n)") || !strings.Contains(v, "y yes, mark all read") {
			t.Fatalf("A:\n%s", v)
		}
		h.keys("y")
		v := h.view()
		if !strings.Contains(v, "Marked 10 articles read.") || strings.Contains(v, "copied") {
			t.Fatalf("y:\n%s", v)
		}
		if strings.Contains(v, "• Top") {
			t.Fatalf("an unread row is left:\n%s", v)
		}
	})
}

// The Saved screen lists the service's starred articles after the ones
// saved here, each once.
func TestSavedListsTheServicesStarredArticles(t *testing.T) {
	svc := newMarksService(30)
	svc.starred["https://news.example/Top/09"] = true
	st := openStore(t, filepath.Join(t.TempDir(), "state.db"))
	inBubble(t, func(t *testing.T) {
		h := newHarness(svc.fakeClient, 80, 24, svc.withMarks, withState(st))
		h.keys("j", "j", "j", "j", "b", "k", "b") // saves (and stars) 05, then 04
		h.keys("4")
		v := h.view()
		if !strings.Contains(v, "Saved articles · 3") || strings.Count(v, "headline number 05") != 1 ||
			!strings.Contains(v, "headline number 04") || !strings.Contains(v, "headline number 09") {
			t.Fatalf("saved and starred:\n%s", v)
		}
		svc.mu.Lock()
		svc.starred["https://news.example/Top/12"] = true // starred by another reader of the key
		svc.mu.Unlock()
		h.keys("r")
		if v := h.view(); !strings.Contains(v, "Saved articles · 4") || !strings.Contains(v, "headline number 12") {
			t.Fatalf("another reader's star is not listed:\n%s", v)
		}
	})
}

// An article starred on the service (by another reader of the key) is
// marked saved in the lists, and b unstars it: the mark goes at once.
func TestStarredOnTheServiceIsMarkedSaved(t *testing.T) {
	svc := newMarksService(30)
	svc.starred["https://news.example/Top/01"] = true
	st := openStore(t, filepath.Join(t.TempDir(), "state.db"))
	inBubble(t, func(t *testing.T) {
		h := newHarness(svc.fakeClient, 80, 24, svc.withMarks, withState(st))
		if meta := strings.Split(h.view(), "\n")[5]; !strings.Contains(meta, "★ saved") {
			t.Fatalf("the starred article is not marked: %q", meta)
		}
		h.keys("b")
		svc.mu.Lock()
		starred := svc.starred["https://news.example/Top/01"]
		svc.mu.Unlock()
		if starred {
			t.Fatal("b on a starred article did not unstar it")
		}
		if meta := strings.Split(h.view(), "\n")[5]; strings.Contains(meta, "★ saved") {
			t.Fatalf("the mark stayed after b: %q", meta)
		}
	})
}
