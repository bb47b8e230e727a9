package sources

import (
	"testing"

	"tidings/model"
)

// BenchmarkFilterKeystroke is the cost of one key typed into the local
// filter over a large loaded catalogue (the list narrows on every key).
func BenchmarkFilterKeystroke(b *testing.B) {
	t := testing.TB(b)
	m := open(t, &fakeClient{all: catalogue(3000)}, 120, 40, model.SourcesQuery{})
	for m.list.HasMore() {
		drive(t, m, m.Update(press("end")))
	}
	keys(t, m, "/")
	b.ResetTimer()
	for i := range b.N {
		k := "x"
		if i%2 == 1 {
			k = "backspace"
		}
		m.Update(press(k))
	}
}

// BenchmarkView is one frame of the wide layout (list plus details pane)
// after the cursor moved, so the selected rows and the pane are redrawn.
func BenchmarkView(b *testing.B) {
	t := testing.TB(b)
	m := open(t, &fakeClient{all: catalogue(300)}, 160, 45, model.SourcesQuery{})
	b.ResetTimer()
	for i := range b.N {
		if i%2 == 0 {
			m.Update(press("j"))
		} else {
			m.Update(press("k"))
		}
		_ = m.View()
	}
}

// BenchmarkCleanPage is one page of 100 sources cleaned and given their
// collation keys (what each page costs inside its command).
func BenchmarkCleanPage(b *testing.B) {
	page := model.Page[model.Source]{Items: catalogue(100), TotalResults: 100, Page: 1, PageSize: 100}
	b.ReportAllocs()
	for range b.N {
		_ = newItems(page)
	}
}
