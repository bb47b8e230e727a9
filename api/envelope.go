package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"tidings/model"
)

// maxPageSizeSeen bounds a page size read from a response: larger than any
// service allows, small enough that page arithmetic cannot overflow.
const maxPageSizeSeen = 1 << 20

// envelopeHeader holds the list envelope of spec 2.3 in both shapes:
// camelCase (totalResults, pageSize) and snake_case (total_results,
// total_pages, page_size). When both spellings are present camelCase wins,
// being the shape of the endpoint descriptions.
type envelopeHeader struct {
	Status            json.RawMessage `json:"status"`
	TotalResults      count           `json:"totalResults"`
	TotalResultsSnake count           `json:"total_results"`
	TotalPages        count           `json:"totalPages"`
	TotalPagesSnake   count           `json:"total_pages"`
	Page              count           `json:"page"`
	PageSize          count           `json:"pageSize"`
	PageSizeSnake     count           `json:"page_size"`
	// Our marks extension: the view's unread count (marks_wire.go).
	UnreadResults count `json:"unreadResults"`
}

type articlesEnvelope struct {
	envelopeHeader
	Articles *[]wireArticle `json:"articles"`
}

type sourcesEnvelope struct {
	envelopeHeader
	Sources *[]wireSource `json:"sources"`
}

// pagingHint is what the request asked for; 0 means "not sent".
type pagingHint struct{ page, pageSize int }

// decodeArticlesPage reads the body of a 2xx answer from /latest-headlines
// or /articles.
func decodeArticlesPage(body []byte, hint pagingHint, redact func(string) string) (model.Page[model.Article], error) {
	header, items, hasList, err := readArticles(body)
	if err != nil {
		return model.Page[model.Article]{}, err
	}
	if err := header.checkStatus(body, hasList, "articles", redact); err != nil {
		return model.Page[model.Article]{}, err
	}
	return buildPage(items, header, hint), nil
}

// decodeSourcesPage reads the body of a 2xx answer from /sources.
func decodeSourcesPage(body []byte, hint pagingHint, redact func(string) string) (model.Page[model.Source], error) {
	var env sourcesEnvelope
	if err := unmarshalEnvelope(body, &env); err != nil {
		return model.Page[model.Source]{}, err
	}
	if err := env.checkStatus(body, env.Sources != nil, "sources", redact); err != nil {
		return model.Page[model.Source]{}, err
	}
	var items []model.Source
	if env.Sources != nil {
		items = make([]model.Source, 0, len(*env.Sources))
		for i := range *env.Sources {
			if w := &(*env.Sources)[i]; !w.skip {
				items = append(items, w.source())
			}
		}
	}
	return buildPage(items, env.envelopeHeader, hint), nil
}

// unmarshalEnvelope decodes a JSON object or reports ErrBadResponse with a
// short reason. Since the wire types accept any value, an error here means
// the body is not JSON, not an object, or its list is not an array.
func unmarshalEnvelope(body []byte, env any) error {
	trimmed := bytes.TrimSpace(body)
	switch {
	case len(trimmed) == 0:
		return &requestError{kind: ErrEmptyResponse, msg: ErrEmptyResponse.Error()}
	case trimmed[0] == '<':
		return badResponse("got a web page")
	case trimmed[0] != '{':
		return badResponse("expected a JSON object")
	}
	if err := json.Unmarshal(trimmed, env); err != nil {
		var syntaxErr *json.SyntaxError
		if errors.As(err, &syntaxErr) {
			return badResponse("the JSON is malformed or cut short")
		}
		return badResponse("the list is not a JSON array")
	}
	return nil
}

func badResponse(reason string) error {
	return &requestError{kind: ErrBadResponse, msg: ErrBadResponse.Error() + ": " + reason}
}

// checkStatus applies the envelope's status: "ok" (any case) or a 2xx
// number is success; absent is success only if the list is there (a body
// with neither is not a news service's answer); anything else makes the
// body an error body even though the HTTP status was 2xx.
func (h envelopeHeader) checkStatus(body []byte, hasList bool, list string, redact func(string) string) error {
	status, present := statusText(h.Status)
	switch {
	case !present && hasList:
		return nil
	case !present:
		return badResponse(fmt.Sprintf("no status and no %s in it", list))
	case strings.EqualFold(status, "ok"):
		return nil
	}
	if n, err := strconv.Atoi(status); err == nil && n >= 200 && n <= 299 {
		return nil
	}
	return errorInSuccess(body, status, redact)
}

