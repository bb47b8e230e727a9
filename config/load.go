package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/adrg/xdg"
	"github.com/pelletier/go-toml/v2"
)

// DefaultPath is where the settings file lives:
// $XDG_CONFIG_HOME/tidings/config.toml (~/.config/tidings/config.toml
// when the variable is unset). It creates nothing.
func DefaultPath() (string, error) {
	if xdg.ConfigHome == "" {
		return "", errors.New("no configuration directory: set XDG_CONFIG_HOME or HOME")
	}
	return filepath.Join(xdg.ConfigHome, "tidings", "config.toml"), nil
}

// maxFileSize bounds the file Load reads: a settings file is a few
// kilobytes, anything near this is a mistake (the wrong --config).
const maxFileSize = 1 << 20

// Load reads the settings file at path, or at [DefaultPath] when path is
// "". A missing file at the default path is not an error: Load returns the
// defaults (Path ""). A missing file given explicitly (--config FILE) is.
// Every error is an [*Error] (several, joined, when the file has several
// problems).
func Load(path string) (*Config, error) {
	explicit := path != ""
	if !explicit {
		p, err := DefaultPath()
		if err != nil {
			return nil, &Error{Path: "config", Msg: err.Error()}
		}
		path = p
	}
	data, err := readFile(path)
	if errors.Is(err, fs.ErrNotExist) && !explicit {
		return Default(), nil
	}
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &Error{Path: path, Msg: "no such file; allowed: an existing file (`tidings config init` writes one)"}
	}
	if err != nil {
		return nil, &Error{Path: path, Msg: err.Error()}
	}
	return Parse(path, data)
}

func readFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, errors.New("is a directory, not a settings file")
	}
	data, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read: %w", err)
	}
	if len(data) > maxFileSize {
		return nil, fmt.Errorf("larger than %d bytes: not a settings file", maxFileSize)
	}
	return data, nil
}

// The file as decoded: pointers tell a missing setting from a zero one.
// Tables whose keys are names (colours, key bindings) are maps, checked
// by this package, so their unknown names get the same messages.
type rawConfig struct {
	Service *rawService               `toml:"service"`
	Reader  *rawReader                `toml:"reader"`
	Theme   *rawTheme                 `toml:"theme"`
	Keys    map[string]map[string]any `toml:"keys"`
	Feeds   *rawFeeds                 `toml:"feeds"`
}

type rawService struct {
	BaseURL       *string `toml:"base_url"`
	Dialect       *string `toml:"dialect"`
	APIKeyCommand *string `toml:"api_key_command"`
	User          *string `toml:"user"`
}

type rawReader struct {
	StartScreen *string `toml:"start_screen"`
	Country     *string `toml:"country"`
	Category    *string `toml:"category"`
	Language    *string `toml:"language"`
	Sort        *string `toml:"sort"`
	PageSize    *int    `toml:"page_size"`
	FullText    *string `toml:"full_text"`
	QQuits      *bool   `toml:"q_quits"`
	OpenCommand *string `toml:"open_command"`

	AllowPrivateFetch *bool `toml:"allow_private_fetch"`
}

type rawTheme struct {
	Mode   *string        `toml:"mode"`
	Colors map[string]any `toml:"colors"`
	Dark   map[string]any `toml:"dark"`
	Light  map[string]any `toml:"light"`
}

type rawFeeds struct {
	RefreshInterval *string `toml:"refresh_interval"`
	Contact         *string `toml:"contact"`
	MaxItemsPerFeed *int    `toml:"max_items_per_feed"`
}

// Parse reads settings from data; path names the file in errors. Load
// calls it; it is exported for callers that hold the bytes (tests, a
// future `tidings config check`).
func Parse(path string, data []byte) (*Config, error) {
	var raw rawConfig
	dec := toml.NewDecoder(bytes.NewReader(data)).DisallowUnknownFields()
	p := &problems{path: path}
	err := dec.Decode(&raw)
	var strict *toml.StrictMissingError
	var de *toml.DecodeError
	switch {
	case err == nil:
	case errors.As(err, &strict):
	case errors.As(err, &de):
		return nil, decodeError(path, de)
	default:
		return nil, &Error{Path: path, Msg: err.Error()}
	}
	lines := index(data)
	if strict != nil {
		// Everything known was decoded: report the unknown keys with the
		// other problems.
		for i := range strict.Errors {
			unknownKey(p, &strict.Errors[i], lines)
		}
	}
	c := Default()
	c.Path = path
	for k := range lines {
		if !strings.HasSuffix(k, "]") {
			c.set[k] = true
		}
	}
	b := builder{c: c, p: p, lines: lines}
	b.service(raw.Service)
	b.reader(raw.Reader)
	b.theme(raw.Theme)
	b.feeds(raw.Feeds)
	b.keys(raw.Keys)
	if err := p.err(); err != nil {
		return nil, err
	}
	return c, nil
}

func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}

func contains[T comparable](list []T, v T) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
