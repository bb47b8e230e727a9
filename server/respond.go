package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"tidings/model"
)

// Error codes beyond the two the spec names (model.CodeBadRequest and
// model.CodeInvalidCountryCode).
const (
	CodeUnauthorized     = "UNAUTHORIZED"
	CodeNotFound         = "NOT_FOUND"
	CodeMethodNotAllowed = "METHOD_NOT_ALLOWED"
	CodeTooManyRequests  = "TOO_MANY_REQUESTS"
	CodeInternal         = "INTERNAL_SERVER_ERROR"
	CodeUnavailable      = "SERVICE_UNAVAILABLE"
	CodeCORSNotAllowed   = "CORS_NOT_ALLOWED"
)

// errorA is the spec's error shape A, used only where the spec shows it:
// INVALID_COUNTRY_CODE.
type errorA struct {
	Status  int    `json:"status"`
	Code    string `json:"errorCode"`
	Message string `json:"errorMessage"`
}

// errorB is the spec's general error shape B, used for every other error.
type errorB struct {
	Status  int    `json:"status"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

type sourcesBody struct {
	Status       string         `json:"status"`
	TotalResults int            `json:"totalResults"`
	Page         int            `json:"page"`
	PageSize     int            `json:"pageSize"`
	Sources      []model.Source `json:"sources"`
}

type articlesBody struct {
	Status       string        `json:"status"`
	TotalResults int           `json:"totalResults"`
	Page         int           `json:"page"`
	PageSize     int           `json:"pageSize"`
	Articles     []wireArticle `json:"articles"`
	// Our marks extension (docs/marks.md): the view's unread count, when
	// the service keeps marks.
	UnreadResults *int `json:"unreadResults,omitempty"`
}

// wireArticle is an article as the service sends it: optional fields that
// are empty are null, as real news services send them.
type wireArticle struct {
	Source      wireSourceRef `json:"source"`
	Author      *string       `json:"author"`
	Title       string        `json:"title"`
	Description *string       `json:"description"`
	URL         string        `json:"url"`
	URLToImage  *string       `json:"urlToImage"`
	PublishedAt *string       `json:"publishedAt"`
	Content     *string       `json:"content"`
	// Our extension (model.Article.StoryID): left out when the store
	// groups nothing, so the spec's shape is unchanged.
	StoryID   string `json:"storyId,omitempty"`
	StorySize int    `json:"storySize,omitempty"`
	// Our marks extension (model.Article.ID, Read, Starred): the
	// article's id always, its marks when the service keeps them.
	ID      string `json:"id,omitempty"`
	Read    *bool  `json:"read,omitempty"`
	Starred *bool  `json:"starred,omitempty"`
}

type wireSourceRef struct {
	ID   *string `json:"id"`
	Name string  `json:"name"`
}

// publishedLayout is the spec's sample timestamp shape, always UTC.
const publishedLayout = "2006-01-02T15:04:05Z"

// WireArticles are articles in the JSON shape the service answers with
// (spec 2.2): what `tidings headlines --json` prints too, so that a
// script reads one shape from either.
func WireArticles(items []model.Article) any { return toWire(items) }

func toWire(items []model.Article) []wireArticle {
	out := make([]wireArticle, len(items))
	for i, a := range items {
		w := wireArticle{
			Source:      wireSourceRef{ID: nullable(a.Source.ID), Name: a.Source.Name},
			Author:      nullable(a.Author),
			Title:       a.Title,
			Description: nullable(a.Description),
			URL:         a.URL,
			URLToImage:  nullable(a.URLToImage),
			Content:     nullable(a.Content),
			StoryID:     a.StoryID,
			StorySize:   a.StorySize,
			ID:          a.ID,
		}
		if !a.PublishedAt.IsZero() {
			s := a.PublishedAt.UTC().Format(publishedLayout)
			w.PublishedAt = &s
		}
		out[i] = w
	}
	return out
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func sourcesEnvelope(p model.Page[model.Source]) sourcesBody {
	items := p.Items
	if items == nil {
		items = []model.Source{}
	}
	return sourcesBody{Status: "ok", TotalResults: p.TotalResults, Page: p.Page, PageSize: p.PageSize, Sources: items}
}

func articlesEnvelope(p model.Page[model.Article]) articlesBody {
	body := articlesBody{Status: "ok", TotalResults: p.TotalResults, Page: p.Page, PageSize: p.PageSize,
		Articles: toWire(p.Items)}
	if p.UnreadKnown {
		n := p.UnreadResults
		body.UnreadResults = &n
		for i, a := range p.Items {
			read, starred := a.Read, a.Starred
			body.Articles[i].Read, body.Articles[i].Starred = &read, &starred
		}
	}
	return body
}

// writeJSON sends v with status. The body is encoded before the header is
// written, so an encoding failure can still become a clean 500.
func writeJSON(w http.ResponseWriter, status int, v any) error {
	body, err := encodeJSON(v)
	if err != nil {
		return err
	}
	return writeBody(w, status, body)
}

// encodeJSON is v as the service sends it.
func encodeJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // titles keep their & < > readable
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// writeBody sends an encoded JSON body with status, for no cache to keep:
// errors and health answers are true of this request, this moment only
// (successful lists go through writeList instead).
func writeBody(w http.ResponseWriter, status int, body []byte) error {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", noStore)
	w.WriteHeader(status)
	_, err := w.Write(body)
	return err
}

// writeError sends an error in the shape the documented rule picks: shape A
// for INVALID_COUNTRY_CODE, shape B for everything else.
func writeError(w http.ResponseWriter, status int, code, message string) {
	var body any = errorB{Status: status, Code: code, Message: message}
	if code == model.CodeInvalidCountryCode {
		body = errorA{Status: status, Code: code, Message: message}
	}
	_ = writeJSON(w, status, body) // the client has gone if this fails
}

// retryAfterSeconds is d in whole seconds, rounded up, at least 1.
func retryAfterSeconds(d time.Duration) int {
	s := int((d + time.Second - 1) / time.Second)
	return max(s, 1)
}
