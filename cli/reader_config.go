package cli

// Merging the config file with the flags and the environment: which
// flags were given, where a value came from, and the settings only the
// file holds.

import (
	"fmt"
	"image/color"

	"charm.land/lipgloss/v2"

	"tidings/config"
	"tidings/keymap"
	"tidings/ui/theme"
)

// given reports whether the flag name was given on the command line.
func (f *readerFlags) given(name string) bool {
	if f.changed != nil {
		return f.changed(name)
	}
	switch name {
	case "page-size":
		return f.pageSize != 0
	case "demo":
		return f.demo
	}
	return f.stringFlag(name) != ""
}

// stringFlag is the value of the string flag name.
func (f *readerFlags) stringFlag(name string) string {
	switch name {
	case "screen":
		return f.screen
	case "country":
		return f.country
	case "category":
		return f.category
	case "language":
		return f.language
	case "sort-by":
		return f.sortBy
	case "base-url":
		return f.baseURL
	case "api-key":
		return f.apiKey
	case "dialect":
		return f.dialect
	case "user":
		return f.user
	}
	panic("readerFlags: no string flag " + name)
}

// pick is the value of a filter: the flag's when it was given (even
// empty: --country "" reads every country whatever the file says), else
// the file's. from names where it came from, for errors.
func (f *readerFlags) pick(flag, fromFile string, file *config.Config, key string) (value, from string) {
	if f.given(flag) {
		return f.stringFlag(flag), "--" + flag
	}
	return fromFile, fileSetting(file, key)
}

// fileSetting names a setting of the config file in errors.
func fileSetting(file *config.Config, key string) string {
	if file.Path == "" {
		return key
	}
	return key + " in " + file.Path
}

// userPrefs takes from the config file what only it sets: the key
// bindings, the theme, the full-text mode and how personal mode polls.
func userPrefs(c *readerConfig, file *config.Config) error {
	if len(file.Keys) > 0 {
		km := keymap.Default()
		if err := file.ApplyKeys(km); err != nil {
			return fmt.Errorf("%s: %w", fileSetting(file, "keys"), err)
		}
		c.keys = km
	}
	switch file.Theme.Mode {
	case config.ThemeDark:
		c.background = theme.BackgroundDark
	case config.ThemeLight:
		c.background = theme.BackgroundLight
	default:
		c.background = theme.BackgroundAuto
	}
	c.palette = paletteAdjust(file.Theme)
	c.fullTextAuto = file.Reader.FullText == config.FullTextAuto
	c.qQuits = file.Reader.QQuits
	c.openCommand = file.Reader.OpenCommand
	c.polling = feedsPolling{interval: file.Feeds.RefreshInterval, manual: file.Feeds.RefreshInterval == 0,
		allowPrivateFetch: file.Reader.AllowPrivateFetch, config: file.Path,
		contact: file.Feeds.Contact, maxItems: file.Feeds.MaxItemsPerFeed}
	if file.Path == "" { // no file yet: follow the one the user may write
		c.polling.config, _ = config.DefaultPath()
	}
	return nil
}

// paletteAdjust turns the file's colour overrides into the UI's palette
// adjustment; nil when the file overrides no colour.
func paletteAdjust(t config.Theme) theme.Adjust {
	if len(t.Colors.Roles()) == 0 && len(t.Dark.Roles()) == 0 && len(t.Light.Roles()) == 0 {
		return nil
	}
	return func(isDark bool, p *theme.Palette) {
		o := t.For(isDark)
		set := func(c config.Color, dst *color.Color) {
			if c != "" {
				*dst = lipgloss.Color(string(c))
			}
		}
		set(o.Text, &p.Text)
		set(o.Muted, &p.Muted)
		set(o.Subtle, &p.Subtle)
		set(o.Primary, &p.Primary)
		set(o.Accent, &p.Accent)
		set(o.Highlight, &p.Highlight)
		set(o.OnAccent, &p.OnAccent)
		set(o.Error, &p.Error)
		set(o.Warning, &p.Warning)
		set(o.Success, &p.Success)
	}
}
