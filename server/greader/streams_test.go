package greader

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func idsOf(from, to int) []string { // 1000+from … 1000+to-1, newest first
	var out []string
	for i := from; i < to; i++ {
		out = append(out, strconv.Itoa(1000+i))
	}
	return out
}

func TestReadingListIsNewestFirstAndROReversesIt(t *testing.T) {
	h, _ := newTestHandler(t, fixture(30))
	alice := login(t, h, keyAlice)
	got := alice.ids(url.Values{"s": {stateReadingList}}, 7)
	if want := idsOf(0, 30); !slices.Equal(got, want) {
		t.Errorf("reading list:\n got %v\nwant %v", got, want)
	}
	got = alice.ids(url.Values{"s": {stateReadingList}, "r": {"o"}}, 1000)
	want := idsOf(0, 30)
	slices.Reverse(want)
	if !slices.Equal(got, want) {
		t.Errorf("r=o:\n got %v\nwant %v", got, want)
	}
}

func TestStreamsAndFilters(t *testing.T) {
	h, _ := newTestHandler(t, fixture(12))
	alice := login(t, h, keyAlice)
	alice.mustOK(alice.post("edit-tag", url.Values{"i": {"1000", "1001", "1002"}, "a": {stateRead}}))
	alice.mustOK(alice.post("edit-tag", url.Values{"i": {"1003", "tag:google.com,2005:reader/item/00000000000003ec"}, "a": {stateStarred}}))
	all := func(v url.Values) []string { return alice.ids(v, 1000) }
	cases := []struct {
		name string
		v    url.Values
		want []string
	}{
		{"unread (xt=read)", url.Values{"s": {stateReadingList}, "xt": {stateRead}}, idsOf(3, 12)},
		{"read stream", url.Values{"s": {stateRead}}, idsOf(0, 3)},
		{"it=read", url.Values{"s": {stateReadingList}, "it": {stateRead}}, idsOf(0, 3)},
		{"starred", url.Values{"s": {stateStarred}}, []string{"1003", "1004"}},
		{"feed", url.Values{"s": {"feed/bbc"}}, []string{"1001", "1004", "1007", "1010"}},
		{"unread of a feed", url.Values{"s": {"feed/bbc"}, "xt": {stateRead}}, []string{"1004", "1007", "1010"}},
		{"label", url.Values{"s": {"user/-/label/Technology"}}, []string{"1000", "1002", "1003", "1005", "1006", "1008", "1009", "1011"}},
		{"label by user id", url.Values{"s": {"user/123/label/general"}}, []string{"1001", "1004", "1007", "1010"}},
		// ot and nt are Unix seconds: after ot, before nt.
		{"ot", url.Values{"s": {stateReadingList}, "ot": {strconv.FormatInt(base.Add(-3*3600e9).Unix(), 10)}}, idsOf(0, 3)},
		{"nt", url.Values{"s": {stateReadingList}, "nt": {strconv.FormatInt(base.Add(-9*3600e9).Unix(), 10)}}, idsOf(10, 12)},
	}
	for _, tc := range cases {
		if got := all(tc.v); !slices.Equal(got, tc.want) {
			t.Errorf("%s:\n got %v\nwant %v", tc.name, got, tc.want)
		}
	}
}

func TestBadStreamParametersAreNamed(t *testing.T) {
	h, _ := newTestHandler(t, fixture(3))
	alice := login(t, h, keyAlice)
	cases := map[string]url.Values{
		"no label":      {"s": {"user/-/label/Knitting"}},
		"no stream":     {"s": {"splice/whatever"}},
		"feed/nobody":   {"s": {"feed/nobody"}},
		"n=lots":        {"s": {stateReadingList}, "n": {"lots"}},
		"r=sideways":    {"s": {stateReadingList}, "r": {"sideways"}},
		"ot=yesterday":  {"s": {stateReadingList}, "ot": {"yesterday"}},
		"xt=starred":    {"s": {stateReadingList}, "xt": {stateStarred}},
		"c=not-a-token": {"s": {stateReadingList}, "c": {"not-a-token"}},
	}
	for want, v := range cases {
		rec := alice.get("stream/items/ids", v)
		if rec.Code != http.StatusBadRequest {
			t.Errorf("%s: %d %s, want 400", want, rec.Code, rec.Body)
			continue
		}
		name := strings.SplitN(want, "=", 2)[0]
		if want == "no label" {
			name = "Knitting"
		} else if want == "no stream" {
			name = "splice/whatever"
		}
		if !strings.Contains(rec.Body.String(), name) {
			t.Errorf("%s: the message %q does not name %q", want, rec.Body, name)
		}
	}
}

func TestContinuationWalksOver10000Items(t *testing.T) {
	const total = 12_345
	h, _ := newTestHandler(t, fixture(total))
	alice := login(t, h, keyAlice)
	// n above 10,000 is capped, so the stream continues.
	got := alice.ids(url.Values{"s": {stateReadingList}}, 20_000)
	if len(got) != total {
		t.Fatalf("%d ids over the continuation, want %d", len(got), total)
	}
	seen := map[string]bool{}
	for _, id := range got {
		if seen[id] {
			t.Fatalf("id %s listed twice", id)
		}
		seen[id] = true
	}
	if !slices.Equal(got[:3], idsOf(0, 3)) || got[total-1] != strconv.Itoa(1000+total-1) {
		t.Errorf("not newest first: %v … %s", got[:3], got[total-1])
	}
	var first itemRefsJSON
	alice.decode(alice.get("stream/items/ids", url.Values{"s": {stateReadingList}, "n": {"20000"}}), &first)
	if len(first.ItemRefs) != maxCount || first.Continuation == "" {
		t.Errorf("n=20000: %d ids, continuation %q; want %d and one", len(first.ItemRefs), first.Continuation, maxCount)
	}
}

func TestDefaultCountIsTwenty(t *testing.T) {
	h, _ := newTestHandler(t, fixture(50))
	alice := login(t, h, keyAlice)
	var out itemRefsJSON
	alice.decode(alice.get("stream/items/ids", url.Values{"s": {stateReadingList}}), &out)
	if len(out.ItemRefs) != 20 || out.Continuation == "" {
		t.Errorf("no n: %d ids, continuation %q", len(out.ItemRefs), out.Continuation)
	}
}
