package greader

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestEditTagReadsAndStarsAndUndoes(t *testing.T) {
	h, _ := newTestHandler(t, fixture(5))
	alice := login(t, h, keyAlice)
	rec := alice.mustOK(alice.post("edit-tag", url.Values{"i": {"1000", "1001"}, "a": {stateRead, stateStarred}}))
	if rec.Body.String() != "OK" {
		t.Errorf("edit-tag answered %q: newsboat takes nothing but \"OK\" as done", rec.Body)
	}
	items := alice.contents("1000", "1001", "1002")
	for _, it := range items[:2] {
		if !has(it, stateRead) || !has(it, stateStarred) {
			t.Errorf("%s: categories %v, want read and starred", it.ID, it.Categories)
		}
	}
	if has(items[2], stateRead) || has(items[2], stateStarred) {
		t.Errorf("an item not asked for changed: %v", items[2].Categories)
	}
	// r= takes them off; kept-unread is the opposite of read.
	alice.mustOK(alice.post("edit-tag", url.Values{"i": {"1000"}, "r": {stateStarred}, "a": {"user/-/state/com.google/kept-unread"}}))
	if it := alice.contents("1000")[0]; has(it, stateRead) || has(it, stateStarred) {
		t.Errorf("after r=starred, a=kept-unread: %v", it.Categories)
	}
	// like and broadcast are accepted and ignored, as Miniflux does.
	alice.mustOK(alice.post("edit-tag", url.Values{"i": {"1000"}, "a": {"user/-/state/com.google/like"}}))
}

func TestEditTagRefusesWhatItCannotKeep(t *testing.T) {
	h, _ := newTestHandler(t, fixture(5))
	alice := login(t, h, keyAlice)
	cases := map[string]url.Values{
		"user/-/label/Later":     {"i": {"1000"}, "a": {"user/-/label/Later"}},
		"both added and removed": {"i": {"1000"}, "a": {stateRead}, "r": {stateRead}},
		"no item ids":            {"a": {stateRead}},
		"item id \"banana\"":     {"i": {"banana"}, "a": {stateRead}},
		"needs a=":               {"i": {"1000"}},
	}
	for want, v := range cases {
		rec := alice.post("edit-tag", v)
		if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), want) {
			t.Errorf("%s: %d %q", want, rec.Code, rec.Body)
		}
	}
	if rec := alice.get("edit-tag", url.Values{"i": {"1000"}, "a": {stateRead}}); rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("GET edit-tag: %d, want 405", rec.Code)
	}
}

func TestMarkAllAsReadStopsAtTs(t *testing.T) {
	h, _ := newTestHandler(t, fixture(9))
	alice := login(t, h, keyAlice)
	// Everything of feed/ars (1000, 1003, 1006) published at or before
	// article 3's time, in microseconds as Google Reader sends ts.
	ts := strconv.FormatInt(base.Add(-3*time.Hour).UnixMicro(), 10)
	alice.mustOK(alice.post("mark-all-as-read", url.Values{"s": {"feed/ars"}, "ts": {ts}}))
	if got := alice.ids(url.Values{"s": {stateRead}}, 100); strings.Join(got, ",") != "1003,1006" {
		t.Errorf("read after marking feed/ars up to ts: %v, want 1003,1006", got)
	}
	alice.mustOK(alice.post("mark-all-as-read", url.Values{"s": {"user/-/label/General"}}))
	if got := alice.ids(url.Values{"s": {stateRead}}, 100); strings.Join(got, ",") != "1001,1003,1004,1006,1007" {
		t.Errorf("read after marking the General label: %v", got)
	}
	alice.mustOK(alice.post("mark-all-as-read", url.Values{"s": {stateReadingList}}))
	if got := alice.ids(url.Values{"s": {stateReadingList}, "xt": {stateRead}}, 100); len(got) != 0 {
		t.Errorf("unread after marking the reading list: %v", got)
	}
	for _, bad := range []url.Values{{"s": {stateStarred}}, {"s": {"feed/ars"}, "ts": {"soon"}}, {"s": {"feed/nobody"}}} {
		if rec := alice.post("mark-all-as-read", bad); rec.Code != http.StatusBadRequest {
			t.Errorf("%v: %d, want 400", bad, rec.Code)
		}
	}
}

func TestMarkTimeUnits(t *testing.T) {
	now := time.Unix(2_000_000_000, 0)
	at := time.Unix(1_700_000_000, 123_456_789)
	cases := map[string]time.Time{
		"":                    now,
		"0":                   now,
		"1700000000":          time.Unix(1_700_000_000, 0),
		"1700000000123":       time.UnixMilli(at.UnixMilli()),
		"1700000000123456":    time.UnixMicro(at.UnixMicro()),
		"1700000000123456789": at,
	}
	for raw, want := range cases {
		if got, err := markTime(raw, now); err != nil || !got.Equal(want) {
			t.Errorf("markTime(%q) = %v, %v; want %v", raw, got, err, want)
		}
	}
}

func TestTwoKeysNeverSeeEachOthersMarks(t *testing.T) {
	h, _ := newTestHandler(t, fixture(6))
	alice, bob := login(t, h, keyAlice), login(t, h, keyBob)
	if alice.token == bob.token {
		t.Fatal("two keys got one token")
	}
	alice.mustOK(alice.post("edit-tag", url.Values{"i": {"1000", "1001"}, "a": {stateRead, stateStarred}}))
	bob.mustOK(bob.post("mark-all-as-read", url.Values{"s": {"feed/verge"}}))
	if got := bob.ids(url.Values{"s": {stateStarred}}, 100); len(got) != 0 {
		t.Errorf("bob sees alice's stars: %v", got)
	}
	if got := bob.ids(url.Values{"s": {stateRead}}, 100); strings.Join(got, ",") != "1002,1005" {
		t.Errorf("bob's read: %v, want only his own 1002,1005", got)
	}
	if got := alice.ids(url.Values{"s": {stateRead}}, 100); strings.Join(got, ",") != "1000,1001" {
		t.Errorf("alice's read: %v, want only her own 1000,1001", got)
	}
	if it := bob.contents("1000")[0]; has(it, stateRead) || has(it, stateStarred) {
		t.Errorf("bob's copy of alice's item: %v", it.Categories)
	}
	var counts struct{ Max int }
	bob.decode(bob.get("unread-count", nil), &counts)
	if counts.Max != 4 {
		t.Errorf("bob's unread count %d, want 4", counts.Max)
	}
	// A second client of alice's key sees her state.
	again := login(t, h, keyAlice)
	if got := again.ids(url.Values{"s": {stateStarred}}, 100); strings.Join(got, ",") != "1000,1001" {
		t.Errorf("alice's second client sees stars %v", got)
	}
}
