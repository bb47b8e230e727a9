package pagedlist

import (
	"strings"
	"testing"
)

// The status and the end row count in words that agree with the number
// (issue 28, item 7: "1 sources", "0 match", "20 match").
func TestStatusCountsAgreeWithTheirNouns(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		m := newList(t, 8)
		settle(t, m, m.Reset((&catalogue{total: 1, pageSize: 10}).fetch))
		if got := m.Status(); got != "End of results · 1 thing" {
			t.Fatalf("one item: Status = %q", got)
		}
		if !strings.Contains(m.View(), "End of results · 1 thing") || strings.Contains(m.View(), "1 things") {
			t.Fatalf("one item: end row:\n%s", m.View())
		}
		m.SetFilter(func(string) bool { return false })
		if got := m.Status(); got != "0 matches · End of results · 1 thing" {
			t.Fatalf("no match: Status = %q", got)
		}
		m.SetFilter(func(string) bool { return true })
		if got := m.Status(); got != "1 match · End of results · 1 thing" {
			t.Fatalf("one match: Status = %q", got)
		}

		settle(t, m, m.Reset((&catalogue{total: 1204, pageSize: 20}).fetch))
		m.SetFilter(func(string) bool { return true })
		if got := m.Status(); got != "20 matches · loaded 20 of 1,204" {
			t.Fatalf("twenty matches: Status = %q", got)
		}
	})
}
