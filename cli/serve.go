package cli

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"tidings/config"
	"tidings/feeds"
	"tidings/server"
	"tidings/server/redislimit"
	"tidings/server/store"
)

// serveFlags are the flags of `tidings serve`. Each can also be set from
// the environment (serve_env.go): TIDINGS_ and the flag's name.
type serveFlags struct {
	listen        string
	apiKeys       []string
	apiKeysFile   string
	rateLimit     int
	db            string
	importFile    string
	polling       refreshFlags
	corsOrigins   []string
	metricsListen string
	redis         string
	migrateOnly   bool
	// allowPrivateFetch lifts the fetch policy for full-text pages and
	// feed redirects (tidings/netguard).
	allowPrivateFetch bool
	create            bool // --create: a --db file that does not exist is made
	// trustedProxies are reverse proxies whose X-Forwarded-For names the
	// client, for the wrong-key throttle.
	trustedProxies []string
	log            serveLogFlags
	contact        string  // named in the feed poller's User-Agent
	systemd        systemd // what a Type=notify unit asks (NOTIFY_SOCKET, WATCHDOG_USEC)

	// fromEnv maps the flags set from the environment to their variable.
	fromEnv map[string]string
	// onListen, when set (tests), is told each listener's bound address:
	// "api" or "metrics".
	onListen func(name string, addr net.Addr)

	// feedManagerKeysFile lists the keys that may add and remove feeds
	// through the Google Reader API (serve_greader.go).
	feedManagerKeysFile string
}

func newServeCommand(getenv func(string) string) *cobra.Command {
	var f serveFlags
	cmd := &cobra.Command{
		Use: "serve",
		Example: "  NEWS_API_KEY=choose-a-key tidings serve\n" +
			"  tidings serve --db news.db --api-keys-file keys --refresh 30m\n" +
			"  TIDINGS_DB=postgres://tidings@localhost/news tidings serve --migrate-only\n" +
			"  tidings serve --api-keys-file keys --log-format json --log-level warn",
		Short: "Run the news service (the HTTP API the reader reads)",
		Long: "serve runs the news service of shared/spec/news-service.md under /v2.\n\n" +
			"With no --db it serves the built-in demo catalogue from memory; with --db it\n" +
			"serves (and keeps) the catalogue in that SQLite file, optionally loading\n" +
			"--import FILE.jsonl into it first. Keys come from --api-key (repeatable) and\n" +
			"--api-keys-file (one a line, reloaded on SIGHUP) or, when neither is given,\n" +
			"from NEWS_API_KEY.\n\n" +
			"The feeds of a --db catalogue (see `tidings feeds`) are polled in the background\n" +
			"while serving, each on its own schedule (--refresh 0 turns polling off).\n\n" +
			"/healthz, /readyz and /metrics (or --metrics-listen) need no key. Every flag can\n" +
			"also be set from the environment: TIDINGS_LISTEN, TIDINGS_DB, TIDINGS_API_KEYS\n" +
			"(comma-separated), TIDINGS_API_KEYS_FILE, TIDINGS_RATE_LIMIT, TIDINGS_IMPORT,\n" +
			"TIDINGS_REFRESH, TIDINGS_RETAIN, TIDINGS_CORS_ORIGINS (comma-separated),\n" +
			"TIDINGS_METRICS_LISTEN, TIDINGS_REDIS, TIDINGS_MIGRATE_ONLY, TIDINGS_ALLOW_PRIVATE_FETCH, TIDINGS_CREATE,\n" +
			"TIDINGS_TRUSTED_PROXIES (comma-separated), TIDINGS_FEED_MANAGER_KEYS_FILE, TIDINGS_LOG_FORMAT, TIDINGS_LOG_LEVEL, TIDINGS_CONTACT;\n" +
			"a flag wins over its variable.\n\n" +
			"Full-text pages, and feed redirects away from a feed's own host, are not fetched from loopback,\n" +
			"private, link-local or unique-local addresses unless --allow-private-fetch is given.\n\n" +
			"A --db file that does not exist is refused unless --create (or --import, which fills\n" +
			"it) is given, so that a typo does not serve an empty catalogue. A failed start\n" +
			"(a busy port, say) leaves no file behind.\n\n" +
			"--db postgres://user@host/db serves a PostgreSQL catalogue (several replicas may share\n" +
			"it; one polls the feeds), and --redis shares the rate limit between them: see docs/deploy.md.\n" +
			"Google Reader clients (NetNewsWire, Reeder, Read You, newsboat) sync read and starred state\n" +
			"through /api/greader, logging in with an API key as the password; keys listed in\n" +
			"--feed-manager-keys-file may also add and remove feeds there: see docs/sync.md.\n\n" +
			"docs/operations.md describes every endpoint, header and metric.",
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			fromEnv, err := applyEnv(cmd.Flags(), getenv)
			if err != nil {
				return err
			}
			f.fromEnv = fromEnv
			if f.migrateOnly {
				// Schema work only: no keys, no listener.
				if f.db == "" {
					return usagef("%s needs --db: the catalogue whose schema to migrate", f.src("migrate-only"))
				}
				return migrateCatalogue(cmd.Context(), f.db, cmd.OutOrStdout())
			}
			if err := f.check(getenv); err != nil {
				return err
			}
			if err := f.checkCatalogueExists(); err != nil {
				return err
			}
			warnKeyOnCommandLine(cmd.ErrOrStderr(), cmd.Flags(), f.fromEnv)
			f.systemd = systemdFromEnv(getenv)
			return runServe(cmd.Context(), f)
		},
	}
	bindServeFlags(cmd.Flags(), &f)
	return cmd
}

