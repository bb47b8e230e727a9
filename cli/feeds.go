package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"

	"github.com/adrg/xdg"
	"github.com/spf13/cobra"

	"tidings/extract"
	"tidings/feeds"
	"tidings/model"
	"tidings/netguard"
	"tidings/server/store"
)

// feedsDB is the --db flag shared by the feeds commands.
type feedsDB struct {
	path string
	g    *globalFlags // the config file, for feeds.contact
}

func newFeedsCommand(g *globalFlags, getenv func(string) string) *cobra.Command {
	db := feedsDB{g: g}
	cmd := &cobra.Command{
		Use:     "feeds",
		Example: "  tidings feeds import --starter\n  tidings feeds list\n  tidings feeds refresh",
		Short:   "Subscribe to RSS, Atom and JSON feeds and poll them into a catalogue",
		Long: "feeds manages the feed subscriptions of a catalogue database: the one\n" +
			"`tidings serve --db FILE` serves, or by default your own, which plain\n" +
			"`tidings` reads when it holds feeds (" + defaultCataloguePath() + ").",
		Args: usageArgs(cobra.NoArgs),
	}
	cmd.PersistentFlags().StringVar(&db.path, "db", "", "catalogue: a SQLite file (default "+defaultCataloguePath()+", created on first use) or a postgres:// URL")
	cmd.AddCommand(newFeedsAddCommand(&db, getenv), newFeedsImportCommand(&db), newFeedsExportCommand(&db),
		newFeedsListCommand(&db), newFeedsSetCommand(&db), newFeedsRemoveCommand(&db), newFeedsRefreshCommand(&db, getenv))
	return cmd
}

// defaultCataloguePath is the user's own catalogue: the feeds commands'
// default database, and what plain `tidings` reads when it holds feeds.
func defaultCataloguePath() string {
	return filepath.Join(xdg.DataHome, "tidings", "news.db")
}

// errNoCatalogue: a command that only reads found no database to read.
var errNoCatalogue = errors.New("no catalogue yet")

// open opens the catalogue: a SQLite file, or a PostgreSQL database
// (postgres://…), which must exist already. With create false a missing
// file is errNoCatalogue rather than a new empty database. The name
// returned is for messages (a URL's password is hidden).
func (d *feedsDB) open(create bool) (feedCatalogue, string, error) {
	path := d.path
	if path == "" {
		path = defaultCataloguePath()
	}
	if isPostgres(path) {
		st, err := openStore(context.Background(), path)
		return st, displayDB(path), err
	}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		if !create {
			return nil, path, errNoCatalogue
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return nil, path, fmt.Errorf("create the catalogue's folder: %w", err)
		}
	}
	st, err := openStore(context.Background(), path)
	if err != nil {
		return nil, path, err
	}
	return st, path, nil
}

// openFeed opens the catalogue (never creating it) and finds the feed
// ref names by id or address; the caller closes the store.
func (d *feedsDB) openFeed(ctx context.Context, ref string) (feedCatalogue, store.Feed, error) {
	st, path, err := d.open(false)
	if errors.Is(err, errNoCatalogue) {
		return nil, store.Feed{}, fmt.Errorf("no feed %q: %s holds no feeds", ref, path)
	}
	if err != nil {
		return nil, store.Feed{}, err
	}
	f, err := st.FindFeed(ctx, ref)
	if err != nil {
		st.Close()
		if errors.Is(err, store.ErrFeedNotFound) {
			return nil, store.Feed{}, fmt.Errorf("no feed has the id or address %q (see `tidings feeds list`)", ref)
		}
		return nil, store.Feed{}, fmt.Errorf("find the feed: %w", err)
	}
	return st, f, nil
}

// openWithFeeds opens the catalogue for a command about the feeds it
// holds. When it holds none, or does not exist (it is not created), the
// command says so on w, and the store returned is nil.
func (d *feedsDB) openWithFeeds(ctx context.Context, w io.Writer) (feedCatalogue, []store.Feed, error) {
	st, path, err := d.open(false)
	if errors.Is(err, errNoCatalogue) {
		return nil, nil, noFeedsYet(w, path)
	}
	if err != nil {
		return nil, nil, err
	}
	list, err := st.Feeds(ctx)
	if err != nil {
		st.Close()
		return nil, nil, fmt.Errorf("list feeds: %w", err)
	}
	if len(list) == 0 {
		st.Close()
		return nil, nil, noFeedsYet(w, path)
	}
	return st, list, nil
}

// noFeedsYet is what read-only commands say when there is nothing.
func noFeedsYet(w io.Writer, path string) error {
	_, err := fmt.Fprintf(w, "No feeds in %s yet. Add one with `tidings feeds add URL`, or the starter list with `tidings feeds import --starter`.\n", path)
	return err
}

