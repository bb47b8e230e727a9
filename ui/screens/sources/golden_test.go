package sources

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
// a roomy size. Regenerate with: go test ./ui/screens/sources -update
func TestViewGolden(t *testing.T) {
	states := []struct {
		name   string
		preset model.SourcesQuery
		err    error
		setup  func(t *testing.T, m *Model)
	}{
		{name: "list", setup: func(t *testing.T, m *Model) { keys(t, m, "j", "j") }},
		{name: "filtered_by_service", preset: model.SourcesQuery{Category: "technology", Language: "de"},
			setup: func(*testing.T, *Model) {}},
		{name: "local_filter", setup: func(t *testing.T, m *Model) {
			keys(t, m, "/")
			typeText(t, m, "star")
		}},
		{name: "details", setup: func(t *testing.T, m *Model) { keys(t, m, "j"); showDetails(t, m) }},
		{name: "country_picker", setup: func(t *testing.T, m *Model) {
			keys(t, m, "t")
			typeText(t, m, "ger")
		}},
		{name: "unauthorized", err: &api.Error{Status: 401, Code: "apiKeyInvalid"}, setup: func(*testing.T, *Model) {}},
	}
	for _, size := range []struct{ w, h int }{{80, 24}, {140, 40}} {
		for _, st := range states {
			t.Run(fmt.Sprintf("%dx%d/%s", size.w, size.h, st.name), func(t *testing.T) {
				m := open(t, &fakeClient{all: catalogue(60), err: st.err}, size.w, size.h, st.preset)
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
		m := open(t, &fakeClient{all: catalogue(30)}, size.w, size.h, model.SourcesQuery{})
		assertFrame(t, m.View(), size.w, size.h)
		keys(t, m, "enter")
		assertFrame(t, m.View(), size.w, size.h)
		keys(t, m, "esc", "t")
		assertFrame(t, m.View(), size.w, size.h)
	}
}

var assertFrame = uitest.AssertFrame
