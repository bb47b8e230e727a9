package faultserver

import (
	"encoding/json"

	"tidings/model"
)

// ErrorShapeA is an error body in the spec's first shape (endpoint
// descriptions): {"status":400,"errorCode":"...","errorMessage":"..."}.
func ErrorShapeA(status int, code, message string) []byte {
	return mustJSON(struct {
		Status  int    `json:"status"`
		Code    string `json:"errorCode"`
		Message string `json:"errorMessage"`
	}{status, code, message})
}

// ErrorShapeB is an error body in the spec's second shape (general
// pagination): {"status":400,"code":"...","message":"..."}.
func ErrorShapeB(status int, code, message string) []byte {
	return mustJSON(struct {
		Status  int    `json:"status"`
		Code    string `json:"code"`
		Message string `json:"message"`
	}{status, code, message})
}

// errorInOKBody says "error" under a 200 status; the spec's text says
// status carries "error" in error bodies, so a service may well do this.
var errorInOKBody = mustJSON(map[string]string{
	"status":  "error",
	"code":    "UNEXPECTED_ERROR",
	"message": "the service failed but answered 200",
})

// ArticlesBody is a successful articles envelope in the spec's primary
// (camelCase) shape, for Canned faults and fake services.
func ArticlesBody(articles []model.Article, totalResults, page, pageSize int) []byte {
	if articles == nil {
		articles = []model.Article{} // the list is [] on an empty page, never null
	}
	return mustJSON(struct {
		Status       string          `json:"status"`
		TotalResults int             `json:"totalResults"`
		Page         int             `json:"page"`
		PageSize     int             `json:"pageSize"`
		Articles     []model.Article `json:"articles"`
	}{"ok", totalResults, page, pageSize, articles})
}

// SourcesBody is a successful sources envelope in the primary shape.
func SourcesBody(sources []model.Source, totalResults, page, pageSize int) []byte {
	if sources == nil {
		sources = []model.Source{}
	}
	return mustJSON(struct {
		Status       string         `json:"status"`
		TotalResults int            `json:"totalResults"`
		Page         int            `json:"page"`
		PageSize     int            `json:"pageSize"`
		Sources      []model.Source `json:"sources"`
	}{"ok", totalResults, page, pageSize, sources})
}

// hostileBody is the HostileText answer for an endpoint path.
func hostileBody(path string) []byte {
	if path == "/sources" {
		srcs := HostileSources()
		return SourcesBody(srcs, len(srcs), 1, model.DefaultPageSize)
	}
	arts := HostileArticles()
	return ArticlesBody(arts, len(arts), 1, model.DefaultPageSize)
}

// mustJSON marshals values whose types cannot fail to encode (no channels,
// funcs or cyclic data); a failure is a programming error in this package.
func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic("faultserver: encoding a fixed body: " + err.Error())
	}
	return b
}
