package greader

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

func TestClientLoginAnswersTokenLinesNeverTheKey(t *testing.T) {
	h, _ := newTestHandler(t, fixture(3))
	c := &client{t: t, h: h}
	rec := c.do(http.MethodPost, "/accounts/ClientLogin", url.Values{"Email": {"anyone"}, "Passwd": {keyAlice}}, false)
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	body := rec.Body.String()
	for _, prefix := range []string{"SID=", "LSID=", "Auth="} {
		if !strings.Contains(body, "\n"+prefix) && !strings.HasPrefix(body, prefix) {
			t.Errorf("no %s line in %q", prefix, body)
		}
	}
	if strings.Contains(body, keyAlice) {
		t.Errorf("the answer holds the key itself: %q", body)
	}

	rec = c.do(http.MethodPost, "/accounts/ClientLogin", url.Values{"Email": {"x"}, "Passwd": {keyAlice}, "output": {"json"}}, false)
	var j map[string]string
	if err := json.Unmarshal(rec.Body.Bytes(), &j); err != nil || j["Auth"] == "" {
		t.Errorf("output=json: %v %s", err, rec.Body)
	}
}

func TestClientLoginRefusesAWrongKey(t *testing.T) {
	h, gate := newTestHandler(t, fixture(3))
	c := &client{t: t, h: h}
	rec := c.do(http.MethodPost, "/accounts/ClientLogin", url.Values{"Email": {"me"}, "Passwd": {"guess"}}, false)
	if rec.Code != http.StatusUnauthorized || strings.TrimSpace(rec.Body.String()) != "Error=BadAuthentication" {
		t.Errorf("wrong key: %d %q, want 401 Error=BadAuthentication", rec.Code, rec.Body)
	}
	if gate.failures != 1 {
		t.Errorf("the gate counted %d failures, want 1 (the throttle's count)", gate.failures)
	}
	rec = c.do(http.MethodGet, "/accounts/ClientLogin", url.Values{"Email": {"me"}, "Passwd": {keyAlice}}, false)
	if rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("GET ClientLogin: %d, want 405", rec.Code)
	}
}

func TestCallsNeedTheGoogleLoginToken(t *testing.T) {
	h, _ := newTestHandler(t, fixture(3))
	alice := login(t, h, keyAlice)
	for name, header := range map[string]string{
		"none":        "",
		"wrong token": "GoogleLogin auth=0000",
		"the key":     "GoogleLogin auth=" + keyAlice,
		"bearer":      "Bearer " + alice.token,
	} {
		req := alice.do(http.MethodGet, apiPrefix+"subscription/list", url.Values{"output": {"json"}}, false)
		if header != "" {
			r := newRequest(http.MethodGet, Prefix+apiPrefix+"subscription/list?output=json", "")
			r.Header.Set("Authorization", header)
			req = serve(h, r)
		}
		if req.Code != http.StatusUnauthorized || req.Header().Get("Google-Bad-Token") != "true" {
			t.Errorf("%s: %d (Google-Bad-Token %q), want 401 with Google-Bad-Token: true", name, req.Code, req.Header().Get("Google-Bad-Token"))
		}
	}
	alice.mustOK(alice.get("subscription/list", nil))
	// "GoogleLogin auth=" in any case, as some clients spell it.
	r := newRequest(http.MethodGet, Prefix+apiPrefix+"user-info", "")
	r.Header.Set("Authorization", "googlelogin Auth="+alice.token)
	if rec := serve(h, r); rec.Code != http.StatusOK {
		t.Errorf("lower-case scheme: %d %s", rec.Code, rec.Body)
	}
}

func TestPostAuthenticatesWithTAlone(t *testing.T) {
	// Miniflux authenticates POSTs by T, and clients written for it send
	// no Authorization header there.
	h, _ := newTestHandler(t, fixture(3))
	alice := login(t, h, keyAlice)
	rec := alice.do(http.MethodPost, apiPrefix+"edit-tag", url.Values{"T": {alice.token}, "i": {"1000"},
		"a": {stateRead}}, false)
	if rec.Code != http.StatusOK {
		t.Fatalf("edit-tag with T only: %d %s", rec.Code, rec.Body)
	}
	if it := alice.contents("1000")[0]; !has(it, stateRead) {
		t.Error("the item is not read")
	}
	rec = alice.do(http.MethodPost, apiPrefix+"edit-tag", url.Values{"T": {"nonsense"}, "i": {"1000"}, "a": {stateRead}}, false)
	if rec.Code != http.StatusUnauthorized {
		t.Errorf("a wrong T alone: %d, want 401", rec.Code)
	}
}

func TestEditTokenIsCheckedWhenGiven(t *testing.T) {
	h, _ := newTestHandler(t, fixture(3))
	alice := login(t, h, keyAlice)
	if len(alice.edit) != 57 {
		t.Errorf("edit token %q is %d characters, FreshRSS's are 57", alice.edit, len(alice.edit))
	}
	for _, T := range []string{alice.edit, alice.token, "x"} {
		alice.mustOK(alice.post("edit-tag", url.Values{"T": {T}, "i": {"1000"}, "a": {stateStarred}}))
	}
	if rec := alice.post("edit-tag", url.Values{"T": {"someone-elses"}, "i": {"1000"}, "a": {stateStarred}}); rec.Code != http.StatusUnauthorized {
		t.Errorf("a wrong T: %d, want 401", rec.Code)
	}
}

func TestUserInfoNamesTheKeyNotIt(t *testing.T) {
	h, _ := newTestHandler(t, fixture(3))
	alice := login(t, h, keyAlice)
	var info map[string]string
	alice.decode(alice.get("user-info", nil), &info)
	if info["userId"] == "" || strings.Contains(alice.get("user-info", nil).Body.String(), keyAlice) {
		t.Errorf("user-info: %v", info)
	}
}

func TestTheAPIAnswersUnderFreshRSSsPathAndDoubledSlashes(t *testing.T) {
	h, _ := newTestHandler(t, fixture(3))
	for _, path := range []string{FreshRSSPrefix + "/accounts/ClientLogin", Prefix + "//accounts/ClientLogin"} {
		if !Mounted(path) {
			t.Errorf("%s is not the API's", path)
		}
		r := newRequest(http.MethodPost, path, url.Values{"Email": {"me"}, "Passwd": {keyAlice}}.Encode())
		if rec := serve(h, r); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "Auth=") {
			t.Errorf("%s: %d %q", path, rec.Code, rec.Body)
		}
	}
	if Mounted("/api/greaderx") || Mounted("/v2/sources") {
		t.Error("Mounted claims paths that are not the API's")
	}
}
