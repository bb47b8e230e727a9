package pagedlist

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"tidings/api"
	"tidings/model"
	"tidings/ui/common"
)

// cappedErr is what the NewsAPI client returns past the Developer plan's
// 100 results.
var cappedErr = &api.Error{Status: 426, Code: "maximumResultsReached", Kind: api.ErrResultsCapped,
	Dialect: api.DialectNewsAPI, Message: "Developer accounts are limited to a max of 100 results."}

func TestAResultsCapEndsTheListWithItsReasonAndNoRetry(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		cat := &catalogue{total: 12345, pageSize: 20} // far more than the plan serves
		fetch := func(ctx context.Context, page int) (model.Page[string], error) {
			if page*cat.pageSize > 100 {
				cat.mu.Lock()
				cat.calls = append(cat.calls, page)
				cat.mu.Unlock()
				return model.Page[string]{}, cappedErr
			}
			return cat.fetch(ctx, page)
		}
		m := newList(t, 8)
		m.SetSize(90, 8)
		settle(t, m, m.Reset(fetch))
		settle(t, m, m.Update(press("G")))
		if m.Len() != 100 || m.Cursor() != 99 {
			t.Fatalf("G stopped at %d items, cursor %d; want the 100 the plan serves", m.Len(), m.Cursor())
		}
		if got := fmt.Sprint(cat.pages()); got != "[1 2 3 4 5 6]" {
			t.Fatalf("pages asked = %s; want 1-5 and the one refused", got)
		}
		view := m.View()
		if !strings.Contains(view, common.ResultsCappedText) || !strings.Contains(view, "End of results") {
			t.Fatalf("the end row does not say why the list ends:\n%s", view)
		}
		if strings.Contains(view, "r to retry") || strings.Contains(view, "426") || strings.Contains(view, "maximumResultsReached") {
			t.Fatalf("the cap reads as a failure, or shows its code:\n%s", view)
		}
		if m.Err() != nil || m.HasMore() || m.Status() != "100/100 · End of results" {
			t.Fatalf("err %v, more %v, status %q", m.Err(), m.HasMore(), m.Status())
		}
		// Nothing asks again by itself: not moving, not G, not the end.
		settle(t, m, m.Move(-5))
		settle(t, m, m.Move(10))
		settle(t, m, m.Update(press("G")))
		if got := len(cat.pages()); got != 6 {
			t.Fatalf("%d requests after the cap; want none more", got)
		}
		// r reloads the list from the top (a new query, not a retry).
		settle(t, m, m.Update(press("r")))
		if pages := cat.pages(); len(pages) != 7 || pages[6] != 1 || m.Len() != 20 {
			t.Fatalf("r asked %v and shows %d items; want page 1 again", pages, m.Len())
		}
	})
}

func TestACapOnTheFirstPageSaysSoInTheBody(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		m := newList(t, 8)
		m.SetSize(90, 8)
		settle(t, m, m.Reset(func(context.Context, int) (model.Page[string], error) { return model.Page[string]{}, cappedErr }))
		if view := m.View(); !strings.Contains(view, common.ResultsCappedText) || strings.Contains(view, "Nothing here") {
			t.Fatalf("body:\n%s", view)
		}
	})
}