// bindServeFlags defines serve's flags on fl, into f.
func bindServeFlags(fl *pflag.FlagSet, f *serveFlags) {
	fl.StringVar(&f.listen, "listen", "127.0.0.1:8080", "address to listen on")
	fl.StringArrayVar(&f.apiKeys, "api-key", nil, "an API key the service accepts (repeat for several)")
	fl.StringVar(&f.apiKeysFile, "api-keys-file", "", "file of API keys, one a line (# comments), reloaded on SIGHUP")
	fl.IntVar(&f.rateLimit, "rate-limit", 100, "requests per minute allowed per API key (0: unlimited)")
	fl.StringVar(&f.db, "db", "", "the catalogue: a SQLite file, or postgres://… for PostgreSQL (default: the demo catalogue in memory)")
	fl.StringVar(&f.importFile, "import", "", "JSONL file of sources and articles to load into --db before serving")
	fl.StringVar(&f.polling.interval, "refresh", "15m", "how often each feed of --db is polled (30m, 1h; 0: do not poll)")
	fl.StringVar(&f.polling.retain, "retain", "", "delete feed articles older than this (90d, 2w; default: keep everything)")
	fl.IntVar(&f.polling.maxItems, "max-items-per-feed", feeds.DefaultMaxItems, maxItemsUsage())
	fl.StringArrayVar(&f.corsOrigins, "cors-origin", nil, "an origin whose pages may call the API from a browser, like https://app.example.com, or * (repeatable; default: none)")
	fl.StringVar(&f.metricsListen, "metrics-listen", "", "serve /metrics on this address instead of on --listen (recommended in production, e.g. 127.0.0.1:9464)")
	fl.BoolVar(&f.create, "create", false, "create the --db SQLite file if it does not exist (without it a missing file is refused: a typo would serve an empty catalogue)")
	fl.BoolVar(&f.migrateOnly, "migrate-only", false, "apply --db's schema migrations and exit (for operators who run them before starting replicas)")
	fl.BoolVar(&f.allowPrivateFetch, "allow-private-fetch", false, "fetch full-text pages and follow feed redirects to loopback, private and link-local addresses too (default: only on the feed's own host)")
	fl.StringArrayVar(&f.trustedProxies, "trusted-proxy", nil, "a reverse proxy (address or CIDR) whose X-Forwarded-For names the client, for the throttle of wrong keys (repeatable; default: none)")
	fl.StringVar(&f.feedManagerKeysFile, "feed-manager-keys-file", "", feedManagerKeysUsage)
	fl.StringVar(&f.log.format, "log-format", "text", "log as text (key=value) or json (one object a line)")
	fl.StringVar(&f.log.level, "log-level", "info", "least important log lines kept: debug, info, warn or error")
	fl.StringVar(&f.contact, "contact", "", "URL or mailto: address where sites can reach you, in the feed poller's User-Agent: tidings/VERSION (+CONTACT) (default: none)")
	fl.StringVar(&f.redis, "redis", "", "Redis URL (redis://host:6379/0) holding the rate limit shared by every replica (default: a limit per process)")
}

// check validates every flag's value, then that there is a key: a bad
// value the user just typed is the more useful thing to hear about.
func (f *serveFlags) check(getenv func(string) string) error {
	if err := f.checkValues(); err != nil {
		return err
	}
	return f.checkKeys(getenv)
}

