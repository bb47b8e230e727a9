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

// The full text's styles carry no colour under NO_COLOR and the palette's
// colours otherwise.
func TestMarkdownStyleFollowsThePalette(t *testing.T) {
	mono := New(true, true).Markdown
	for _, st := range append(mono.Heading[:], mono.Emph, mono.Strong, mono.Code, mono.CodeBlock,
		mono.Quote, mono.QuoteBar, mono.ListMarker, mono.Rule, mono.Link, mono.Image) {
		if out := st.Render("x"); strings.Contains(out, "38;") || strings.Contains(out, "48;") {
			t.Fatalf("the NO_COLOR markdown style has colours: %q", out)
		}
	}
	if mono.Heading[0].Render("x") == "x" || mono.Quote.Render("x") == "x" {
		t.Fatal("NO_COLOR headings or quotes look like plain text")
	}
	dark, light := New(true, false).Markdown, New(false, false).Markdown
	if h := dark.Heading[1].Render("x"); !strings.Contains(h, "169;156;255") || !strings.Contains(h, "1") {
		t.Fatalf("dark headings not bold in Primary: %q", h)
	}
	if h := light.Heading[1].Render("x"); !strings.Contains(h, "75;63;209") {
		t.Fatalf("light headings not in Primary: %q", h)
	}
	if h1 := dark.Heading[0].Render("x"); !strings.Contains(h1, "4") || h1 == dark.Heading[1].Render("x") {
		t.Fatalf("H1 not underlined: %q", h1)
	}
}
