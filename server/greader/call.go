package greader

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// call is one authenticated API call: who asks, and its parameters (the
// query string and, for POST, the form body).
type call struct {
	ctx     context.Context
	r       *http.Request
	session Session
	form    url.Values
	stream  string // stream/contents/<stream>: the stream in the path
}

// authenticate reads the call's parameters and checks its token: the
// Authorization header's "GoogleLogin auth=<token>", or, on a POST
// without that header, the T parameter (Miniflux authenticates POSTs so,
// and clients written for it send no header). output is what the call
// answers ("json", or "atom" for reader/atom/): an output= naming another
// is refused.
func (h *Handler) authenticate(w http.ResponseWriter, r *http.Request, output string) (*call, error) {
	if err := r.ParseForm(); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, badRequest("the request body is over %d MiB: send fewer ids per call", maxBodyBytes>>20)
		}
		return nil, badRequest("malformed parameters: they must be URL-encoded name=value pairs joined by &")
	}
	token, err := headerToken(r.Header.Get("Authorization"))
	if err != nil {
		return nil, err
	}
	if token == "" && r.Method == http.MethodPost {
		token = strings.TrimSpace(r.Form.Get("T"))
	}
	s, err := h.gate.Session(r, token)
	if err != nil {
		return nil, err
	}
	if out := r.Form.Get("output"); out != "" && out != output {
		return nil, badRequest("output=%s is not supported: this call answers output=%s", truncate(out, 20), output)
	}
	return &call{r: r, session: s, form: r.Form}, nil
}

// headerToken is the token of an Authorization header: "GoogleLogin
// auth=<token>" (scheme and field in any case); "" when there is no
// header.
func headerToken(header string) (string, error) {
	header = strings.TrimSpace(header)
	if header == "" {
		return "", nil
	}
	scheme, rest, _ := strings.Cut(header, " ")
	field, token, ok := strings.Cut(strings.TrimSpace(rest), "=")
	if !strings.EqualFold(scheme, "GoogleLogin") || !ok || !strings.EqualFold(field, "auth") || strings.TrimSpace(token) == "" {
		return "", badRequestStatus(http.StatusUnauthorized,
			"malformed Authorization header: expected Authorization: GoogleLogin auth=<the Auth token of accounts/ClientLogin>")
	}
	return strings.TrimSpace(token), nil
}

// checkEditToken applies the T token of a write. FreshRSS's leniency is
// kept: the call is already authenticated by its Authorization header,
// so an empty T (FeedMe) or "x" (Reeder) is accepted; any other T must be
// the session's edit token or its auth token.
func (c *call) checkEditToken() error {
	t := strings.TrimSpace(c.form.Get("T"))
	switch t {
	case "", "x", c.session.EditToken, c.session.AuthToken:
		return nil
	}
	return badRequestStatus(http.StatusUnauthorized, "the T token is not this session's: ask reader/api/0/token for it")
}

// requestError is a call the client got wrong: its status and a message
// naming what was wrong.
type requestError struct {
	status  int
	message string
}

func (e *requestError) Error() string { return e.message }

func badRequest(format string, args ...any) error {
	return &requestError{status: http.StatusBadRequest, message: fmt.Sprintf(format, args...)}
}

func badRequestStatus(status int, format string, args ...any) error {
	return &requestError{status: status, message: fmt.Sprintf(format, args...)}
}
