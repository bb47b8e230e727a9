package api

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"tidings/model"
)

// The wire types below never fail to decode a well-formed JSON value: a
// field of the wrong type is read as empty, so one odd field cannot cost
// the user a whole page. Only a body that is not JSON at all, or whose
// list is not a list, is an error (see envelope.go).

// text is a string field that also takes null (empty), numbers (their
// digits) and anything else (empty).
type text string

// UnmarshalJSON implements json.Unmarshaler.
func (t *text) UnmarshalJSON(b []byte) error {
	switch b[0] {
	case '"':
		// Fast path: no escapes and valid UTF-8 means the bytes between the
		// quotes are the string; encoding/json has already validated b.
		if inner := b[1 : len(b)-1]; bytes.IndexByte(inner, '\\') < 0 && utf8.Valid(inner) {
			*t = text(inner)
			return nil
		}
		s, ok := unquoteJSON(b)
		if !ok {
			return nil // unreachable for validated input; stay empty rather than fail the page
		}
		*t = text(s)
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		*t = text(b)
	default: // null, booleans, objects, arrays
		*t = ""
	}
	return nil
}

// count is a non-negative integer field (page, totalResults, …) that also
// takes integral floats (20.0) and numeric strings ("20"). Anything else,
// negative or absurdly large is "absent", so the caller's fallback applies.
type count struct {
	n  int
	ok bool
}

// maxStorySize bounds the storySize extension: no story has more outlets.
const maxStorySize = 100_000

// maxCount keeps totals and page arithmetic far from int overflow.
const maxCount = 1 << 50

// UnmarshalJSON implements json.Unmarshaler.
func (c *count) UnmarshalJSON(b []byte) error {
	s := string(b)
	if b[0] == '"' {
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 || f > maxCount || f != math.Trunc(f) {
		*c = count{}
		return nil
	}
	*c = count{n: int(f), ok: true}
	return nil
}

// pick returns the first present count.
func pick(counts ...count) count {
	for _, c := range counts {
		if c.ok {
			return c
		}
	}
	return count{}
}

// timestamp is publishedAt in any form services use: RFC 3339 with or
// without fractional seconds, Z or an offset, or no zone at all (read as
// UTC); a bare date; or Unix seconds or milliseconds as a number. Anything
// unreadable is the zero time, which the UI shows as "date unknown".
type timestamp struct{ t time.Time }

var timestampLayouts = []string{
	time.RFC3339Nano, // 2026-11-20T08:00:00Z, …00.123Z, …00+00:00
	"2006-01-02T15:04:05.999999999Z0700",
	"2006-01-02T15:04:05.999999999",
	"2006-01-02 15:04:05.999999999Z07:00",
	"2006-01-02 15:04:05.999999999",
	time.RFC1123Z,
	time.RFC1123,
	"2006-01-02",
}

// UnmarshalJSON implements json.Unmarshaler.
func (ts *timestamp) UnmarshalJSON(b []byte) error {
	ts.t = time.Time{}
	switch {
	case b[0] == '"':
		var s text
		_ = s.UnmarshalJSON(b)
		ts.t = parseTimestamp(strings.TrimSpace(string(s)))
	case b[0] == '-' || b[0] >= '0' && b[0] <= '9':
		if n, err := strconv.ParseFloat(string(b), 64); err == nil {
			ts.t = unixTime(n)
		}
	}
	return nil
}

func parseTimestamp(s string) time.Time {
	if s == "" || len(s) > 64 {
		return time.Time{}
	}
	for _, layout := range timestampLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return plausible(t.UTC())
		}
	}
	return time.Time{}
}

// plausible drops placeholder dates like 0000-01-01, and times that an
// offset pushed past year 9999, which would not format as RFC 3339.
func plausible(t time.Time) time.Time {
	if t.Year() < 1 || t.Year() > 9999 {
		return time.Time{}
	}
	return t
}

// unixTime reads seconds, or milliseconds when the number is too large to
// be seconds of this era. Values outside 1970..9999 are not dates.
func unixTime(n float64) time.Time {
	const maxSeconds = 253402300799 // 9999-12-31T23:59:59Z
	if n > maxSeconds {
		n /= 1000
	}
	if n <= 0 || n > maxSeconds || math.IsNaN(n) {
		return time.Time{}
	}
	sec, frac := math.Modf(n)
	return time.Unix(int64(sec), int64(frac*1e9)).UTC()
}

// wireSourceRef is an article's source: normally {"id":…,"name":…}, but
// null or a bare name string are seen too.
type wireSourceRef struct{ ref model.SourceRef }

