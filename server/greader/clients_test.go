package greader

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// The requests below are written as each client builds them (read from
// their sources: NetNewsWire's ReaderAPICaller.swift, newsboat's
// freshrssapi.cpp, Read You's GoogleReaderAPI.kt): bodies not
// URL-encoded where they send them so, ids in their forms.

// rawPost sends body as a client does, with the Authorization header.
func (c *client) rawPost(call, query, body string) *httptest.ResponseRecorder {
	c.t.Helper()
	target := Prefix + apiPrefix + call
	if query != "" {
		target += "?" + query
	}
	r := newRequest(http.MethodPost, target, body)
	r.Header.Set("Authorization", "GoogleLogin auth="+c.token)
	return serve(c.h, r)
}

func TestNetNewsWiresCalls(t *testing.T) {
	h, _ := newTestHandler(t, fixture(5))
	nnw := login(t, h, keyAlice)
	// Item ids as "%.16llx" in the long form, unencoded; output=json in
	// the body.
	ids := fmt.Sprintf("i=tag:google.com,2005:reader/item/%.16x&i=tag:google.com,2005:reader/item/%.16x", 1001, 1002)
	rec := nnw.rawPost("edit-tag", "", "T="+nnw.edit+"&"+ids+"&a=user/-/state/com.google/starred")
	if rec.Code != http.StatusOK || rec.Body.String() != "OK" {
		t.Fatalf("edit-tag: %d %q", rec.Code, rec.Body)
	}
	rec = nnw.rawPost("stream/items/contents", "", "T="+nnw.edit+"&output=json&"+ids)
	var wrapper struct {
		ID      string `json:"id"`
		Updated int    `json:"updated"`
		Items   []struct {
			ID         string   `json:"id"`
			Published  float64  `json:"published"`
			Categories []string `json:"categories"`
			Summary    struct {
				Content string `json:"content"`
			} `json:"summary"`
			Origin struct {
				StreamID string `json:"streamId"`
			} `json:"origin"`
		} `json:"items"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &wrapper); err != nil || rec.Code != http.StatusOK {
		t.Fatalf("contents: %d %v %s", rec.Code, err, rec.Body)
	}
	if wrapper.ID == "" || wrapper.Updated == 0 || len(wrapper.Items) != 2 {
		t.Fatalf("contents wrapper: %+v", wrapper)
	}
	// NetNewsWire reads the id's last path element as hex.
	last := wrapper.Items[0].ID[strings.LastIndex(wrapper.Items[0].ID, "/")+1:]
	if last != fmt.Sprintf("%016x", 1001) || wrapper.Items[0].Summary.Content == "" || wrapper.Items[0].Origin.StreamID != "feed/bbc" {
		t.Errorf("item: %+v", wrapper.Items[0])
	}
}

// newsboat's FreshRSS backend (newsboat 2.24 and later, src/freshrssapi.cpp);
// its FeedHQ backend reads reader/atom/ (atom_test.go, and the real
// newsboat in cli's TestNewsboatReadsTidingsServe).
func TestNewsboatsCalls(t *testing.T) {
	h, _ := newTestHandler(t, fixture(6))
	nb := login(t, h, keyAlice)
	guid := longItemID(1001)
	// Marking read: a=read and r=kept-unread, with ac=edit it does not need.
	rec := nb.rawPost("edit-tag", "", "i="+guid+"&a=user/-/state/com.google/read&r=user/-/state/com.google/kept-unread&ac=edit&T="+nb.edit)
	if rec.Code != http.StatusOK || rec.Body.String() != "OK" {
		t.Fatalf("mark read: %d %q (newsboat wants exactly OK)", rec.Code, rec.Body)
	}
	if it := nb.contents("1001")[0]; !has(it, stateRead) {
		t.Fatal("not read")
	}
	// Marking unread: r=read, a=kept-unread and a=tracking-kept-unread.
	rec = nb.rawPost("edit-tag", "", "i="+guid+"&r=user/-/state/com.google/read&a=user/-/state/com.google/kept-unread"+
		"&a=user/-/state/com.google/tracking-kept-unread&ac=edit&T="+nb.edit)
	if rec.Code != http.StatusOK || rec.Body.String() != "OK" {
		t.Fatalf("mark unread: %d %q", rec.Code, rec.Body)
	}
	if it := nb.contents("1001")[0]; has(it, stateRead) {
		t.Fatal("still read")
	}
	// A feed is fetched at stream/contents/<escaped stream id>?n=…, and
	// its text is the first member of summary.
	r := newRequest(http.MethodGet, Prefix+apiPrefix+"stream/contents/"+url.QueryEscape("feed/bbc")+"?n=20", "")
	r.Header.Set("Authorization", "GoogleLogin auth="+nb.token)
	rec = serve(h, r)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"summary":{"content":"<p>Body 1</p>"`) {
		t.Fatalf("feed: %d %s", rec.Code, rec.Body)
	}
	// freshrss-show-special-feeds adds the starred items, the stream
	// unescaped in the path.
	nb.mustOK(nb.post("edit-tag", url.Values{"i": {"1002"}, "a": {stateStarred}}))
	r = newRequest(http.MethodGet, Prefix+"/"+apiPrefix+"stream/contents/user/-/state/com.google/starred?n=20", "")
	r.Header.Set("Authorization", "GoogleLogin auth="+nb.token)
	rec = serve(h, r)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"id":"`+longItemID(1002)+`"`) {
		t.Fatalf("starred special feed: %d %s", rec.Code, rec.Body)
	}
	// Mark all read: s unescaped, no ts.
	rec = nb.rawPost("mark-all-as-read", "", "s=feed/bbc&T="+nb.edit)
	if rec.Code != http.StatusOK || rec.Body.String() != "OK" {
		t.Fatalf("mark all read: %d %q", rec.Code, rec.Body)
	}
	if got := nb.ids(url.Values{"s": {"feed/bbc"}, "xt": {stateRead}}, 100); len(got) != 0 {
		t.Errorf("unread left in feed/bbc: %v", got)
	}
}

func TestReadYousCalls(t *testing.T) {
	h, _ := newTestHandler(t, fixture(5))
	// ClientLogin with output=json and Google's extra fields.
	r := newRequest(http.MethodPost, Prefix+"/accounts/ClientLogin",
		"output=json&Email=me&Passwd="+keyAlice+"&client=ReadYou&accountType=HOSTED_OR_GOOGLE&service=reader")
	rec := serve(h, r)
	var auth struct{ Auth string }
	if err := json.Unmarshal(rec.Body.Bytes(), &auth); err != nil || auth.Auth == "" {
		t.Fatalf("ClientLogin output=json: %d %v %s", rec.Code, err, rec.Body)
	}
	ry := &client{t: t, h: h, token: auth.Auth}
	ry.edit = ry.mustOK(ry.get("token", nil)).Body.String()
	// Contents by 16 bare hex digits, output=json in the query.
	rec = ry.rawPost("stream/items/contents", "output=json", fmt.Sprintf("i=%016x&i=%016x&T=%s", 1000, 1003, ry.edit))
	var out struct{ Items []itemJSON }
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil || len(out.Items) != 2 {
		t.Fatalf("contents by bare hex: %d %v %s", rec.Code, err, rec.Body)
	}
	// Unread ids with n=10000.
	if got := ry.ids(url.Values{"s": {stateReadingList}, "xt": {stateRead}}, 10000); len(got) != 5 {
		t.Errorf("unread ids: %v", got)
	}
}
