package theme

import (
	"strings"
	"testing"
)

func TestLightAndDarkDiffer(t *testing.T) {
	if NewPalette(true).Text == NewPalette(false).Text {
		t.Fatal("light and dark palettes use the same text colour")
	}
}

// TestMonochromeHasNoColourButVisibleSelection renders the selected and
// plain title styles of the NO_COLOR theme: there must be no colour SGR
// codes (38;/48;) and the selection must still differ from a plain row.
func TestMonochromeHasNoColourButVisibleSelection(t *testing.T) {
	s := New(true, true)
	sel := s.List.TitleSelected.Render("title")
	plain := s.List.Title.Render("title")
	for _, out := range []string{sel, plain, s.Tabs.Active.Render("Tab"), s.App.Badge.Render("DEMO")} {
		if strings.Contains(out, "38;") || strings.Contains(out, "48;") {
			t.Errorf("monochrome output carries colour: %q", out)
		}
	}
	if sel == plain {
		t.Fatal("selected row looks like an unselected row without colour")
	}
}

func TestColourThemeUsesColour(t *testing.T) {
	s := New(true, false)
	if out := s.List.TitleSelected.Render("x"); !strings.Contains(out, "38;") {
		t.Fatalf("colour theme rendered no colour: %q", out)
	}
}

// The full text's glamour style carries no colour under NO_COLOR and the
// palette's colours otherwise.
func TestMarkdownStyleFollowsThePalette(t *testing.T) {
	mono := New(true, true).Markdown
	if mono.Heading.Color != nil || mono.Link.Color != nil || mono.Code.Color != nil || mono.BlockQuote.Color != nil {
		t.Fatal("the NO_COLOR markdown style has colours")
	}
	dark, light := New(true, false).Markdown, New(false, false).Markdown
	if dark.Heading.Color == nil || *dark.Heading.Color != "#A99CFF" || *light.Heading.Color != "#4B3FD1" {
		t.Fatalf("headings not in Primary: %v / %v", dark.Heading.Color, light.Heading.Color)
	}
}
