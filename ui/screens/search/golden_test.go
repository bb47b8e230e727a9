package search

import (
	"fmt"
	"testing"
	"tidings/ui/internal/uitest"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"tidings/api"
	"tidings/model"
)

// TestViewGolden snapshots the screen in its main states at a compact and
// a roomy size. Regenerate with: go test ./ui/screens/search -update
func TestViewGolden(t *testing.T) {
	states := []struct {
		name  string
		setup func(t *testing.T, m *Model)
		err   error
	}{
		{name: "empty_form", setup: func(*testing.T, *Model) {}},
		{name: "invalid_date", setup: func(t *testing.T, m *Model) {
			typeText(t, m, "climate")
			keys(t, m, "tab", "tab", "tab", "tab")
			typeText(t, m, "2026-02-30")
		}},
		{name: "results", setup: func(t *testing.T, m *Model) {
			typeText(t, m, "climate")
			keys(t, m, "tab")
			typeText(t, m, "harbor-ledger")
			keys(t, m, "enter", "j", "j")
		}},
		{name: "editing_after_results", setup: func(t *testing.T, m *Model) {
			typeText(t, m, "climate")
			keys(t, m, "enter", "/", "tab", "tab", "tab", "tab", "tab", "tab", "right")
		}},
		{name: "network_error", err: fmt.Errorf("get articles: %w", api.ErrNetwork), setup: func(t *testing.T, m *Model) {
			typeText(t, m, "climate")
			keys(t, m, "enter")
		}},
	}
	sizes := []struct{ w, h int }{{80, 24}, {140, 40}}
	for _, size := range sizes {
		for _, st := range states {
			t.Run(fmt.Sprintf("%dx%d/%s", size.w, size.h, st.name), func(t *testing.T) {
				fc := &fakeClient{total: 42, err: st.err}
				m := New(newCtx(fc, size.w, size.h), model.ArticlesQuery{})
				st.setup(t, m)
				view := m.View()
				assertFrame(t, view, size.w, size.h)
				golden.RequireEqual(t, ansi.Strip(view))
			})
		}
	}
}

func TestViewKeepsItsFrameAtTinySizes(t *testing.T) {
	for _, size := range []struct{ w, h int }{{40, 10}, {1, 1}, {200, 60}} {
		fc := &fakeClient{total: 30}
		m := New(newCtx(fc, size.w, size.h), model.ArticlesQuery{Q: "storm"})
		drive(t, m, m.Init())
		assertFrame(t, m.View(), size.w, size.h)
		keys(t, m, "/")
		assertFrame(t, m.View(), size.w, size.h)
	}
}

var assertFrame = uitest.AssertFrame
