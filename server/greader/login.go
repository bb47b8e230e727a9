package greader

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// clientLogin answers accounts/ClientLogin: Email is any name, Passwd an
// API key. The answer's SID, LSID and Auth lines all carry the key's
// token (a digest the Gate derives from the key, never the key); with
// output=json they come as a JSON object, as Miniflux answers. A wrong key
// is 401 "Error=BadAuthentication", Google's answer, which clients show
// as a wrong password.
func (h *Handler) clientLogin(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		writeText(w, http.StatusMethodNotAllowed, "accounts/ClientLogin takes POST with Email and Passwd (an API key of this service)")
		return
	}
	if err := r.ParseForm(); err != nil {
		writeText(w, http.StatusBadRequest, "malformed parameters: send Email and Passwd URL-encoded in the body")
		return
	}
	key := strings.TrimSpace(r.Form.Get("Passwd"))
	s, err := h.gate.Login(r, key)
	var refused *RefusedError
	switch {
	case errors.As(err, &refused):
		h.fail(w, r, err)
		return
	case err != nil:
		if !errors.Is(err, ErrBadAuth) {
			h.log.Error("greader login failed", "err", err)
		}
		writeText(w, http.StatusUnauthorized, "Error=BadAuthentication\n")
		return
	}
	if r.Form.Get("output") == "json" {
		writeJSON(w, map[string]string{"SID": s.AuthToken, "LSID": s.AuthToken, "Auth": s.AuthToken})
		return
	}
	writeText(w, http.StatusOK, fmt.Sprintf("SID=%s\nLSID=%s\nAuth=%s\n", s.AuthToken, s.AuthToken, s.AuthToken))
}

// userInfo answers user-info. The service knows keys, not people: the
// user is named by the key's stable id.
func (h *Handler) userInfo(w http.ResponseWriter, c *call) error {
	id := c.session.UserID
	return writeJSON(w, map[string]string{"userId": id, "userName": "tidings-" + id, "userProfileId": id, "userEmail": ""})
}

// token answers token: the T token writes carry.
func (h *Handler) token(w http.ResponseWriter, c *call) error {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, err := w.Write([]byte(c.session.EditToken))
	return err
}

// preferenceList and streamPreferenceList answer the preference calls
// some clients make on login with empty preferences rather than an error.
func (h *Handler) preferenceList(w http.ResponseWriter, _ *call) error {
	return writeJSON(w, map[string]any{"prefs": []any{}})
}

func (h *Handler) streamPreferenceList(w http.ResponseWriter, _ *call) error {
	return writeJSON(w, map[string]any{"streamprefs": map[string]any{}})
}
