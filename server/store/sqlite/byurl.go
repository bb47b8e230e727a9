package sqlite

import (
	"context"
	"fmt"
	"io/fs"

	"tidings/model"
)

// ErrArticleNotFound is ArticleByURL's answer for a URL the store does not
// hold. It wraps fs.ErrNotExist, so callers that must not import this
// package (the demo's page handler) can test errors.Is(err, fs.ErrNotExist).
//
// It is a static value of its own type, not fmt.Errorf, so that no
// package initialiser builds it at start-up (issue 31).
var ErrArticleNotFound error = articleNotFound{}

// articleNotFound is the type of ErrArticleNotFound.
type articleNotFound struct{}

func (articleNotFound) Error() string { return "no such article: " + fs.ErrNotExist.Error() }

func (articleNotFound) Unwrap() error { return fs.ErrNotExist }

// articleByURLSQL reads one article by its URL. articles.url is UNIQUE, so
// SQLite answers it from that constraint's index (one B-tree search), also
// on a read-only image: no schema change is needed.
const articleByURLSQL = `SELECT ` + articleCols + ` FROM articles a WHERE a.url = ?`

// ArticleByURL returns the article stored under url, which must match the
// stored URL exactly (articles are unique by URL), with its publication
// time presented as the other queries present it. A URL the store does
// not hold gives an error matching ErrArticleNotFound.
func (s *Store) ArticleByURL(ctx context.Context, url string) (model.Article, error) {
	items, err := s.articles(ctx, articleByURLSQL, []any{url})
	if err != nil {
		return model.Article{}, fmt.Errorf("article by URL: %w", err)
	}
	if len(items) == 0 {
		return model.Article{}, ErrArticleNotFound
	}
	return items[0], nil
}
