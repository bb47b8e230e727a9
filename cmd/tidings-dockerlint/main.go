// Command tidings-dockerlint checks a Dockerfile with BuildKit's own parser and
// lint rules, the ones `docker build --check` applies, without a Docker
// engine and without a network: scripts/check-packaging.sh uses it where
// no engine answers and hadolint is not installable (Debian 12 has no
// hadolint package).
//
// Base images are not pulled: every FROM resolves to an empty linux image
// of the build platform, so rules about the Dockerfile itself all run
// (stage names, ENV and CMD forms, undefined variables, copy sources,
// casing …) while nothing is fetched. It exits 1 when the Dockerfile does
// not parse or any rule warns, printing each warning with its line.
//
// It is a module of its own, so BuildKit's dependencies stay out of
// tidings' go.mod: run it with `go run .` in this directory.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"

	"github.com/moby/buildkit/client/llb"
	"github.com/moby/buildkit/client/llb/sourceresolver"
	"github.com/moby/buildkit/frontend/dockerfile/dockerfile2llb"
	"github.com/moby/buildkit/frontend/dockerui"
	"github.com/moby/buildkit/solver/pb"
	digest "github.com/opencontainers/go-digest"
	"github.com/sirupsen/logrus"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: tidings-dockerlint PATH/TO/Dockerfile")
		os.Exit(2)
	}
	logrus.SetOutput(io.Discard) // BuildKit logs what it would fetch
	n, err := lintFile(context.Background(), os.Args[1], os.Stdout)
	switch {
	case err != nil:
		fmt.Fprintln(os.Stderr, "tidings-dockerlint:", err)
		os.Exit(1)
	case n > 0:
		fmt.Fprintf(os.Stderr, "tidings-dockerlint: %s: %d warning(s)\n", os.Args[1], n)
		os.Exit(1)
	}
	fmt.Printf("tidings-dockerlint: %s: no warnings\n", os.Args[1])
}

// lintFile lints the Dockerfile at path, printing each warning to w, and
// returns how many there were.
func lintFile(ctx context.Context, path string, w io.Writer) (int, error) {
	dt, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	src := llb.Scratch()
	sm := llb.NewSourceMap(&src, path, "Dockerfile", dt)
	if sm.Definition, err = src.Marshal(ctx); err != nil {
		return 0, fmt.Errorf("source map: %w", err)
	}
	res, err := dockerfile2llb.DockerfileLint(ctx, dt, dockerfile2llb.ConvertOpt{
		Config: dockerui.Config{}, SourceMap: sm, MetaResolver: offlineImages{},
	})
	if err != nil {
		return 0, fmt.Errorf("%s: %w", path, err)
	}
	if res.Error != nil {
		return 0, fmt.Errorf("%s:%s: %s", path, lines(&res.Error.Location), res.Error.Message)
	}
	for _, warn := range res.Warnings {
		fmt.Fprintf(w, "%s:%s: %s: %s (%s)\n", path, lines(warn.Location), warn.RuleName, warn.Detail, warn.URL)
	}
	return len(res.Warnings), nil
}

// lines is the first line a location names, "?" when none.
func lines(loc *pb.Location) string {
	if loc == nil || len(loc.Ranges) == 0 {
		return "?"
	}
	return fmt.Sprint(loc.Ranges[0].Start.Line)
}

// offlineImages resolves every image to an empty one of this platform,
// so that linting never pulls.
type offlineImages struct{}

func (offlineImages) ResolveImageConfig(_ context.Context, ref string, _ sourceresolver.Opt) (string, digest.Digest, []byte, error) {
	cfg, err := json.Marshal(map[string]any{"architecture": runtime.GOARCH, "os": "linux", "config": map[string]any{}})
	if err != nil {
		return "", "", nil, err
	}
	return ref, digest.FromBytes(cfg), cfg, nil
}
