package greader

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

func TestItemIDForms(t *testing.T) {
	cases := map[string]int64{
		"1004": 1004,
		"tag:google.com,2005:reader/item/00000000000003ec": 1004, // the long form
		"tag:google.com,2005:reader/item/3ec":              1004, // NetNewsWire drops the padding
		"00000000000003ec":                                 1004, // Reeder: 16 bare hex digits
		"9223372036854775807":                              1<<63 - 1,
		"-4096":                                            -4096, // dated before 1970
		"tag:google.com,2005:reader/item/fffffffffffff000": -4096,
		"0": 0,
	}
	for in, want := range cases {
		if got, err := parseItemID(in); err != nil || got != want {
			t.Errorf("parseItemID(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "abc", "1.5", "tag:google.com,2005:reader/item/", "tag:google.com,2005:reader/item/xyz",
		"tag:google.com,2005:reader/item/1ffffffffffffffff"} {
		if _, err := parseItemID(bad); err == nil || !strings.Contains(err.Error(), "item id") {
			t.Errorf("parseItemID(%q): %v, want an error naming the item id", bad, err)
		}
	}
	for _, id := range []int64{1004, -4096, 0, 1<<63 - 1} {
		if got, err := parseItemID(longItemID(id)); err != nil || got != id {
			t.Errorf("longItemID(%d) = %q reads back as %d, %v", id, longItemID(id), got, err)
		}
	}
	if got := longItemID(1004); got != "tag:google.com,2005:reader/item/00000000000003ec" {
		t.Errorf("longItemID(1004) = %q", got)
	}
}

func TestContentsAnswersAThousandIDsInOneCall(t *testing.T) {
	h, _ := newTestHandler(t, fixture(1500))
	alice := login(t, h, keyAlice)
	var ids []string
	for i := range maxContentsIDs {
		if i%2 == 0 {
			ids = append(ids, strconv.Itoa(1000+i))
		} else {
			ids = append(ids, longItemID(int64(1000+i)))
		}
	}
	items := alice.contents(ids...)
	if len(items) != maxContentsIDs {
		t.Fatalf("%d items for %d ids", len(items), maxContentsIDs)
	}
	for i := 1; i < len(items); i++ {
		if items[i].Published > items[i-1].Published {
			t.Fatalf("items not newest first at %d", i)
		}
	}
	rec := alice.post("stream/items/contents", url.Values{"i": append(ids, "2400")})
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "at most 1000") {
		t.Errorf("1,001 ids: %d %s, want 400 saying the limit", rec.Code, rec.Body)
	}
}

func TestContentsTakesIdsInTheQueryToo(t *testing.T) {
	h, _ := newTestHandler(t, fixture(5))
	alice := login(t, h, keyAlice)
	var out struct{ Items []itemJSON }
	alice.decode(alice.get("stream/items/contents", url.Values{"i": {"1001", "1003", "99999"}}), &out)
	if len(out.Items) != 2 {
		t.Fatalf("%d items for two stored ids and an unknown one", len(out.Items))
	}
	it := out.Items[0]
	if it.ID != longItemID(1001) || it.Title != "Story 1" || it.Origin.StreamID != "feed/bbc" || it.Origin.Title != "BBC" ||
		it.Origin.HTMLURL != "https://bbc.example/" || it.Alternate[0].Href != "https://bbc.example/1" ||
		it.Summary.Content != "<p>Body 1</p>" || it.Content.Content != "<p>Body 1</p>" || !has(it, "user/-/label/General") ||
		it.TimestampUsec != strconv.FormatInt(base.Add(-3600e9).UnixMicro(), 10) {
		t.Errorf("item: %+v", it)
	}
}

func TestStreamContentsCarriesItsStreamInThePath(t *testing.T) {
	h, _ := newTestHandler(t, fixture(12))
	alice := login(t, h, keyAlice)
	alice.mustOK(alice.post("edit-tag", url.Values{"i": {"1001"}, "a": {stateRead}}))
	var out struct {
		ID           string
		Items        []itemJSON
		Continuation string
	}
	// The stream escaped, as clients put it in a path.
	alice.decode(alice.get("stream/contents/"+url.PathEscape("feed/bbc"), url.Values{"n": {"2"}, "xt": {stateRead}}), &out)
	if len(out.Items) != 2 || out.Items[0].ID != longItemID(1004) || out.Continuation == "" || out.ID != "feed/bbc" {
		t.Fatalf("feed/bbc unread, n=2: %+v", out)
	}
	cont := out.Continuation
	out.Continuation = ""
	alice.decode(alice.get("stream/contents/"+out.ID, url.Values{"n": {"2"}, "xt": {stateRead}, "c": {cont}}), &out)
	if len(out.Items) != 1 || out.Items[0].ID != longItemID(1010) || out.Continuation != "" {
		t.Errorf("its second page: %+v", out)
	}
	alice.decode(alice.get("stream/contents/user/-/state/com.google/reading-list", nil), &out)
	if len(out.Items) != 12 || !has(out.Items[1], stateRead) || has(out.Items[0], stateRead) {
		t.Errorf("reading list: %d items", len(out.Items))
	}
}