// UnmarshalJSON implements json.Unmarshaler. A second "source" object in
// the same article is merged into the first, as encoding/json does for
// plain objects (and so the one-pass decoder in fastdecode.go agrees).
func (w *wireSourceRef) UnmarshalJSON(b []byte) error {
	prev := w.ref
	w.ref = model.SourceRef{}
	switch b[0] {
	case '"':
		var name text
		_ = name.UnmarshalJSON(b)
		w.ref.Name = string(name)
	case '{':
		obj := struct {
			ID   text `json:"id"`
			Name text `json:"name"`
		}{text(prev.ID), text(prev.Name)}
		if json.Unmarshal(b, &obj) == nil {
			w.ref = model.SourceRef{ID: string(obj.ID), Name: string(obj.Name)}
		}
	}
	return nil
}

// articleFields are the fields of spec 2.2 plus the snake_case names of the
// general pagination example.
type articleFields struct {
	Source          wireSourceRef `json:"source"`
	Author          text          `json:"author"`
	Title           text          `json:"title"`
	Description     text          `json:"description"`
	URL             text          `json:"url"`
	URLToImage      text          `json:"urlToImage"`
	URLToImageSnake text          `json:"url_to_image"`
	PublishedAt     timestamp     `json:"publishedAt"`
	PublishedSnake  timestamp     `json:"published_at"`
	Content         text          `json:"content"`
	// Our service's extension; other services leave them out.
	StoryID   text  `json:"storyId"`
	StorySize count `json:"storySize"`
	// Our marks extension (docs/marks.md, marks_wire.go).
	ID      text `json:"id"`
	Read    flag `json:"read"`
	Starred flag `json:"starred"`
}

// wireArticle is one element of "articles". An element that is not an
// object (null, a string) is marked skip and dropped from the page.
type wireArticle struct {
	articleFields
	skip bool
}

// UnmarshalJSON implements json.Unmarshaler.
func (w *wireArticle) UnmarshalJSON(b []byte) error {
	*w = wireArticle{skip: b[0] != '{'}
	if w.skip {
		return nil
	}
	if err := json.Unmarshal(b, &w.articleFields); err != nil {
		w.skip = true
	}
	return nil
}

func (w *wireArticle) article() model.Article {
	a := model.Article{
		Source:      w.Source.ref,
		Author:      string(w.Author),
		Title:       string(w.Title),
		Description: string(w.Description),
		URL:         string(w.URL),
		URLToImage:  firstNonEmpty(string(w.URLToImage), string(w.URLToImageSnake)),
		Content:     string(w.Content),
	}
	// A story id another service sends is used only as the story
	// parameter of a later request; one that could not be sent back is
	// dropped with its size, and a size is never negative or absurd.
	if id := string(w.StoryID); model.ValidStoryID(id) && w.StorySize.n > 0 {
		a.StoryID, a.StorySize = id, min(w.StorySize.n, maxStorySize)
	}
	w.setMarks(&a)
	// Prefer publishedAt; fall back to published_at when it is absent or
	// unreadable.
	a.PublishedAt = w.PublishedAt.t
	if a.PublishedAt.IsZero() {
		a.PublishedAt = w.PublishedSnake.t
	}
	return a
}

// sourceFields are the fields of spec 2.1.
type sourceFields struct {
	ID          text `json:"id"`
	Name        text `json:"name"`
	Description text `json:"description"`
	URL         text `json:"url"`
	Category    text `json:"category"`
	Language    text `json:"language"`
	Country     text `json:"country"`
}

// wireSource is one element of "sources"; non-objects are dropped.
type wireSource struct {
	sourceFields
	skip bool
}

// UnmarshalJSON implements json.Unmarshaler.
func (w *wireSource) UnmarshalJSON(b []byte) error {
	*w = wireSource{skip: b[0] != '{'}
	if w.skip {
		return nil
	}
	if err := json.Unmarshal(b, &w.sourceFields); err != nil {
		w.skip = true
	}
	return nil
}

// source converts to the model, lower-casing the codes: the spec's samples
// send them lower case but its parameter lists are upper case, and the
// model holds them lower case.
func (w *wireSource) source() model.Source {
	return model.Source{
		ID:          string(w.ID),
		Name:        string(w.Name),
		Description: string(w.Description),
		URL:         string(w.URL),
		Category:    model.Category(strings.ToLower(strings.TrimSpace(string(w.Category)))),
		Language:    model.Language(strings.ToLower(strings.TrimSpace(string(w.Language)))),
		Country:     model.Country(strings.ToLower(strings.TrimSpace(string(w.Country)))),
	}
}
