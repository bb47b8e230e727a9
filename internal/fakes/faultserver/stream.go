package faultserver

import (
	"bytes"
	"net/http"
	"strconv"
	"time"
)

// oversizedItem is one filler article; the body repeats it until Size.
const oversizedItem = `{"source":{"id":"filler","name":"Filler"},"author":"","title":"Filler article",` +
	`"description":"","url":"https://example.invalid/filler","urlToImage":"",` +
	`"publishedAt":"2024-01-01T00:00:00Z","content":""}`

const (
	oversizedPrefix = `{"status":"ok","totalResults":1000000,"page":1,"pageSize":100,"articles":[`
	oversizedSuffix = `]}`
	chunkSize       = 32 << 10
)

// oversizedChunks are the two reusable blocks the body is cut from: many
// ",item" and many spaces. They are built once and shared read-only, so a
// body of any size costs no memory beyond them.
var oversizedChunks = struct{ items, spaces []byte }{
	items:  bytes.Repeat([]byte(","+oversizedItem), chunkSize/(len(oversizedItem)+1)),
	spaces: bytes.Repeat([]byte(" "), chunkSize),
}

// oversized streams a valid article envelope of exactly f.Size bytes:
// prefix, first item, ",item" blocks, then spaces (JSON allows them before
// the closing bracket) to land on the size, then suffix. It stops at the
// first failed write, or when the client or the server goes away.
func (s *Server) oversized(f Fault, w http.ResponseWriter, r *http.Request) {
	size := f.Size
	if size <= 0 {
		size = DefaultSize
	}
	size = max(size, int64(len(oversizedPrefix)+len(oversizedSuffix)))
	w.Header().Set("Content-Type", "application/json")
	if f.DeclareLength {
		w.Header().Set("Content-Length", strconv.FormatInt(size, 10))
	}
	w.WriteHeader(http.StatusOK)

	out := &streamWriter{s: s, w: w, r: r}
	remaining := size - int64(len(oversizedPrefix)+len(oversizedSuffix))
	out.write([]byte(oversizedPrefix))
	if remaining >= int64(len(oversizedItem)) {
		out.write([]byte(oversizedItem))
		remaining -= int64(len(oversizedItem))
	}
	items := oversizedChunks.items
	for remaining >= int64(len(items)) && out.ok() {
		out.write(items)
		remaining -= int64(len(items))
	}
	one := items[:len(oversizedItem)+1]
	for remaining >= int64(len(one)) && out.ok() {
		out.write(one)
		remaining -= int64(len(one))
	}
	for remaining > 0 && out.ok() {
		n := min(remaining, int64(len(oversizedChunks.spaces)))
		out.write(oversizedChunks.spaces[:n])
		remaining -= n
	}
	out.write([]byte(oversizedSuffix))
}

// streamWriter writes until the first failure or abandonment, after which
// every write is a no-op; callers check ok() only to stop looping early.
type streamWriter struct {
	s      *Server
	w      http.ResponseWriter
	r      *http.Request
	failed bool
}

func (sw *streamWriter) ok() bool {
	if sw.failed {
		return false
	}
	select {
	case <-sw.r.Context().Done():
		sw.failed = true
	case <-sw.s.done:
		sw.failed = true
	default:
	}
	return !sw.failed
}

func (sw *streamWriter) write(p []byte) {
	if !sw.ok() {
		return
	}
	if _, err := sw.w.Write(p); err != nil {
		sw.failed = true
	}
}

// flush pushes buffered bytes to the client now rather than at 4 KiB.
func (sw *streamWriter) flush() {
	if !sw.ok() {
		return
	}
	if err := http.NewResponseController(sw.w).Flush(); err != nil {
		sw.failed = true
	}
}

// drip sends the real response's status and headers at once, then its body
// a byte at a time, every interval.
func (s *Server) drip(interval time.Duration, w http.ResponseWriter, r *http.Request) {
	rec := s.record(r)
	body := rec.Body.Bytes()
	for k, vs := range rec.Header() {
		w.Header()[k] = vs
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(rec.Code)
	out := &streamWriter{s: s, w: w, r: r}
	out.flush()
	for i := range body {
		if !s.sleep(r, interval) {
			return
		}
		out.write(body[i : i+1])
		out.flush()
		if !out.ok() {
			return
		}
	}
}