// userAgent names tidings and its version to the sites polled, and the
// operator's contact when one is configured (feeds.UserAgent).
func userAgent(contact string) string {
	return feeds.UserAgent(appVersion(), contact)
}

// newPoller builds the poller of the feeds commands, under the strict
// fetch policy: pages and redirects away from a feed's own host must be
// at public addresses (see tidings/netguard). contact is named in its
// User-Agent.
func newPoller(st feeds.Store, o feeds.Options, contact string) *feeds.Poller {
	return newGuardedPoller(st, o, fetchGuard(false, "serve --allow-private-fetch allows it"), contact)
}

// newGuardedPoller builds the poller serve, the reader's personal mode and
// the feeds commands share, fetching as tidings (naming contact) under the
// fetch policy g and reading the pages of full-text feeds with pageReader.
func newGuardedPoller(st feeds.Store, o feeds.Options, g *netguard.Guard, contact string) *feeds.Poller {
	o.Fetcher = feeds.NewFetcher(feeds.FetcherOptions{UserAgent: userAgent(contact), Guard: g})
	if o.Pages == nil && pageReader != nil {
		o.Pages = pageReader(g, userAgent(contact))
	}
	return feeds.NewPoller(st, o)
}

// fetchGuard is the fetch policy for what is fetched on behalf of feed
// content: allowPrivate lifts it, allow says how (for its messages).
func fetchGuard(allowPrivate bool, allow string) *netguard.Guard {
	return &netguard.Guard{AllowPrivate: allowPrivate, Allow: allow}
}

// poller is newPoller for the feeds commands, naming the config file's
// feeds.contact; the file is read only by the commands that poll.
func (d *feedsDB) poller(st feeds.Store, o feeds.Options) (*feeds.Poller, error) {
	file, err := d.g.loadConfig()
	if err != nil {
		return nil, err
	}
	return newPoller(st, o, file.Feeds.Contact), nil
}

// pageReader makes what reads the article pages of full-text feeds under
// the fetch policy g, as userAgent: the extractor the reader's `f` uses,
// without its disk cache (ingestion would only evict what the user read).
// nil leaves full-text feeds with the feed's own text. Tests replace it
// with a loopback reader.
var pageReader = func(g *netguard.Guard, userAgent string) feeds.PageReader {
	x := extract.New(extract.Options{UserAgent: userAgent, Guard: g})
	return feeds.PageReaderFunc(func(ctx context.Context, pageURL string) (string, error) {
		a, err := x.Extract(ctx, pageURL)
		if err != nil {
			return "", err
		}
		return a.Plain(), nil
	})
}

// backgroundWriteShare is the share of time polling may spend writing
// while the catalogue is being read (serve, personal mode); see
// feeds.Options.WriteShare for why. Measured on 2 cores with a first pass
// of 1,000 feeds × 50 items into a 100,000-article catalogue under load
// (docs/performance.md has the 1M figures): at 0.25 the pass took 65 s
// but the mixed load fell to 3,950 req/s (budget 5,000); at 0.1 it took
// 125 s and every query budget held (search p99 ≤ 21 ms, 9,170 req/s).
const backgroundWriteShare = 0.1

// enumFlags are the --category, --language and --country flags of the
// feeds commands, checked against the spec's allowed values.
type enumFlags struct{ category, language, country string }

func (e *enumFlags) register(cmd *cobra.Command, what string) {
	fl := cmd.Flags()
	fl.StringVar(&e.category, "category", "", "category of "+what+" (business, entertainment, general, health, science, sports, technology)")
	fl.StringVar(&e.language, "language", "", "language of "+what+" (two letters; default: the feed's own)")
	fl.StringVar(&e.country, "country", "", "country of "+what+" (two letters, e.g. us, de)")
	registerEnumCompletions(cmd)
}

func (e *enumFlags) parse() (model.Category, model.Language, model.Country, error) {
	cat, err := model.ParseCategory(e.category)
	if err != nil {
		return "", "", "", usagef("invalid --category: %v", err)
	}
	lang, err := model.ParseLanguage(e.language)
	if err != nil {
		return "", "", "", usagef("invalid --language: %v", err)
	}
	country, err := model.ParseCountry(e.country)
	if err != nil {
		return "", "", "", usagef("invalid --country: %v", err)
	}
	return cat, lang, country, nil
}

// quietLogger keeps the poller's per-item log lines out of a command's
// output unless asked for: the commands print their own summary.
func quietLogger(getenv func(string) string, w io.Writer) *slog.Logger {
	if getenv("TIDINGS_FEEDS_LOG") != "" {
		return slog.New(slog.NewTextHandler(w, nil))
	}
	return slog.New(slog.DiscardHandler)
}

// background is the context of a command (cmd.Context may be nil in tests
// that call RunE directly).
func background(cmd *cobra.Command) context.Context {
	if ctx := cmd.Context(); ctx != nil {
		return ctx
	}
	return context.Background()
}
