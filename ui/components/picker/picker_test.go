package picker

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"tidings/keymap"
	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/theme"
)

func newPicker(t *testing.T) *Model {
	t.Helper()
	ctx := &common.View{Styles: theme.New(true, false), Keys: keymap.Default()}
	p := New(ctx, "country", "Country", CountryOptions())
	p.SetSize(60, 14)
	return p
}

func typeText(p *Model, s string) {
	for _, r := range s {
		p.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

func result(cmd tea.Cmd) tea.Msg {
	if cmd == nil {
		return nil
	}
	return cmd()
}

func TestListsEveryCountryByNameWithAll(t *testing.T) {
	opts := CountryOptions()
	if len(opts) != len(model.Countries())+1 || opts[0].ID != "" || opts[0].Label != "All countries" {
		t.Fatalf("options start %v, %d in all", opts[0], len(opts))
	}
	found := false
	for _, o := range opts {
		found = found || o.Label == "Germany (de)"
	}
	if !found {
		t.Fatal(`no "Germany (de)"`)
	}
}

func TestOpensOnCurrentChoice(t *testing.T) {
	p := newPicker(t)
	p.Open("de")
	view := ansi.Strip(p.View())
	if !strings.Contains(view, "▌ Germany (de) ✓") {
		t.Fatalf("current choice not highlighted:\n%s", view)
	}
	if msg := result(p.Update(tea.KeyPressMsg{Code: tea.KeyEnter})); msg != (PickedMsg{Picker: "country", ID: "de", Label: "Germany (de)"}) {
		t.Fatalf("enter picked %v", msg)
	}
	if p.IsOpen() {
		t.Fatal("picker stayed open after a choice")
	}
}

// A screen takes the choice within the key that made it, once; keys that
// choose nothing give none.
func TestTakePickGivesTheChoiceOnce(t *testing.T) {
	p := newPicker(t)
	p.Open("")
	typeText(p, "germ")
	if _, ok := p.TakePick(); ok {
		t.Fatal("typing gave a choice")
	}
	p.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if pick, ok := p.TakePick(); !ok || pick.ID != "de" {
		t.Fatalf("after enter: %v, %v; want Germany", pick, ok)
	}
	if _, ok := p.TakePick(); ok {
		t.Fatal("the choice was given twice")
	}
	p.Open("de")
	p.Update(tea.KeyPressMsg{Code: tea.KeyEsc})
	if _, ok := p.TakePick(); ok {
		t.Fatal("esc gave a choice")
	}
}

func TestTypingNarrowsBestFirst(t *testing.T) {
	p := newPicker(t)
	p.Open("")
	typeText(p, "de")
	if got := p.options[p.matches[0]].ID; got != "de" {
		t.Fatalf("typing a code puts %q first", got)
	}
	p.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
	p.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
	typeText(p, "united")
	var ids []string
	for _, i := range p.matches {
		ids = append(ids, p.options[i].ID)
	}
	if strings.Join(ids, ",") != "ae,gb,us" {
		t.Fatalf("united matches %v", ids)
	}
	p.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	if msg := result(p.Update(tea.KeyPressMsg{Code: tea.KeyEnter})); msg.(PickedMsg).ID != "gb" {
		t.Fatalf("picked %v", msg)
	}
}

func TestLettersAreTypedNotCommands(t *testing.T) {
	p := newPicker(t)
	p.Open("")
	typeText(p, "qjk")
	if p.input.Value() != "qjk" || !p.IsOpen() {
		t.Fatalf("letters were not typed: %q", p.input.Value())
	}
	if len(p.matches) != 0 || !strings.Contains(ansi.Strip(p.View()), "no match") {
		t.Fatal("no-match state not shown")
	}
	if result(p.Update(tea.KeyPressMsg{Code: tea.KeyEnter})) != nil || !p.IsOpen() {
		t.Fatal("enter with no match closed the picker")
	}
}

func TestEscCancels(t *testing.T) {
	p := newPicker(t)
	p.Open("us")
	if msg := result(p.Update(tea.KeyPressMsg{Code: tea.KeyEsc})); msg != (CanceledMsg{Picker: "country"}) || p.IsOpen() {
		t.Fatalf("esc gave %v", msg)
	}
}

func TestClickChooses(t *testing.T) {
	p := newPicker(t)
	p.Open("")
	msg := result(p.Update(tea.MouseClickMsg{X: 4, Y: 3, Button: tea.MouseLeft}))
	if msg != (PickedMsg{Picker: "country", ID: "", Label: "All countries"}) {
		t.Fatalf("click on the first option gave %v", msg)
	}
}

func TestViewFitsItsArea(t *testing.T) {
	p := newPicker(t)
	p.SetSize(40, 10)
	p.Open("za")
	lines := strings.Split(p.View(), "\n")
	if len(lines) > 10 {
		t.Fatalf("%d lines in a 10-line area", len(lines))
	}
	for _, l := range lines {
		if w := ansi.StringWidth(l); w > 40 {
			t.Fatalf("line %q is %d wide", ansi.Strip(l), w)
		}
	}
	if !strings.Contains(ansi.Strip(p.View()), "South Africa (za) ✓") {
		t.Fatalf("current choice scrolled out of view:\n%s", ansi.Strip(p.View()))
	}
}

func TestPasteNarrows(t *testing.T) {
	p := newPicker(t)
	p.Open("")
	p.Update(tea.PasteMsg{Content: "Japan"})
	if len(p.matches) != 1 || p.options[p.matches[0]].ID != "jp" {
		t.Fatalf("paste did not narrow to Japan: %v", p.matches)
	}
}

func TestClickOutsideCancels(t *testing.T) {
	p := newPicker(t)
	p.Open("")
	if msg := result(p.Update(tea.MouseClickMsg{X: 55, Y: 2, Button: tea.MouseLeft})); msg != (CanceledMsg{Picker: "country"}) || p.IsOpen() {
		t.Fatalf("click beside the box gave %v", msg)
	}
}

// The counter counts the rows the filter leaves, not every option (issue
// 28, item 21: "germ" showed one row and "1/55").
func TestCounterCountsWhatTheFilterLeaves(t *testing.T) {
	p := newPicker(t)
	p.Open("")
	total := len(CountryOptions())
	head := func() string { return strings.SplitN(ansi.Strip(p.View()), "\n", 3)[1] }
	if want := fmt.Sprintf("1/%d", total); !strings.Contains(head(), want) {
		t.Fatalf("unfiltered header %q, want %q", head(), want)
	}
	p.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	if want := fmt.Sprintf("2/%d", total); !strings.Contains(head(), want) {
		t.Fatalf("after ↓ header %q, want %q", head(), want)
	}
	typeText(p, "germ")
	if !strings.Contains(head(), "1/1") {
		t.Fatalf(`after "germ" header %q, want "1/1"`, head())
	}
	typeText(p, "zzz")
	if !strings.Contains(head(), "0/0") {
		t.Fatalf("with nothing left header %q, want 0/0", head())
	}
}
