package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"tidings/keymap"
	"tidings/model"
)

// roleHelp says what each palette role colours (ui/theme/palette.go).
func roleHelp(role string) string {
	switch role {
	case "text":
		return "body text"
	case "muted":
		return "secondary text: sources, times"
	case "subtle":
		return "rules, borders, hints"
	case "primary":
		return "titles, the active tab"
	case "accent":
		return "the selection marker, links"
	case "highlight":
		return "background of the active tab and badges"
	case "on_accent":
		return "text on highlight"
	case "error":
		return "errors"
	case "warning":
		return "warnings"
	case "success":
		return "success"
	}
	return ""
}

// Template returns the file `tidings config init` writes: every setting
// with its default and what it allows, all commented out, so that the
// file changes nothing until a line is uncommented. Settings and table
// lines start with "#" directly ("#country = \"\""); explanations with
// "# ".
func Template() string {
	d := Default()
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	prose := func(text string) { wrap(&b, text) }

	prose("tidings settings. Every setting is shown with its default, commented out: " +
		"to change one, remove the # before it and before its [table] line. " +
		"Command-line flags and environment variables override this file.")
	p("")
	p("#[service]")
	prose("The news service's address, including /v2. \"\": the built-in demo, " +
		"or newsapi.org with the newsapi dialect. Env NEWS_API_BASE_URL, flag --base-url.")
	p("#base_url = %q", d.Service.BaseURL)
	prose("How the service speaks: " + quoteList(dialectNames()) +
		" (newsapi.org's API). Env NEWS_API_DIALECT, flag --dialect.")
	p("#dialect = %q", d.Service.Dialect.String())
	prose("A command that prints the API key, e.g. \"pass show news\". " +
		"The key itself is never kept in this file; NEWS_API_KEY in the environment beats this. " +
		"Write it as " + commandAllowed + ".")
	p("#api_key_command = %q", d.Service.APIKeyCommand)
	prose("The user name, for dialect greader (FreshRSS, Miniflux, tidings serve's /api/greader); " +
		"the API key is that user's password. Env TIDINGS_USER, flag --user.")
	p("#user = %q", d.Service.User)
	p("")
	p("#[reader]")
	prose("The screen the reader starts on: " + quoteList(Screens()) + ". Flag --screen.")
	p("#start_screen = %q", d.Reader.StartScreen)
	prose("Country of headlines and sources, \"\" for all: " + joinStrings(model.Countries()) + ". Flag --country.")
	p("#country = %q", d.Reader.Country)
	prose("Category of headlines and sources, \"\" for all: " + joinStrings(model.Categories()) + ". Flag --category.")
	p("#category = %q", d.Reader.Category)
	prose("Language of sources and search results, \"\" for all: " + joinStrings(model.Languages()) +
		" (NewsAPI: " + strings.Join(model.NewsAPILanguageCodes(), ", ") + "). Flag --language.")
	p("#language = %q", d.Reader.Language)
	prose("Order of search results, \"\" for the service's (newest first): " +
		joinStrings(model.SortOrders()) + ". Flag --sort-by.")
	p("#sort = %q", d.Reader.Sort)
	prose(fmt.Sprintf("Results per page, 1 to %d; 0 for the service's default (%d). Flag --page-size.",
		model.MaxPageSize, model.DefaultPageSize))
	p("#page_size = %d", d.Reader.PageSize)
	prose("When the reader fetches an article's full text: " + quoteList(FullTextModes()) +
		" (manual: when you press f; auto: on opening an article whose text is cut short).")
	p("#full_text = %q", d.Reader.FullText)
	prose("Fetch full text (f), and your feeds' pages in personal mode, from loopback, private and " +
		"link-local addresses too: true for a personal intranet. By default they are refused, " +
		"but for the host of the service you read.")
	p("#allow_private_fetch = %t", d.Reader.AllowPrivateFetch)
	prose("What q does: false goes back one level (the article or story to its list) and quits " +
		"on Headlines, Sources, Search and Saved; true quits from anywhere. ctrl+c always quits.")
	p("#q_quits = %t", d.Reader.QQuits)
	prose("The command that opens links (o) when $BROWSER (a colon-separated list of commands) " +
		"names none that exists: " + openCommandAllowed + ". \"\": the system's opener " +
		"(xdg-open, x-www-browser, www-browser or wslview; open on macOS).")
	p("#open_command = %q", d.Reader.OpenCommand)
	p("")
	p("#[theme]")
	prose("Colours for a dark or light terminal background: " + quoteList(ThemeModes()) +
		" (auto asks the terminal).")
	p("#mode = %q", d.Theme.Mode)
	p("")
	prose("Colour overrides by role, on any background: " + colorAllowed + "; \"\" keeps the built-in colour. " +
		"[theme.dark] and [theme.light] take the same roles and apply on that background only, " +
		"e.g. accent = \"#ff6fae\" under [theme.dark].")
	p("#[theme.colors]")
	for _, role := range colorRoles.Get() {
		p("#%s = \"\"  # %s", role, roleHelp(role))
	}
	p("")
	p("#[feeds]")
	prose("How often the personal service polls your feeds: " + refreshAllowed() + ". " +
		"A running reader follows a change within 15 seconds; to or from \"0\" at its next start.")
	p("#refresh_interval = %q", fmtDuration(d.Feeds.RefreshInterval))
	prose("Where the owner of a site you poll can reach you, named in the poller's User-Agent " +
		"(tidings/VERSION (+CONTACT)): " + contactAllowed + ".")
	p("#contact = %q", d.Feeds.Contact)
	prose("The most items of one feed a poll stores, the newest by date (document order if undated); " +
		"the rest are dropped and reported: " + maxItemsAllowed() + ".")
	p("#max_items_per_feed = %d", DefaultMaxItemsPerFeed)
	p("")
	prose("Key bindings, one table per context: action = [keys]. Within a context a key may have " +
		"one action only. Keys: " + keysAllowed + ". Help shows the first two keys of each action.")
	km := keymap.Default()
	for _, c := range keyContexts.Get() {
		p("")
		p("#[keys.%s]", c.name)
		for _, a := range c.actions {
			bd := binding(km, c, a)
			quoted := make([]string, len(bd.Keys()))
			for i, k := range bd.Keys() {
				quoted[i] = fmt.Sprintf("%q", k)
			}
			p("#%s = [%s]  # %s", a.name, strings.Join(quoted, ", "), bd.Help().Desc)
		}
	}
	return b.String()
}

// wrap writes text as "# " comment lines of at most about 78 columns.
func wrap(b *strings.Builder, text string) {
	line := "#"
	for _, w := range strings.Fields(text) {
		if len(line) > 2 && len(line)+1+len(w) > 78 {
			b.WriteString(line + "\n")
			line = "#"
		}
		line += " " + w
	}
	b.WriteString(line + "\n")
}

func joinStrings[T ~string](list []T) string {
	s := make([]string, len(list))
	for i, v := range list {
		s[i] = string(v)
	}
	return strings.Join(s, ", ")
}

// WriteTemplate writes [Template] to path, creating its directory. It
// refuses to replace an existing file (errors.Is(err, fs.ErrExist)) unless
// overwrite is true; then it replaces it atomically.
func WriteTemplate(path string, overwrite bool) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("config: %w", err)
	}
	data := []byte(Template())
	if !overwrite {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("config: %s already exists, not overwritten: %w", path, err)
		}
		if err != nil {
			return fmt.Errorf("config: %w", err)
		}
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(path)
			return fmt.Errorf("config: write %s: %w", path, err)
		}
		return nil
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".config-*.toml")
	if err != nil {
		return fmt.Errorf("config: %w", err)
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("config: write %s: %w", path, err)
	}
	return nil
}
