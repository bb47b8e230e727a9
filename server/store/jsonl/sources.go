package jsonl

import (
	"context"
	"fmt"
	"net/url"
	"sort"
	"strings"
)

// sourceRefs checks that an article naming its source by id alone names a
// source the service knows: one of the file's or of the catalogue's.
// Sources may follow their articles in a file, so an article whose source
// is not known yet waits (in memory) until a flush finds it in the
// catalogue or the file, or until the end of the file, when it is skipped.
type sourceRefs struct {
	known       KnownSources
	inFile      map[string]bool // source ids of the file read so far
	inCatalogue map[string]bool // ids asked of known, and its answers
	waiting     []waitingRecord
}

// waitingRecord is an article whose source is not known yet, and its line.
type waitingRecord struct {
	Record
	line int
}

// resolved reports whether rec's source is known now: it has a name of
// its own (or no source at all), or its id is the file's or catalogue's.
func (s *sourceRefs) resolved(rec Record) bool {
	id := strings.TrimSpace(rec.Source.ID)
	return id == "" || strings.TrimSpace(rec.Source.Name) != "" || s.inFile[id] || s.inCatalogue[id]
}

// settle returns the waiting articles whose source is now known, asking
// the catalogue about ids it has not been asked about; the others wait on.
func (s *sourceRefs) settle(ctx context.Context) ([]Record, error) {
	if len(s.waiting) == 0 {
		return nil, nil
	}
	if err := s.ask(ctx); err != nil {
		return nil, err
	}
	var ready []Record
	still := s.waiting[:0]
	for _, w := range s.waiting {
		if s.resolved(w.Record) {
			ready = append(ready, w.Record)
		} else {
			still = append(still, w)
		}
	}
	s.waiting = still
	return ready, nil
}

// ask looks up in the catalogue the waiting articles' source ids it has
// not looked up before.
func (s *sourceRefs) ask(ctx context.Context) error {
	var ids []string
	for _, w := range s.waiting {
		id := strings.TrimSpace(w.Source.ID)
		if _, asked := s.inCatalogue[id]; !asked && !s.inFile[id] {
			s.inCatalogue[id] = false
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 || s.known == nil {
		return nil
	}
	found, err := s.known(ctx, ids)
	if err != nil {
		return fmt.Errorf("look up the sources articles name: %w", err)
	}
	for id, ok := range found {
		s.inCatalogue[id] = ok
	}
	return nil
}

// finish skips, once the whole file is read, the articles whose source is
// neither the file's nor the catalogue's, then stores those that were
// waiting for a source further on; and puts the reported errors in line
// order (those of waiting articles come last otherwise).
func (imp *importer) finish() error {
	ready, err := imp.refs.settle(imp.ctx)
	if err != nil {
		return fmt.Errorf("import at the end: %w", err)
	}
	for _, w := range imp.refs.waiting {
		imp.skipAt(w.line, fmt.Errorf("article %s: source %q is neither in the file nor in the catalogue (give the source a line of its own, or its name)",
			w.URL, w.Source.ID))
	}
	imp.refs.waiting = nil
	sort.SliceStable(imp.stats.Errors, func(i, j int) bool { return imp.stats.Errors[i].Line < imp.stats.Errors[j].Line })
	if len(ready) == 0 {
		return nil
	}
	imp.recs = append(imp.recs, ready...)
	return imp.flush()
}

// isWebURL reports whether s is an absolute http or https URL with a host.
func isWebURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}
