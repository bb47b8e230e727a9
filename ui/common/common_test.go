package common

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"tidings/api"
	"tidings/model"
)

func TestFetchGuardDropsStaleResults(t *testing.T) {
	var g FetchGuard
	ctx1, id1 := g.Begin()
	_, id2 := g.Begin()
	if ctx1.Err() == nil {
		t.Fatal("starting a new request did not cancel the old one")
	}
	if g.Finish(id1) {
		t.Fatal("a stale result was accepted")
	}
	if !g.Finish(id2) {
		t.Fatal("the current result was dropped")
	}
	if g.Finish(id2) || g.InFlight() {
		t.Fatal("a finished request still counts as in flight")
	}
	ctx3, id3 := g.Begin()
	g.Abort()
	if ctx3.Err() == nil || g.Finish(id3) {
		t.Fatal("Abort neither cancelled nor invalidated the request")
	}
}

func TestExplainSaysWhatToDo(t *testing.T) {
	base := "http://127.0.0.1:9/v2"
	cases := []struct {
		err         error
		title, hint string
	}{
		{&api.Error{Status: 401}, "refused the API key", "NEWS_API_KEY"},
		{fmt.Errorf("get: %w", api.ErrNetwork), "Could not reach " + base, "r to retry"},
		{&api.Error{Status: 404}, "no such endpoint", "/v2"},
		{fmt.Errorf("x: %w", api.ErrTimeout), "in time", "r to retry"},
		{&api.Error{Status: 500}, "internal error", "r to retry"},
		{&api.Error{Status: 400, Message: "pageSize too big"}, "rejected", "pageSize too big"},
		{&model.ValidationError{Message: "q is required"}, "q is required", "Change the query"},
		{fmt.Errorf("decode: %w", api.ErrBadResponse), "cannot read", "/v2"},
	}
	for _, c := range cases {
		title, hint := Explain(c.err, base)
		if !strings.Contains(title, c.title) || !strings.Contains(hint, c.hint) {
			t.Errorf("Explain(%v) = %q, %q; want %q / %q", c.err, title, hint, c.title, c.hint)
		}
	}
	if title, _ := Explain(errors.New("boom"), ""); title == "" {
		t.Error("unknown errors get no title")
	}
	if title, _ := Explain(context.Canceled, base); title == "" || !IsCanceled(context.Canceled) {
		t.Error("cancellation is not recognised")
	}
}

func TestRelativeTime(t *testing.T) {
	now := time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC)
	cases := map[time.Duration]string{
		10 * time.Second: "just now", 5 * time.Minute: "5m ago", 3 * time.Hour: "3h ago",
		47 * time.Hour: "47h ago", 72 * time.Hour: "3d ago", 40 * 24 * time.Hour: "13 Oct",
		400 * 24 * time.Hour: "18 Oct 2025",
	}
	for d, want := range cases {
		if got := RelativeTime(now, now.Add(-d)); got != want {
			t.Errorf("RelativeTime(-%v) = %q, want %q", d, got, want)
		}
	}
	if RelativeTime(now, time.Time{}) != "" {
		t.Error("the zero time should give no text")
	}
}

func TestShiftMouse(t *testing.T) {
	got := ShiftMouse(tea.MouseClickMsg{X: 5, Y: 7, Button: tea.MouseLeft}, 2, 3)
	if m := got.(tea.MouseClickMsg); m.X != 3 || m.Y != 4 || m.Button != tea.MouseLeft {
		t.Fatalf("ShiftMouse = %+v", m)
	}
}
