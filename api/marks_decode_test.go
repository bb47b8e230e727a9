package api

import (
	"testing"
)

// Both decoders read the marks extension: the one-pass decoder, and the
// tolerant one a page with an odd element (a source given as a bare name,
// a null article) falls back to.
func TestMarksFieldsDecodeOnBothPaths(t *testing.T) {
	for name, body := range map[string]string{
		"common shape": `{"status":"ok","totalResults":2,"unreadResults":1,"articles":[
			{"source":{"id":"a","name":"A"},"title":"One","url":"https://a.example/1","id":"117648418471426","read":true,"starred":false},
			{"source":{"id":"a","name":"A"},"title":"Two","url":"https://a.example/2","id":"42","read":false,"starred":true}]}`,
		"tolerant shape": `{"status":"ok","totalResults":2,"unreadResults":"1","articles":[null,
			{"source":"A","title":"One","url":"https://a.example/1","id":"117648418471426","read":true,"starred":"yes"},
			{"source":{"id":"a","name":"A"},"title":"Two","url":"https://a.example/2","id":"42","read":null,"starred":true}]}`,
	} {
		p, err := decodeArticlesPage([]byte(body), pagingHint{}, func(s string) string { return s })
		if err != nil || len(p.Items) != 2 {
			t.Fatalf("%s: %d items, %v", name, len(p.Items), err)
		}
		one, two := p.Items[0], p.Items[1]
		if one.ID != "117648418471426" || !one.Read || one.Starred || two.ID != "42" || two.Read || !two.Starred {
			t.Errorf("%s: marks %+v / %+v", name, one, two)
		}
		if !p.UnreadKnown || p.UnreadResults != 1 {
			t.Errorf("%s: unreadResults %d known %v, want 1", name, p.UnreadResults, p.UnreadKnown)
		}
	}
	p, _ := decodeArticlesPage([]byte(`{"status":"ok","totalResults":1,"articles":[{"title":"x","url":"u","id":"not-an-id"}]}`),
		pagingHint{}, func(s string) string { return s })
	if p.UnreadKnown || p.Items[0].ID != "" {
		t.Errorf("a service without the extension: unread known %v, id %q", p.UnreadKnown, p.Items[0].ID)
	}
}
