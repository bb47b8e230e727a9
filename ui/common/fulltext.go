package common

import (
	"context"

	"tidings/extract"
)

// FullText fetches the readable article behind a link (extract.Extractor
// satisfies it). Its errors' Error() is plain words for the user ("the
// site refused the request (403)"); the reader shows them as they are.
type FullText interface {
	Extract(ctx context.Context, pageURL string) (extract.Article, error)
}
