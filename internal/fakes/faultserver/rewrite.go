package faultserver

import (
	"encoding/json"
	"net/http"
	"strconv"
)

// endlessTotal forwards r and inflates the envelope's totals. Anything that
// is not a JSON object (an error page, say) passes through untouched.
func (s *Server) endlessTotal(f Fault, w http.ResponseWriter, r *http.Request) {
	total := f.Total
	if total <= 0 {
		total = DefaultTotal
	}
	rec := s.record(r)
	body := rewriteEnvelope(rec.Body.Bytes(), func(env map[string]json.RawMessage) {
		if _, ok := env["total_results"]; ok {
			env["total_results"] = intJSON(total)
		} else {
			env["totalResults"] = intJSON(total)
		}
		if _, ok := env["total_pages"]; ok {
			size := envInt(env, "page_size", envInt(env, "pageSize", 20))
			env["total_pages"] = intJSON((total + max(size, 1) - 1) / max(size, 1))
		}
	})
	replay(w, rec.Code, rec.Header(), body)
}

// duplicatePages forwards r as a request for page 1 and labels the answer
// with the page asked for. A page that is not a positive number is left to
// the service to reject.
func (s *Server) duplicatePages(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	asked, err := strconv.Atoi(q.Get("page"))
	if err != nil || asked < 1 {
		s.next.ServeHTTP(w, r)
		return
	}
	first := r.Clone(r.Context())
	q.Set("page", "1")
	first.URL.RawQuery = q.Encode()
	first.RequestURI = first.URL.RequestURI()
	rec := s.record(first)
	body := rewriteEnvelope(rec.Body.Bytes(), func(env map[string]json.RawMessage) {
		env["page"] = intJSON(asked)
	})
	replay(w, rec.Code, rec.Header(), body)
}

// rewriteEnvelope applies edit to a JSON object body. The key order of the
// result is sorted, which JSON readers must not care about.
func rewriteEnvelope(body []byte, edit func(map[string]json.RawMessage)) []byte {
	var env map[string]json.RawMessage
	if err := json.Unmarshal(body, &env); err != nil || env == nil {
		return body
	}
	edit(env)
	out, err := json.Marshal(env)
	if err != nil {
		return body
	}
	return out
}

func intJSON(n int) json.RawMessage { return json.RawMessage(strconv.Itoa(n)) }

// envInt reads a numeric envelope field, or def when it is absent or odd.
func envInt(env map[string]json.RawMessage, key string, def int) int {
	var n int
	if raw, ok := env[key]; ok && json.Unmarshal(raw, &n) == nil {
		return n
	}
	return def
}
