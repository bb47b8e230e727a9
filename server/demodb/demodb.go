// Package demodb is the built-in demo catalogue (package demo) prebuilt
// into a store image (sqlite.WriteImage) and embedded in the binary, so the
// demo service starts without generating or loading anything: Open costs
// well under a millisecond, where generating the catalogue and loading it
// with store.Add takes about a second, most of it full-text indexing.
//
// The image holds demo.Catalogue(Epoch). Open presents its publication
// times shifted by the time since Epoch, so the catalogue is as fresh as
// demo.Catalogue(now) would be (to the second): "latest" always shows
// minutes-old articles.
//
// demo.db is generated: after changing the demo catalogue, the store's
// schema or how the store writes rows, run `go generate ./server/demodb`.
// TestEmbeddedImageIsCurrent fails until then.
package demodb

//go:generate go run ../../cmd/tidings-demodb-gen demo.db

import (
	"context"
	"embed"
	"fmt"
	"time"

	"tidings/server/demo"
	"tidings/server/store/sqlite"
)

// ImageFile is the embedded image's name.
const ImageFile = "demo.db"

//go:embed demo.db
var image embed.FS

// Epoch is the instant the embedded catalogue was generated for. It is a
// fixed date, not the build time, so regenerating an unchanged catalogue
// gives the same bytes. (A function: a package-level time.Time would be
// computed by an initialiser in every tidings process, issue 31.)
func Epoch() time.Time { return time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC) }

// Open opens the embedded demo catalogue, read-only, with publication
// times relative to now.
func Open(now time.Time) (*sqlite.Store, error) {
	st, err := sqlite.OpenImage(image, ImageFile, now.Sub(Epoch()))
	if err != nil {
		return nil, fmt.Errorf("open the demo catalogue: %w", err)
	}
	return st, nil
}

// Build writes the image of demo.Catalogue(Epoch) to path, replacing it.
// It takes about a second: it is what `go generate` runs.
func Build(ctx context.Context, path string) error {
	st, err := sqlite.Open("")
	if err != nil {
		return fmt.Errorf("build the demo image: %w", err)
	}
	defer st.Close()
	sources, articles := demo.Catalogue(Epoch())
	if err := st.Add(ctx, sources, articles); err != nil {
		return fmt.Errorf("build the demo image: %w", err)
	}
	return st.WriteImageFile(ctx, path)
}
