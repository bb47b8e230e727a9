package search

import (
	"reflect"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"tidings/keymap"
	"tidings/model"
)

// typeInto focuses field id and types s one key at a time, as a user would.
func typeInto(f *form, id fieldID, s string) {
	f.setFocus(id)
	keys := &keymap.Default().Search
	for _, r := range s {
		f.update(tea.KeyPressMsg{Code: r, Text: string(r)}, keys)
	}
}

func TestFormMarksBadDateWhileTyping(t *testing.T) {
	f := newForm()
	typeInto(&f, fieldQ, "climate")
	typeInto(&f, fieldFrom, "2026-13")
	if f.errs[fieldFrom] == "" || !strings.Contains(f.errs[fieldFrom], "yyyy-MM-dd") {
		t.Fatalf("from error = %q, want the date format explained", f.errs[fieldFrom])
	}
	if f.valid() {
		t.Fatal("form with a bad date must not be valid")
	}
	f.inputs[fieldFrom].SetValue("2026-11-20")
	f.validate()
	if f.errs[fieldFrom] != "" || !f.valid() {
		t.Fatalf("valid date still marked: %q", f.errs[fieldFrom])
	}
}

func TestFormEmptyQueryBlocksButIsNotShoutedBeforeTrying(t *testing.T) {
	f := newForm()
	if f.errs[fieldQ] != "" {
		t.Fatalf("untouched empty query marked: %q", f.errs[fieldQ])
	}
	if f.valid() {
		t.Fatal("empty query must not be valid")
	}
	f.tried = true
	f.validate()
	if !strings.Contains(f.errs[fieldQ], "q is required") {
		t.Fatalf("after trying, q error = %q", f.errs[fieldQ])
	}
}

func TestFormMarksSeveralFieldsAndFromAfterTo(t *testing.T) {
	f := newForm()
	typeInto(&f, fieldQ, "x")
	typeInto(&f, fieldSources, "ok-id, bad id")
	typeInto(&f, fieldDomains, "nodot")
	if f.errs[fieldSources] == "" || f.errs[fieldDomains] == "" {
		t.Fatalf("errors = %q", f.errs)
	}
	if got := f.firstInvalid(); got != fieldSources {
		t.Fatalf("first invalid = %d, want sources", got)
	}

	f = newForm()
	typeInto(&f, fieldFrom, "2026-11-21")
	typeInto(&f, fieldTo, "2026-11-20")
	if !strings.Contains(f.errs[fieldFrom], "after") {
		t.Fatalf("from after to not marked on from: %q", f.errs)
	}
}

func TestFormQuerySplitsListsAndKeepsChoices(t *testing.T) {
	f := newForm()
	typeInto(&f, fieldQ, "  solar power ")
	typeInto(&f, fieldSources, "harbor-ledger, ,north-star")
	typeInto(&f, fieldDomains, "example.com")
	typeInto(&f, fieldExclude, "spam.org,ads.net")
	typeInto(&f, fieldFrom, "2026-11-01")
	typeInto(&f, fieldTo, "2026-11-20T08:00:00Z")
	f.setFocus(fieldLanguage)
	f.update(tea.KeyPressMsg{Code: 'd', Text: "d"}, &keymap.Default().Search)
	f.setFocus(fieldSort)
	_, act := f.update(tea.KeyPressMsg{Code: tea.KeyRight}, &keymap.Default().Search)
	if act != actNone { // the field changes; nothing runs until enter
		t.Fatalf("sort cycling action = %d", act)
	}
	want := model.ArticlesQuery{
		Q:              "solar power",
		Sources:        []string{"harbor-ledger", "north-star"},
		Domains:        []string{"example.com"},
		ExcludeDomains: []string{"spam.org", "ads.net"},
		From:           "2026-11-01",
		To:             "2026-11-20T08:00:00Z",
		Language:       "de",
		SortBy:         model.SortRelevancy,
	}
	if got := f.query(); !reflect.DeepEqual(got, want) {
		t.Fatalf("query =\n%+v\nwant\n%+v", got, want)
	}
	if !f.valid() {
		t.Fatalf("errors: %q", f.errs)
	}

	g := newForm()
	g.setQuery(want)
	if got := g.query(); !reflect.DeepEqual(got, want) {
		t.Fatalf("setQuery round trip =\n%+v", got)
	}
}

func TestFormLanguageLetterJumpsAndCycles(t *testing.T) {
	f := newForm()
	f.setFocus(fieldLanguage)
	keys := &keymap.Default().Search
	f.update(tea.KeyPressMsg{Code: 'e', Text: "e"}, keys)
	if f.language() != "en" {
		t.Fatalf("e → %q, want en", f.language())
	}
	f.update(tea.KeyPressMsg{Code: 'e', Text: "e"}, keys)
	if f.language() != "es" {
		t.Fatalf("e again → %q, want es", f.language())
	}
	f.update(tea.KeyPressMsg{Code: tea.KeyLeft}, keys)
	if f.language() != "en" {
		t.Fatalf("left → %q, want en", f.language())
	}
	f.setFocus(fieldQ)
	f.update(tea.KeyPressMsg{Code: 'e', Text: "e"}, keys)
	if f.value(fieldQ) != "e" || f.language() != "en" {
		t.Fatal("letters in the query field must be typed, not change choices")
	}
}

func TestFormTabWrapsAround(t *testing.T) {
	f := newForm()
	keys := &keymap.Default().Search
	f.update(tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift}, keys)
	if f.focus != fieldSort {
		t.Fatalf("shift+tab from query → %d, want sort", f.focus)
	}
	f.update(tea.KeyPressMsg{Code: tea.KeyTab}, keys)
	if f.focus != fieldQ || !f.inputs[fieldQ].Focused() {
		t.Fatal("tab from sort should wrap to the query field")
	}
}
