package server

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"tidings/server/greader"
	"tidings/server/store"
)

// marked is a new SQLite catalogue and its marks, as `tidings serve
// --db` configures them.
func marked(t *testing.T) (store.Reader, store.Marks) {
	st := openSQLite(t)
	return st, st.(store.Marks)
}

func greaderLogin(h http.Handler, key, remote string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodPost, greader.Prefix+"/accounts/ClientLogin",
		strings.NewReader(url.Values{"Email": {"me"}, "Passwd": {key}}.Encode()))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r.RemoteAddr = remote
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec
}

func greaderGet(h http.Handler, call, token, remote string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodGet, greader.Prefix+"/reader/api/0/"+call+"?output=json", nil)
	r.Header.Set("Authorization", "GoogleLogin auth="+token)
	r.RemoteAddr = remote
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec
}

// authToken is the Auth= line of a ClientLogin answer.
func authToken(t *testing.T, rec *httptest.ResponseRecorder) string {
	t.Helper()
	if rec.Code != http.StatusOK {
		t.Fatalf("ClientLogin: %d %s", rec.Code, rec.Body)
	}
	for _, line := range strings.Split(rec.Body.String(), "\n") {
		if v, ok := strings.CutPrefix(line, "Auth="); ok {
			return v
		}
	}
	t.Fatalf("no Auth= line in %q", rec.Body)
	return ""
}

func TestGReaderTokenIsDerivedAndDiesWithItsKey(t *testing.T) {
	keys, err := NewKeys([]string{testKey, "other-key-456"})
	if err != nil {
		t.Fatal(err)
	}
	st, marks := marked(t)
	h, err := New(st, Config{Keys: keys, Marks: marks})
	if err != nil {
		t.Fatal(err)
	}
	token := authToken(t, greaderLogin(h, testKey, "192.0.2.1:1000"))
	if strings.Contains(token, testKey) || len(token) < 32 {
		t.Errorf("token %q is not a digest of the key", token)
	}
	// The same key gives the same token on another handler (a replica,
	// a restart), so clients that keep it keep working.
	st2, marks2 := marked(t)
	h2, _ := New(st2, Config{APIKeys: []string{testKey}, Marks: marks2})
	if again := authToken(t, greaderLogin(h2, testKey, "192.0.2.1:1000")); again != token {
		t.Errorf("a restart changed the token")
	}
	if rec := greaderGet(h, "user-info", token, "192.0.2.1:1000"); rec.Code != http.StatusOK {
		t.Fatalf("user-info: %d %s", rec.Code, rec.Body)
	}
	if err := keys.Replace([]string{"other-key-456"}); err != nil {
		t.Fatal(err)
	}
	if rec := greaderGet(h, "user-info", token, "192.0.2.1:1000"); rec.Code != http.StatusUnauthorized {
		t.Errorf("the token of a removed key: %d, want 401", rec.Code)
	}
	if rec := greaderLogin(h, testKey, "192.0.2.1:1000"); rec.Code != http.StatusUnauthorized ||
		strings.TrimSpace(rec.Body.String()) != "Error=BadAuthentication" {
		t.Errorf("logging in with a removed key: %d %q", rec.Code, rec.Body)
	}
}

func TestGReaderWrongPasswordsAreThrottled(t *testing.T) {
	st, marks := marked(t)
	h, err := New(st, Config{APIKeys: []string{testKey}, AuthFailures: 3, Marks: marks})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if rec := greaderLogin(h, "guess", "192.0.2.7:1000"); rec.Code != http.StatusUnauthorized {
			t.Fatalf("guess %d: %d", i, rec.Code)
		}
	}
	rec := greaderLogin(h, testKey, "192.0.2.7:1000")
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" {
		t.Errorf("the right key after 3 wrong ones from one address: %d (Retry-After %q), want 429",
			rec.Code, rec.Header().Get("Retry-After"))
	}
	// Wrong tokens count too.
	token := authToken(t, greaderLogin(h, testKey, "192.0.2.8:1000"))
	for range 3 {
		greaderGet(h, "user-info", "forged", "192.0.2.9:1000")
	}
	if rec := greaderGet(h, "user-info", token, "192.0.2.9:1000"); rec.Code != http.StatusTooManyRequests {
		t.Errorf("a right token after 3 forged ones: %d, want 429", rec.Code)
	}
	if rec := greaderGet(h, "user-info", token, "192.0.2.8:1000"); rec.Code != http.StatusOK {
		t.Errorf("another address: %d", rec.Code)
	}
}

func TestGReaderCallsCountAgainstTheKeysRateLimit(t *testing.T) {
	st, marks := marked(t)
	h, err := New(st, Config{APIKeys: []string{testKey}, RateLimit: 2, Marks: marks})
	if err != nil {
		t.Fatal(err)
	}
	token := authToken(t, greaderLogin(h, testKey, "192.0.2.1:1000")) // the first request
	greaderGet(h, "user-info", token, "192.0.2.1:1000")
	if rec := greaderGet(h, "user-info", token, "192.0.2.1:1000"); rec.Code != http.StatusTooManyRequests {
		t.Errorf("the third request a minute at 2 a minute: %d, want 429", rec.Code)
	}
}

func TestGReaderNeedsACatalogueThatKeepsMarks(t *testing.T) {
	h, err := New(openSQLite(t), Config{APIKeys: []string{testKey}}) // no Config.Marks
	if err != nil {
		t.Fatal(err)
	}
	rec := greaderLogin(h, testKey, "192.0.2.1:1000")
	if rec.Code != http.StatusNotImplemented || !strings.Contains(rec.Body.String(), "read state") {
		t.Errorf("%d %q", rec.Code, rec.Body)
	}
}

func TestGReaderFeedManagersAreTheOperatorsChoice(t *testing.T) {
	managers, _ := NewKeys([]string{"manager-key"})
	st, marks := marked(t)
	h, err := New(st, Config{APIKeys: []string{testKey, "manager-key"}, FeedManagers: managers, Marks: marks})
	if err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]int{testKey: http.StatusForbidden, "manager-key": http.StatusNotImplemented} {
		token := authToken(t, greaderLogin(h, key, "192.0.2.1:1000"))
		r := httptest.NewRequest(http.MethodPost, greader.Prefix+"/reader/api/0/subscription/quickadd",
			strings.NewReader("quickadd=https%3A%2F%2Fexample.org%2Ffeed"))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		r.Header.Set("Authorization", "GoogleLogin auth="+token)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		// The manager gets past the key check to "no feeds to manage":
		// this catalogue has no FeedManager.
		if rec.Code != want {
			t.Errorf("%s: %d %s, want %d", key, rec.Code, rec.Body, want)
		}
	}
}
