package cli

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tidings/internal/fakes/feedserver"
)

// greaderLogin logs in to a running serve's Google Reader API.
func greaderLogin(t *testing.T, base, key string) string {
	t.Helper()
	resp, err := http.PostForm(base+"/api/greader/accounts/ClientLogin", url.Values{"Email": {"me"}, "Passwd": {key}})
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "Auth="); ok {
			return v
		}
	}
	t.Fatalf("ClientLogin: %d %q", resp.StatusCode, b)
	return ""
}

// greaderPost makes a form POST call with the token.
func greaderPost(t *testing.T, base, token, call string, v url.Values) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, base+"/api/greader/reader/api/0/"+call, strings.NewReader(v.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Authorization", "GoogleLogin auth="+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// managedServe runs serve over a new catalogue with alice's key allowed
// to manage feeds.
func managedServe(t *testing.T, allowPrivate bool) string {
	t.Helper()
	dir := t.TempDir()
	managers := filepath.Join(dir, "managers")
	if err := os.WriteFile(managers, []byte("# may add feeds\nalice-key\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return startServe(t, serveFlags{apiKeys: []string{"alice-key", "bob-key"}, db: filepath.Join(dir, "news.db"), create: true,
		polling: refreshFlags{interval: "0"}, feedManagerKeysFile: managers, allowPrivateFetch: allowPrivate,
		log: serveLogFlags{out: io.Discard}})
}

func TestServeFeedManagerKeysSubscribeThroughGoogleReader(t *testing.T) {
	fsrv := feedserver.Start()
	t.Cleanup(fsrv.Close)
	feedURL := fsrv.URL("", "/fixtures/rss20.xml")
	base := managedServe(t, true)
	alice := greaderLogin(t, base, "alice-key")
	status, body := greaderPost(t, base, alice, "subscription/quickadd", url.Values{"quickadd": {feedURL}})
	var added struct {
		NumResults int
		StreamID   string
		StreamName string
	}
	if err := json.Unmarshal([]byte(body), &added); status != http.StatusOK || err != nil || added.NumResults != 1 {
		t.Fatalf("quickadd: %d %s", status, body)
	}
	fx, _ := feedserver.FixtureByName("rss20.xml")
	if added.StreamName != fx.Title {
		t.Errorf("subscribed as %q, want the feed's title %q", added.StreamName, fx.Title)
	}
	code, list := get(t, base+"/api/greader/reader/api/0/subscription/list?output=json", http.Header{"Authorization": {"GoogleLogin auth=" + alice}})
	if code != http.StatusOK || !strings.Contains(list, `"id":"`+added.StreamID+`"`) || !strings.Contains(list, feedURL) {
		t.Fatalf("subscription/list: %d %s", code, list)
	}
	code, ids := get(t, base+"/api/greader/reader/api/0/stream/items/ids?output=json&s="+url.QueryEscape(added.StreamID),
		http.Header{"Authorization": {"GoogleLogin auth=" + alice}})
	if code != http.StatusOK || !strings.Contains(ids, `"itemRefs":[{"id":"`) {
		t.Fatalf("the new feed's items: %d %s", code, ids)
	}

	bob := greaderLogin(t, base, "bob-key")
	status, body = greaderPost(t, base, bob, "subscription/edit", url.Values{"ac": {"unsubscribe"}, "s": {added.StreamID}})
	if status != http.StatusForbidden || !strings.Contains(body, "--feed-manager-keys-file") {
		t.Errorf("bob unsubscribing: %d %q", status, body)
	}
	status, body = greaderPost(t, base, alice, "subscription/edit", url.Values{"ac": {"unsubscribe"}, "s": {added.StreamID}})
	if status != http.StatusOK || body != "OK" {
		t.Errorf("alice unsubscribing: %d %q", status, body)
	}
}

func TestServeFeedManagersCannotPointTheServiceAtPrivateHosts(t *testing.T) {
	fsrv := feedserver.Start()
	t.Cleanup(fsrv.Close)
	base := managedServe(t, false)
	alice := greaderLogin(t, base, "alice-key")
	status, body := greaderPost(t, base, alice, "subscription/quickadd", url.Values{"quickadd": {fsrv.URL("", "/fixtures/rss20.xml")}})
	if status != http.StatusOK || !strings.Contains(body, `"numResults":0`) || !strings.Contains(body, "loopback") ||
		!strings.Contains(body, "--allow-private-fetch") {
		t.Errorf("quickadd of a loopback feed: %d %s", status, body)
	}
	if n := len(fsrv.Requests("/fixtures/rss20.xml")); n != 0 {
		t.Errorf("the refused feed was fetched %d times", n)
	}
}

func TestServeRefusesAMissingFeedManagerKeysFile(t *testing.T) {
	f := serveFlags{apiKeys: []string{"k"}, listen: "127.0.0.1:0", feedManagerKeysFile: filepath.Join(t.TempDir(), "nope"),
		log: serveLogFlags{out: io.Discard}}
	err := runServe(t.Context(), f)
	if err == nil || !strings.Contains(err.Error(), "--feed-manager-keys-file") {
		t.Errorf("serve with a missing managers file: %v", err)
	}
}
