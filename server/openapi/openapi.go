// Package openapi holds the OpenAPI 3.1 description of `tidings serve`
// (openapi.json, written by hand and embedded) and serves it: [Document]
// returns it and [Handler] answers GET and HEAD for it, to be mounted at
// /v2/openapi.json.
//
// The document describes the spec's three endpoints, NewsAPI's three,
// every parameter, both dialects' shapes and errors, and this service's
// extensions (storyId, storySize, story, the RateLimit-* headers,
// ETag/304). The conformance test in this package drives the real handler
// over every endpoint and error and validates each request and response
// against the document, so the two cannot drift apart unnoticed.
//
// The document needs no API key: it is the same for every client, holds
// no catalogue data, and a client (or a tool such as an API explorer)
// reads it before it has a key. So it is served with a strong ETag and
// "Cache-Control: public, max-age=3600", and any origin may read it.
//
// This package must not describe behaviour the handler does not have, nor
// import the server: the document is data, the server is tested against it.
package openapi

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"tidings/lazy"
)

//go:embed openapi.json
var document []byte

// etag is the document's strong entity tag: a digest of its bytes, so it
// changes exactly when the document does (a new build), and every replica
// of one build agrees on it. Computed at the first request for the
// document rather than by a package initialiser, which every start of the
// reader would run (issue 31).
var etag = lazy.Value[string]{Build: func() string {
	sum := sha256.Sum256(document)
	return `"` + hex.EncodeToString(sum[:16]) + `"`
}}

// Document returns the OpenAPI document (JSON). The slice is the caller's
// own copy.
func Document() []byte { return bytes.Clone(document) }

// Handler serves the document on GET and HEAD, with its ETag (so
// If-None-Match gets 304) and Cache-Control: public, max-age=3600. Other
// methods get 405 in the spec's error shape B, like the service's paths.
// It needs no API key and ignores the query string.
func Handler() http.Handler { return http.HandlerFunc(serve) }

func serve(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		writeMethodNotAllowed(w, r.Method)
		return
	}
	h.Set("Content-Type", "application/json")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "public, max-age=3600")
	// Anyone may read a public description, including an API explorer
	// served from another origin; it carries no credentials and no data.
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("ETag", etag.Get())
	// ServeContent answers If-None-Match (304), HEAD and ranges by the
	// book; a zero modification time sends no Last-Modified, so the ETag
	// alone decides.
	http.ServeContent(w, r, "openapi.json", time.Time{}, bytes.NewReader(document))
}

// errorB is the spec's general error shape, as the service's paths send it.
type errorB struct {
	Status  int    `json:"status"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func writeMethodNotAllowed(w http.ResponseWriter, method string) {
	if len(method) > 20 {
		method = method[:20] + "…"
	}
	body, err := json.Marshal(errorB{Status: http.StatusMethodNotAllowed, Code: "METHOD_NOT_ALLOWED",
		Message: fmt.Sprintf("method %s is not allowed: use GET", method)})
	if err != nil {
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusMethodNotAllowed)
	_, _ = w.Write(append(body, '\n')) // the client has gone if this fails
}
