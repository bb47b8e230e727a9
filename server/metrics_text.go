package server

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"strings"

	"tidings/lazy"

	"github.com/VictoriaMetrics/metrics"
)

// family is one metric family's HELP text and TYPE, written before its
// first sample: VictoriaMetrics' exporter writes samples only.
type family struct {
	name, kind, help string
}

// describe records name's HELP and TYPE and returns name.
func (m *Metrics) describe(name, kind, help string) string {
	m.families = append(m.families, family{name, kind, help})
	return name
}

// series is a sample name with its labels, given as name, value pairs in
// the order they are exposed (alphabetical, as Prometheus's client wrote
// them). Values are escaped as the text format requires.
func series(name string, labels ...string) string {
	var b strings.Builder
	b.WriteString(name)
	for i := 0; i+1 < len(labels); i += 2 {
		if i == 0 {
			b.WriteByte('{')
		} else {
			b.WriteByte(',')
		}
		b.WriteString(labels[i])
		b.WriteString(`="`)
		b.WriteString(labelEscaper.Get().Replace(labels[i+1]))
		b.WriteByte('"')
	}
	if len(labels) > 0 {
		b.WriteByte('}')
	}
	return b.String()
}

// labelEscaper escapes a label value as the text format asks; built on
// first use, not at start-up.
var labelEscaper = lazy.Value[*strings.Replacer]{Build: func() *strings.Replacer {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
}}

// serveHTTP writes every sample of the set, the metrics writers' (build
// info, feeds by state), then the Go runtime's and the process's.
func (m *Metrics) serveHTTP(w http.ResponseWriter, r *http.Request) {
	var raw bytes.Buffer
	m.set.WritePrometheus(&raw)
	metrics.WriteProcessMetrics(&raw)
	metrics.WriteFDMetrics(&raw)
	body := m.annotate(raw.Bytes())
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	w.Header().Add("Vary", "Accept-Encoding")
	if !acceptsGzip(r.Header) {
		w.Write(body)
		return
	}
	w.Header().Set("Content-Encoding", "gzip")
	zw := gzip.NewWriter(w)
	zw.Write(body)
	zw.Close()
}

// annotate puts each of our families' HELP and TYPE lines before its
// first sample. A histogram's samples are its name with _bucket, _sum or
// _count added.
func (m *Metrics) annotate(raw []byte) []byte {
	byName := make(map[string]family, len(m.families))
	for _, f := range m.families {
		byName[f.name] = f
	}
	var out bytes.Buffer
	out.Grow(len(raw) + 128*len(m.families))
	last := ""
	for line := range bytes.Lines(raw) {
		end := bytes.IndexAny(line, "{ ")
		if end < 0 {
			end = len(line)
		}
		name := string(line[:end])
		f, ok := byName[name]
		if !ok {
			for _, suffix := range []string{"_bucket", "_sum", "_count"} {
				if base, cut := strings.CutSuffix(name, suffix); cut && byName[base].kind == "histogram" {
					f, ok = byName[base], true
				}
			}
		}
		if ok && f.name != last {
			out.WriteString("# HELP " + f.name + " " + f.help + "\n# TYPE " + f.name + " " + f.kind + "\n")
			last = f.name
		}
		out.Write(line)
	}
	return out.Bytes()
}