// checkValues validates the flags' values and how they combine.
func (f *serveFlags) checkValues() error {
	if err := f.log.check(f.src); err != nil {
		return err
	}
	if err := config.CheckContact(f.contact); err != nil {
		return usagef("%s: %v", f.src("contact"), err)
	}
	f.contact = strings.TrimSpace(f.contact)
	if f.rateLimit < 0 {
		return usagef("invalid %s %d: use 0 (unlimited) or a positive number of requests per minute", f.src("rate-limit"), f.rateLimit)
	}
	if f.redis != "" && f.rateLimit == 0 {
		return usagef("%s needs a rate limit to share: set %s above 0", f.src("redis"), f.src("rate-limit"))
	}
	if f.importFile != "" && f.db == "" {
		return usagef("%s needs --db FILE: the imported catalogue is kept in that database", f.src("import"))
	}
	if _, _, err := f.polling.parse(); err != nil {
		for _, name := range []string{"refresh", "retain", "max-items-per-feed"} {
			if env, ok := f.fromEnv[name]; ok && strings.Contains(err.Error(), "--"+name) {
				return usagef("%v (from %s)", err, env)
			}
		}
		return err
	}
	if _, err := parseProxies(f.trustedProxies); err != nil {
		return usagef("invalid %s: %v", f.src("trusted-proxy"), err)
	}
	if err := server.CheckCORSOrigins(f.corsOrigins); err != nil {
		return usagef("invalid %s: %v", f.src("cors-origin"), err)
	}
	if f.metricsListen != "" && f.metricsListen == f.listen {
		return usagef("%s is %s's address: give metrics an address of their own, or leave it out to serve /metrics on %s",
			f.src("metrics-listen"), f.src("listen"), f.src("listen"))
	}
	return nil
}

// warnKeyOnCommandLine tells the operator, before anything is served,
// that a key given with --api-key is visible to every user of the machine
// in the process list (ps, /proc/PID/cmdline), and where to put it
// instead. The key itself is never printed.
func warnKeyOnCommandLine(w io.Writer, fl *pflag.FlagSet, fromEnv map[string]string) {
	if !fl.Changed("api-key") || fromEnv["api-key"] != "" {
		return
	}
	fmt.Fprintln(w, "warning: --api-key puts the key in the process list, where every user of this machine can read it; "+
		"use --api-keys-file FILE or TIDINGS_API_KEYS / NEWS_API_KEY instead")
}

