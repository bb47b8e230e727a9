package openapi_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	"github.com/pb33f/libopenapi-validator/config"
	verrors "github.com/pb33f/libopenapi-validator/errors"
	"github.com/pb33f/libopenapi-validator/schema_validation"
	v3 "github.com/pb33f/libopenapi/datamodel/high/v3"

	"tidings/model"
	"tidings/server"
	"tidings/server/store"
	"tidings/server/store/sqlite"
)

const testKey = "conformance-key-1"

// published is the fixture catalogue's clock: articles are hours before it.
var published = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

// fixtureStore is a small catalogue with every kind of value the wire
// shapes have: sources in several categories, languages and countries
// (and one, as a feed may leave it, with none), articles with every field
// and with only the required ones, non-Latin text.
func fixtureStore(t testing.TB) *sqlite.Store {
	t.Helper()
	st, err := sqlite.Open("")
	if err != nil {
		t.Fatalf("open the fixture store: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	sources := []model.Source{
		{ID: "bbc-news", Name: "BBC News", Description: "UK news", URL: "https://www.bbc.co.uk", Category: "general", Language: "en", Country: "gb"},
		{ID: "spiegel", Name: "Der Spiegel", Description: "Nachrichten", URL: "https://www.spiegel.de", Category: "general", Language: "de", Country: "de"},
		{ID: "techcrunch", Name: "TechCrunch", URL: "https://techcrunch.com", Category: "technology", Language: "en", Country: "us"},
		{ID: "dn", Name: "Dagens Nyheter", URL: "https://www.dn.se", Category: "business", Language: "se", Country: "se"},
		{ID: "a-feed", Name: "A feed with nothing set", URL: "https://feed.example.org"},
	}
	a := func(src, url, title string, hoursAgo int) model.Article {
		return model.Article{Source: model.SourceRef{ID: src}, Title: title, URL: url,
			Description: "About " + title, Content: title + ". More text.",
			PublishedAt: published.Add(-time.Duration(hoursAgo) * time.Hour)}
	}
	articles := []model.Article{
		a("bbc-news", "https://www.bbc.co.uk/news/1", "Climate summit opens", 1),
		a("spiegel", "https://www.spiegel.de/2", "Klimagipfel beginnt in Köln", 2),
		a("techcrunch", "https://techcrunch.com/3", "Climate tech startup raises money", 3),
		a("techcrunch", "https://news.techcrunch.com/4", "New chip <fast> & cheap", 4),
		a("dn", "https://www.dn.se/5", "Klimatmötet öppnar", 5),
		a("a-feed", "https://feed.example.org/6", "Climate feed item", 30),
		{Source: model.SourceRef{ID: "bbc-news"}, Title: "Bare article", URL: "https://www.bbc.co.uk/news/7"},
	}
	articles[0].Author = "Jane Doe"
	articles[0].URLToImage = "https://www.bbc.co.uk/img/1.jpg"
	if err := st.Add(context.Background(), sources, articles); err != nil {
		t.Fatalf("fill the fixture store: %v", err)
	}
	return st
}

// failingStore answers every query with an error the server does not
// know, to provoke its 500.
type failingStore struct{ *sqlite.Store }

var errDiskOnFire = errors.New("the disk is on fire")

func (failingStore) Sources(context.Context, model.SourcesQuery) (model.Page[model.Source], error) {
	return model.Page[model.Source]{}, errDiskOnFire
}
func (failingStore) Headlines(context.Context, model.HeadlinesQuery) (model.Page[model.Article], error) {
	return model.Page[model.Article]{}, errDiskOnFire
}
func (failingStore) Articles(context.Context, model.ArticlesQuery) (model.Page[model.Article], error) {
	return model.Page[model.Article]{}, errDiskOnFire
}

func (failingStore) Feeds(context.Context) ([]store.Feed, error) { return nil, errDiskOnFire }

// newService builds the real handler of `tidings serve` over a store
// with cfg; it serves this package's document at /v2/openapi.json.
func newService(t testing.TB, st store.Reader, cfg server.Config) http.Handler {
	t.Helper()
	if cfg.APIKeys == nil {
		cfg.APIKeys = []string{testKey}
	}
	h, err := server.New(st, cfg)
	if err != nil {
		t.Fatalf("server.New: %v", err)
	}
	return h
}

// docValidator is the document, parsed, with a validator over it.
type docValidator struct {
	doc   libopenapi.Document
	model *v3.Document
	v     validator.Validator
	// lenient validates the answer of /openapi.json, the document itself:
	// its schema names only the top-level fields (ValidateDocument checks
	// the rest), which strict mode would report one by one.
	lenient validator.Validator
}

// newDocValidator parses the embedded document and builds a strict
// validator: undeclared properties in a body are errors even where the
// document allows them, and formats are asserted.
func newDocValidator(t testing.TB, spec []byte) *docValidator {
	t.Helper()
	doc, err := libopenapi.NewDocument(spec)
	if err != nil {
		t.Fatalf("parse the OpenAPI document: %v", err)
	}
	m, err := doc.BuildV3Model()
	if err != nil {
		t.Fatalf("build the OpenAPI model: %v", err)
	}
	v, errs := validator.NewValidator(doc, config.WithFormatAssertions(), config.WithStrictMode(),
		// Transport headers, not part of the contract.
		config.WithStrictIgnoredHeadersExtra("X-Content-Type-Options", "Content-Encoding", "Accept-Ranges",
			"Access-Control-Allow-Origin", "X-Api-Key"),
		// The key as a query parameter is a security scheme, which strict
		// mode does not count as a declared parameter; the checks of
		// /readyz are a map by name (additionalProperties).
		config.WithStrictIgnorePaths("$.query.apiKey", "$.body.checks.*"))
	if len(errs) > 0 {
		t.Fatalf("build the validator: %v", errors.Join(errs...))
	}
	lenient, errs := validator.NewValidator(doc)
	if len(errs) > 0 {
		t.Fatalf("build the lenient validator: %v", errors.Join(errs...))
	}
	return &docValidator{doc: doc, model: &m.Model, v: v, lenient: lenient}
}

// exchange is one request and the handler's response, the body kept.
type exchange struct {
	req  *http.Request
	res  *http.Response
	body []byte
}

// do sends req to h and records the exchange.
func do(h http.Handler, req *http.Request) exchange {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	res := rec.Result()
	body, _ := io.ReadAll(res.Body)
	return exchange{req: req, res: res, body: body}
}

// newRequest is a request as a client sends it; auth is a header line
// ("Authorization: Bearer k", "X-Api-Key: k") or "" for none.
func newRequest(method, target, auth string) *http.Request {
	req := httptest.NewRequest(method, "http://tidings.test"+target, nil)
	if auth != "" {
		name, value, _ := strings.Cut(auth, ":")
		req.Header.Set(strings.TrimSpace(name), strings.TrimSpace(value))
	}
	return req
}

// withBody gives the validator a fresh reader of the recorded body.
func (e exchange) withBody() *http.Response {
	res := *e.res
	res.Body = io.NopCloser(bytes.NewReader(e.body))
	return &res
}

// responseErrors validates the response against the operation the
// request names in the document.
func (d *docValidator) responseErrors(e exchange) []*verrors.ValidationError {
	v := d.v
	if e.req.URL.Path == "/v2/openapi.json" {
		v = d.lenient
	}
	_, errs := v.ValidateHttpResponse(e.req, e.withBody())
	return errs
}

// requestErrors validates the request alone.
func (d *docValidator) requestErrors(e exchange) []*verrors.ValidationError {
	_, errs := d.v.ValidateHttpRequestSync(e.req)
	return errs
}

// componentErrors validates a body against the schema of a response in
// components.responses: for answers the document cannot tie to an
// operation (an unknown path, a method it does not list).
func (d *docValidator) componentErrors(t testing.TB, component string, body []byte) []*verrors.ValidationError {
	t.Helper()
	resp := d.model.Components.Responses.GetOrZero(component)
	if resp == nil {
		t.Fatalf("the document has no components.responses.%s", component)
	}
	media := resp.Content.GetOrZero("application/json")
	if media == nil || media.Schema == nil {
		t.Fatalf("components.responses.%s has no application/json schema", component)
	}
	_, errs := schema_validation.NewSchemaValidator().ValidateSchemaBytes(media.Schema.Schema(), body)
	return errs
}

// describe makes validation errors readable in a failure: each error's
// message and reason, and each schema failure's field and reason.
func describe(errs []*verrors.ValidationError) string {
	var b strings.Builder
	for _, e := range errs {
		fmt.Fprintf(&b, "\n  - %s: %s", e.Message, e.Reason)
		for _, f := range e.SchemaValidationErrors {
			where := f.FieldPath
			if where == "" {
				where = f.KeywordLocation
			}
			fmt.Fprintf(&b, "\n      %s: %s", where, f.Reason)
		}
		if e.HowToFix != "" {
			fmt.Fprintf(&b, "\n      (%s)", e.HowToFix)
		}
	}
	return b.String()
}
