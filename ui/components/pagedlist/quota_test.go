package pagedlist

import (
	"strings"
	"testing"
	"time"

	"tidings/api"
)

// statedQuota is a client's last word on its rate limit.
type statedQuota struct{ q api.Quota }

func (s *statedQuota) Quota() (api.Quota, bool) { return s.q, true }

func quotaOf(remaining int, now time.Time) *statedQuota {
	return &statedQuota{api.Quota{Limit: 100, Remaining: remaining, Reset: time.Minute, At: now}}
}

func TestScrollingSpendsTheLastRequestsOnlyWhenAskedOutright(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		cat := &catalogue{total: 50, pageSize: 10}
		m := newList(t, 6) // 5 visible rows
		now := m.ctx.Clock()
		settle(t, m, m.Reset(cat.fetch))

		// Low (10 left of 100): no page a screen ahead, one at the last row.
		m.ctx.Quota = quotaOf(10, now)
		for m.Cursor() < 8 {
			if cmd := m.Move(1); cmd != nil {
				t.Fatalf("with the quota low, fetched ahead at cursor %d", m.Cursor())
			}
		}
		cmd := m.Move(1)
		if cmd == nil {
			t.Fatal("with the quota low, reaching the last row loaded nothing")
		}
		settle(t, m, cmd)

		// The reserve (3 left): scrolling to the end asks for nothing and
		// the footer says why; ↓ on the last row loads the next page.
		m.ctx.Quota = quotaOf(3, now)
		for m.Cursor() < 19 {
			if cmd := m.Move(1); cmd != nil {
				t.Fatalf("in the reserve, scrolling fetched at cursor %d", m.Cursor())
			}
		}
		if !m.QuotaHeld() || !strings.Contains(m.View(), "↓ for more · saving the last requests") {
			t.Fatalf("the footer does not say the list waits:\n%s", m.View())
		}
		if cmd := m.Move(1); cmd == nil {
			t.Fatal("↓ on the last row did not load the next page")
		} else {
			settle(t, m, cmd)
		}
		if got := cat.pages(); len(got) != 3 {
			t.Fatalf("pages asked = %v, want 1, 2 and 3 only", got)
		}

		// A quota past its reset is whole again: prefetch as usual.
		m.ctx.Quota = quotaOf(1, now.Add(-2*time.Minute))
		if cmd := m.Move(5); cmd == nil || m.Cursor() != 24 {
			t.Fatalf("with the window reset, no page was fetched a screen ahead (cursor %d of 30)", m.Cursor())
		}
	})
}