// checkKeys gathers the keys given on the command line, else NEWS_API_KEY's,
// and fails when there are none and no keys file either.
func (f *serveFlags) checkKeys(getenv func(string) string) error {
	keys := f.apiKeys[:0:0]
	for _, k := range f.apiKeys {
		if k = strings.TrimSpace(k); k != "" {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 && f.apiKeysFile == "" {
		if k := strings.TrimSpace(getenv("NEWS_API_KEY")); k != "" {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 && f.apiKeysFile == "" {
		return usagef("serve needs at least one API key: --api-key KEY or --api-keys-file FILE (or TIDINGS_API_KEYS, TIDINGS_API_KEYS_FILE, NEWS_API_KEY)")
	}
	f.apiKeys = keys
	return nil
}

// src names where a flag's value came from, for messages.
func (f *serveFlags) src(name string) string { return flagSource(f.fromEnv, name) }

func runServe(ctx context.Context, f serveFlags) error {
	logger := f.log.logger()
	keySrc := keySource{static: f.apiKeys, file: f.apiKeysFile, log: logger}
	all, err := keySrc.load()
	if err != nil {
		return err
	}
	keys, err := server.NewKeys(all)
	if err != nil {
		return fmt.Errorf("the API keys: %w", err)
	}
	// SIGHUP would end the process by default: take it before serving.
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	defer signal.Stop(hup)

	// The ports first: a busy one fails the start before anything is
	// opened or created.
	lns, err := listenAll(f)
	if err != nil {
		return err
	}
	defer closeAll(lns) // Run closes them too; this is for a failed start
	metrics := server.NewMetrics()
	proxies, _ := parseProxies(f.trustedProxies) // checked by serveFlags.check
	cfg := server.Config{Keys: keys, RateLimit: f.rateLimit, TrustedProxies: proxies, Logger: logger, Metrics: metrics,
		MetricsElsewhere: f.metricsListen != "", CORSOrigins: f.corsOrigins}
	if f.redis != "" {
		redislimit.LogTo(logger) // failed dials at debug: the detail behind the service's own warning in an outage
		lim, err := redislimit.Open(f.redis, redislimit.Options{PerMinute: f.rateLimit})
		if err != nil {
			return fmt.Errorf("the shared rate limit (%s): %w", f.src("redis"), err)
		}
		defer lim.Close()
		cfg.Limiter = lim
		cfg.Checks = append(cfg.Checks, server.Check{Name: "redis", Check: lim.Ping})
	}
	// A start that fails from here on removes the file it created: this
	// runs last, once the poller has stopped and the store is closed.
	undo, serving := newCatalogueUndo(f.db), false
	defer func() {
		if !serving {
			undo.run()
		}
	}()
	st, err := openCatalogue(ctx, f, logger)
	if err != nil {
		return err
	}
	defer st.Close()
	describeService(metrics, st)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	polled, health := startPolling(ctx, st, f, logger, metrics)
	defer func() { cancel(); <-polled }() // the poller's last write lands before the store closes
	if health != nil {
		cfg.Checks = append(cfg.Checks, server.Check{Name: "feeds", Check: health.check})
	}
	cfg.Marks = catalogueMarks(ctx, st) // read and starred state per key (docs/marks.md)
	if err := setUpGReader(ctx, f, &cfg, st, all, logger); err != nil {
		return err
	}
	h, err := server.New(st, cfg)
	if err != nil {
		return fmt.Errorf("set up the service: %w", err)
	}
	serving = true
	go keySrc.watchReloads(ctx, hup, keys)
	return serveListeners(ctx, f, lns, h, metrics, logger)
}

// serveListeners runs the API listener and, with --metrics-listen, the
// metrics listener, until ctx ends or one of them fails (which stops the
// other).
func serveListeners(ctx context.Context, f serveFlags, lns []net.Listener, h http.Handler, metrics *server.Metrics, logger *slog.Logger) error {
	listeners := []server.RunOptions{{Addr: f.listen, Listener: lns[0], Handler: h, Logger: logger.With("listener", "api")}}
	if f.metricsListen != "" {
		listeners = append(listeners, server.RunOptions{Addr: f.metricsListen, Listener: lns[1], Handler: metricsOnly(metrics.Handler()),
			Logger: logger.With("listener", "metrics")})
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	errs := make(chan error, len(listeners))
	bound := make(chan boundListener, len(listeners))
	announced := make(chan struct{})
	go func() {
		defer close(announced)
		announce(ctx, f.systemd, bound, len(listeners), logger)
	}()
	for i, opts := range listeners {
		name := [...]string{"api", "metrics"}[i]
		opts.OnListen = func(a net.Addr) {
			if f.onListen != nil {
				f.onListen(name, a)
			}
			bound <- boundListener{name, a}
		}
		go func() {
			err := server.Run(ctx, opts)
			cancel() // one listener down stops the other
			errs <- err
		}()
	}
	var first error
	for range listeners {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	<-announced // STOPPING=1 goes out before the process ends
	return first
}

// metricsOnly serves /metrics and answers 404 elsewhere, for the metrics
// listener.
func metricsOnly(metrics http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", metrics)
	return mux
}

// startPolling polls the feeds of a --db catalogue in the background until
// ctx ends; the channel closes when it has stopped. The health it returns
// (nil when nothing polls) is the "feeds" readiness check.
func startPolling(ctx context.Context, st store.Catalogue, f serveFlags, logger *slog.Logger, metrics *server.Metrics) (<-chan struct{}, *pollerHealth) {
	stopped := make(chan struct{})
	interval, retain, _ := f.polling.parse() // checked by serveFlags.check
	fs, ok := st.(feeds.Store)
	if f.db == "" || interval == 0 || !ok {
		close(stopped)
		return stopped, nil
	}
	logger.Info("polling feeds", "every", interval.String())
	_, elects := fs.(store.Leader)
	health := newPollerHealth(time.Now, elects)
	guard := fetchGuard(f.allowPrivateFetch, "serve --allow-private-fetch allows it")
	p := newGuardedPoller(fs, feeds.Options{Interval: interval, Retain: retain, Logger: logger, WriteShare: backgroundWriteShare,
		MaxItems: f.polling.maxItems, OnLead: health.lead, OnFeed: health.progressed,
		OnPass: func(pass feeds.Pass) {
			health.passed(pass)
			metrics.ObserveFeedPass(feedPassMetrics(pass))
			if pass.Summary.Feeds > 0 {
				logger.Info("feeds polled", "summary", summaryLine(pass.Summary), "took", pass.Finished.Sub(pass.Started).Round(time.Millisecond).String())
			}
		}}, guard, f.contact)
	go func() {
		defer close(stopped)
		_ = p.Run(ctx)
	}()
	return stopped, health
}

// parseProxies reads --trusted-proxy values: addresses (10.0.0.5) or
// networks (10.0.0.0/24).
func parseProxies(values []string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, v := range values {
		v = strings.TrimSpace(v)
		if p, err := netip.ParsePrefix(v); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(v)
		if err != nil {
			return nil, fmt.Errorf("%q is neither an address nor a network like 10.0.0.0/24", v)
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}
