package store

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tidings/model"
)

// MaxScopeIDs bounds the articles of a search scope (a keyword, a domain,
// a time range): the newest matches a search lists (the spec's service
// lists no more).
const MaxScopeIDs = 10_000

// resolved is a Scope as the rule covers it: every article, a set of
// sources, or the articles a search lists.
type resolved struct {
	all     bool
	sources []string
	search  *model.ArticlesQuery
}

// resolve turns scope into every article, a set of sources or a search.
// Country and category are sets of sources, since articles carry their
// source's.
func resolve(ctx context.Context, t MarkTables, scope Scope) (resolved, error) {
	switch {
	case scope.Source != "":
		return resolved{sources: []string{scope.Source}}, nil
	case scope.Feed != "":
		return resolved{sources: []string{scope.Feed}}, nil
	case scope.Category != "":
		return facetSources(ctx, t, "", string(scope.Category))
	case scope.Headlines != nil:
		h := scope.Headlines
		switch {
		case len(h.Sources) > 0:
			return resolved{sources: slices.Clone(h.Sources)}, nil
		case h.Country != "" || h.Category != "":
			return facetSources(ctx, t, string(h.Country), string(h.Category))
		}
		return resolved{all: true}, nil
	case scope.Articles != nil:
		a := *scope.Articles
		if strings.TrimSpace(a.Q) == "" && a.Story == "" && len(a.Sources) > 0 && len(a.Domains) == 0 &&
			len(a.ExcludeDomains) == 0 && a.Language == "" && a.From == "" && a.To == "" {
			return resolved{sources: slices.Clone(a.Sources)}, nil
		}
		a.Unread, a.Starred = false, false
		return resolved{search: &a}, nil
	}
	return resolved{all: true}, nil
}

func facetSources(ctx context.Context, t MarkTables, country, category string) (resolved, error) {
	ids, err := t.SourcesWhere(ctx, country, category)
	if err != nil {
		return resolved{}, fmt.Errorf("list the sources of the scope: %w", err)
	}
	return resolved{sources: ids}, nil
}

// searchIDs lists the ids of the articles a search scope lists, newest
// matches first, at most MaxScopeIDs.
func searchIDs(ctx context.Context, r Reader, q model.ArticlesQuery) ([]int64, error) {
	q.PageSize = model.MaxPageSize
	var ids []int64
	for q.Page = 1; len(ids) < MaxScopeIDs; q.Page++ {
		p, err := r.Articles(ctx, q)
		if err != nil {
			return nil, fmt.Errorf("list the articles of the scope: %w", err)
		}
		for _, a := range p.Items {
			id, err := strconv.ParseInt(a.ID, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("the store gave article %q no id", a.URL)
			}
			ids = append(ids, id)
		}
		if !p.HasMore() {
			break
		}
	}
	return ids[:min(len(ids), MaxScopeIDs)], nil
}

// IsSearchScope reports whether scope is a search (keywords, domains,
// dates…) rather than a set of sources: its counts and marks read the
// search's results, so they cost one search per page of them.
func IsSearchScope(scope Scope) bool {
	if scope.Articles == nil || scope.Source != "" || scope.Feed != "" || scope.Category != "" || scope.Headlines != nil {
		return false
	}
	res, _ := resolve(context.Background(), nil, scope)
	return res.search != nil
}
