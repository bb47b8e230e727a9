package search

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"tidings/model"
)

// A field's error names the field once (issue 28, item 8: "✗ Domains:
// domains: …", "✗ Exclude domains: excludeDomains: …").
func TestFormErrorNamesTheFieldOnce(t *testing.T) {
	cases := []struct {
		tabs      int
		want, not string
	}{
		{2, `✗ Domains: "bad domain" is not a valid domain name`, "domains:"},
		{3, `✗ Exclude domains: "bad domain" is not a valid domain name`, "excludeDomains"},
	}
	for _, c := range cases {
		fc := &fakeClient{total: 5}
		m := New(newCtx(fc, 120, 30), model.ArticlesQuery{})
		typeText(t, m, "election")
		for range c.tabs {
			keys(t, m, "tab")
		}
		typeText(t, m, "bad domain")
		view := ansi.Strip(m.View())
		if !strings.Contains(view, c.want) || strings.Contains(view, c.not) {
			t.Fatalf("want %q and no %q in:\n%s", c.want, c.not, view)
		}
	}
}
