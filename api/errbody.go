package api

import (
	"bytes"
	"encoding/json"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// maxMessageRunes bounds a message taken from the service, so one status
// line can show it.
const maxMessageRunes = 200

// maxRetryAfter bounds a Retry-After wait: a service that asks for days is
// broken, and the UI's countdown should stay meaningful.
const maxRetryAfter = 24 * time.Hour

// wireError reads both error shapes of spec section 7 at once. Shape A is
// {"status":400|"error","errorCode":…,"errorMessage":…}, shape B is
// {"status":400,"code":…,"message":…}; a few services nest the same under
// "error", which is read too.
type wireError struct {
	Status       json.RawMessage `json:"status"`
	ErrorCode    text            `json:"errorCode"`
	ErrorMessage text            `json:"errorMessage"`
	Code         text            `json:"code"`
	Message      text            `json:"message"`
	Nested       json.RawMessage `json:"error"`
}

// decodeErrorResponse turns a non-2xx answer into an *Error. It never fails:
// a body that is not JSON still gives the HTTP status and a short message.
func decodeErrorResponse(status int, h http.Header, body []byte, now time.Time, redact func(string) string) *Error {
	e := &Error{Status: status}
	var w wireError
	if json.Valid(body) && bytes.HasPrefix(bytes.TrimSpace(body), []byte("{")) && json.Unmarshal(body, &w) == nil {
		e.Code, e.Message = w.codeAndMessage()
	} else {
		e.Message = nonJSONMessage(status, h, body)
	}
	e.Code = serviceText(e.Code, 64, redact)
	e.Message = serviceText(e.Message, maxMessageRunes, redact)
	if status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable {
		e.RetryAfter = parseRetryAfter(h.Get("Retry-After"), now)
	}
	return e
}

// codeAndMessage picks shape A's fields, then shape B's, then the nested
// form ({"error":"text"} or {"error":{"code":…,"message":…}}).
func (w wireError) codeAndMessage() (code, msg string) {
	code = firstNonEmpty(string(w.ErrorCode), string(w.Code))
	msg = firstNonEmpty(string(w.ErrorMessage), string(w.Message))
	if len(w.Nested) == 0 || (code != "" && msg != "") {
		return code, msg
	}
	var asText text
	if json.Unmarshal(w.Nested, &asText) == nil && asText != "" {
		return code, firstNonEmpty(msg, string(asText))
	}
	var inner wireError
	if json.Unmarshal(w.Nested, &inner) == nil {
		c, m := string(inner.ErrorCode)+string(inner.Code), string(inner.ErrorMessage)+string(inner.Message)
		code, msg = firstNonEmpty(code, c), firstNonEmpty(msg, m)
	}
	return code, msg
}

// nonJSONMessage describes an error body that is not JSON without dumping
// it: an HTML page (typically a proxy's 502) is named as such, and plain
// text contributes its first line.
func nonJSONMessage(status int, h http.Header, body []byte) string {
	reason := http.StatusText(status)
	if reason == "" {
		reason = "HTTP " + strconv.Itoa(status)
	}
	trimmed := bytes.TrimSpace(body)
	switch {
	case len(trimmed) == 0:
		return reason
	case looksLikeHTML(h, trimmed):
		return reason + " (the service sent a web page, not JSON)"
	}
	line, _, _ := bytes.Cut(trimmed, []byte("\n"))
	return reason + ": " + string(line)
}

func looksLikeHTML(h http.Header, body []byte) bool {
	ct := strings.ToLower(h.Get("Content-Type"))
	return strings.Contains(ct, "html") || body[0] == '<'
}

// parseRetryAfter reads a Retry-After header: delay-seconds or an HTTP-date
// (RFC 9110 10.2.3). Unusable values give 0: the UI then waits its own
// default rather than trusting garbage.
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if secs, err := strconv.ParseInt(v, 10, 64); err == nil {
		if secs <= 0 {
			return 0
		}
		if secs > int64(maxRetryAfter/time.Second) {
			return maxRetryAfter
		}
		return time.Duration(secs) * time.Second
	}
	when, err := http.ParseTime(v)
	if err != nil {
		return 0
	}
	d := when.Sub(now)
	switch {
	case d <= 0:
		return 0
	case d > maxRetryAfter:
		return maxRetryAfter
	}
	// Round up to whole seconds: the header has second precision, and a
	// countdown that shows 0s while still waiting looks broken.
	return time.Duration(math.Ceil(d.Seconds())) * time.Second
}

// serviceText makes text from the service safe to show: one clean line
// (see oneLine), without the API key, at most max runes. The key is removed
// after cleaning, because dropping control characters could join the two
// halves of a key that a service split with one.
func serviceText(s string, max int, redact func(string) string) string {
	return truncateRunes(redact(oneLine(s)), max)
}

// oneLine makes text safe for one terminal line: valid UTF-8, white space
// runs as single spaces, and no control characters (an ESC could drive the
// terminal).
func oneLine(s string) string {
	if s == "" {
		return ""
	}
	var b strings.Builder
	space := false
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		switch {
		case unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		case unicode.IsControl(r) || r == '\u2028' || r == '\u2029':
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// truncateRunes cuts s to at most max runes, marking a cut with "…".
func truncateRunes(s string, max int) string {
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	runes := []rune(s)
	return string(runes[:max-1]) + "…"
}

func firstNonEmpty(values ...string) string {
	for _, v := range values {
		if strings.TrimSpace(v) != "" {
			return v
		}
	}
	return ""
}
