package sources

import (
	"context"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"tidings/model"
	"tidings/ui/components/articles"
	"tidings/ui/internal/uitest"
)

// sourceMarks is a service's marks that counts unread articles per source.
type sourceMarks struct {
	counts map[string]int
	asked  int
}

func (s *sourceMarks) SetRead(context.Context, []string, bool) error    { return nil }
func (s *sourceMarks) SetStarred(context.Context, []string, bool) error { return nil }
func (s *sourceMarks) MarkAllRead(context.Context, model.MarkAllRead) (int, error) {
	return 0, nil
}

func (s *sourceMarks) UnreadBy(_ context.Context, by model.UnreadGrouping) (map[string]int, error) {
	s.asked++
	if by != model.UnreadBySource {
		return nil, nil
	}
	return s.counts, nil
}

// Where the service keeps marks, each source's row shows its unread count;
// r counts again. Elsewhere rows have no count column.
func TestSourcesShowTheirUnreadCounts(t *testing.T) {
	fc := &fakeClient{all: catalogue(6)}
	marks := &sourceMarks{counts: map[string]int{"src-000": 1204, "src-002": 3}}
	ctx := newCtx(fc, 120, 20)
	ctx.Marks = marks
	m := New(ctx, model.SourcesQuery{})
	drive(t, m, m.Init())
	view := ansi.Strip(m.View())
	uitest.AssertFrame(t, m.View(), 120, 20)
	for _, want := range []string{"1,204 unread", "3 unread"} {
		if !strings.Contains(view, want) {
			t.Fatalf("no %q:\n%s", want, view)
		}
	}
	if strings.Count(view, " unread") != 2 {
		t.Fatalf("sources without unread articles show a count:\n%s", view)
	}
	marks.counts["src-002"] = 0
	keys(t, m, "r")
	if marks.asked != 2 || strings.Contains(ansi.Strip(m.View()), " 3 unread") {
		t.Fatalf("r did not count again (%d asks):\n%s", marks.asked, ansi.Strip(m.View()))
	}
	marks.counts["src-000"] = 1203
	drive(t, m, m.Update(articles.MarksChangedMsg{}))
	if marks.asked != 3 || !strings.Contains(ansi.Strip(m.View()), "1,203 unread") {
		t.Fatalf("a change of marks did not count again (%d asks):\n%s", marks.asked, ansi.Strip(m.View()))
	}
	plain := open(t, &fakeClient{all: catalogue(6)}, 120, 20, model.SourcesQuery{})
	if strings.Contains(ansi.Strip(plain.View()), "unread") {
		t.Fatal("a service without marks shows counts")
	}
}