// errorInSuccess builds the *Error for a 2xx answer whose body says it
// failed. Its Status is the body's own status when that is an HTTP error
// number, else one inferred from the spec's known codes, else 200 (the
// caller still gets the service's code and message).
func errorInSuccess(body []byte, status string, redact func(string) string) error {
	var w wireError
	_ = json.Unmarshal(body, &w) // the body already decoded as an object
	code, msg := w.codeAndMessage()
	e := &Error{Status: http.StatusOK, Code: serviceText(code, 64, redact), Message: serviceText(msg, maxMessageRunes, redact)}
	if n, err := strconv.Atoi(status); err == nil && n >= 400 && n <= 599 {
		e.Status = n
	} else if n := statusForCode(code); n != 0 {
		e.Status = n
	}
	if e.Message == "" {
		e.Message = serviceText(fmt.Sprintf("the service answered with status %q", status), maxMessageRunes, redact)
	}
	return e
}

// statusForCode maps the spec's error codes (section 7) to their statuses.
func statusForCode(code string) int {
	switch strings.ToUpper(code) {
	case model.CodeBadRequest, model.CodeInvalidCountryCode:
		return http.StatusBadRequest
	case "TOO_MANY_REQUESTS":
		return http.StatusTooManyRequests
	}
	return 0
}

// statusText reads "status" as a string or a number.
func statusText(raw json.RawMessage) (string, bool) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", false
	}
	var t text
	_ = t.UnmarshalJSON(raw)
	return strings.TrimSpace(string(t)), true
}

// buildPage fills in what the envelope left out and makes the numbers
// consistent, so the UI can page without second-guessing:
//   - page and pageSize come from the envelope, else the request, else the
//     spec's defaults (1 and 20);
//   - pageSize is at least the number of items received;
//   - totalResults comes from the envelope, else from total_pages (an upper
//     bound, exact on the last page), else it is guessed: the items seen so
//     far, plus one more when the page is full, so that HasMore offers the
//     next page exactly when one may exist (0 for an empty page);
//   - totalResults is never below the items seen so far on a non-empty page.
func buildPage[T any](items []T, h envelopeHeader, hint pagingHint) model.Page[T] {
	if items == nil {
		items = []T{}
	}
	p := model.Page[T]{Items: items, Page: model.DefaultPage, PageSize: model.DefaultPageSize}
	if pg := pick(h.Page); pg.ok && pg.n >= 1 && pg.n <= model.MaxPage {
		p.Page = pg.n
	} else if hint.page >= 1 {
		p.Page = hint.page
	}
	if ps := pick(h.PageSize, h.PageSizeSnake); ps.ok && ps.n >= 1 && ps.n <= maxPageSizeSeen {
		p.PageSize = ps.n
	} else if hint.pageSize >= 1 {
		p.PageSize = hint.pageSize
	}
	p.PageSize = max(p.PageSize, len(items))

	seen := (p.Page-1)*p.PageSize + len(items)
	total, pages := pick(h.TotalResults, h.TotalResultsSnake), pick(h.TotalPages, h.TotalPagesSnake)
	switch {
	case total.ok:
		p.TotalResults = total.n
	case pages.ok && pages.n > p.Page && pages.n <= model.MaxPage:
		p.TotalResults = pages.n * p.PageSize
	case len(items) == 0:
		p.TotalResults = 0 // past the end, or nothing matched: nothing is known to exist
	case !pages.ok && len(items) == p.PageSize:
		p.TotalResults = seen + 1
	default: // a short page, or on the last page total_pages gives: exact
		p.TotalResults = seen
	}
	if len(items) > 0 {
		p.TotalResults = max(p.TotalResults, seen)
	}
	p.UnreadResults, p.UnreadKnown = h.unread()
	return p
}
