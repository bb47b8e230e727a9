package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/spf13/cobra"

	"tidings/api"
	"tidings/opener"
	"tidings/ui"
	"tidings/ui/common"
)

func newReaderCommand(g *globalFlags, getenv func(string) string, stderr io.Writer) *cobra.Command {
	var flags readerFlags
	cmd := &cobra.Command{
		Use: "tidings",
		Example: "  tidings\n" +
			"  tidings --demo --screen sources\n" +
			"  tidings -q 'climate change' --from 3d --sort-by publishedAt\n" +
			"  NEWS_API_KEY=... tidings --dialect newsapi --country us",
		Short: "A keyboard-driven terminal news reader",
		Long: "tidings reads a news service (latest headlines, sources and search) in the terminal.\n\n" +
			"With no --base-url (or NEWS_API_BASE_URL) it runs on a built-in demo service,\n" +
			"started in-process on loopback. Set NEWS_API_KEY for a real service;\n" +
			"--dialect newsapi (or NEWS_API_DIALECT=newsapi) reads newsapi.org.\n\n" +
			"Settings come from flags, then the environment, then the config file\n" +
			"(tidings config path; tidings config init writes one), then the defaults.",
		Version: versionLine(),
		Args:    usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			file, err := g.loadConfig()
			if err != nil {
				return err
			}
			flags.changed = cmd.Flags().Changed
			cfg, err := flags.resolveWith(cmd.Context(), file, getenv)
			if err != nil {
				return err
			}
			if cfg.keyOnCLI {
				fmt.Fprintln(stderr, keyWarning)
			}
			return runReader(cmd.Context(), cfg)
		},
	}
	cmd.SetVersionTemplate("tidings {{.Version}}\n")
	flags.register(cmd)
	return cmd
}

// runReader starts the service client (and, when no service is configured,
// the in-process one over the user's feeds or the demo) and runs the UI
// until the user quits.
func runReader(ctx context.Context, cfg readerConfig) error {
	if path := os.Getenv("TIDINGS_DEBUG_LOG"); path != "" {
		f, err := openDebugLog(path)
		if err != nil {
			return err
		}
		defer f.Close()
	}
	startedGC := tuneGC()
	// The heap trimmer starts with the steady collector target, once
	// start-up is over (its forced collections stay off that path).
	stopTrim := func() {}
	defer func() { stopTrim() }()
	started := func() {
		if startedGC != nil {
			startedGC()
		}
		stopTrim = startHeapTrimmer(os.Getenv)
	}
	// The state file opens at the UI's first use of it, after the first
	// headlines (see lazyState).
	memory := openStateLazily()
	defer memory.Close()
	svc, err := chooseService(ctx, cfg)
	if err != nil {
		return err
	}
	defer svc.stop()
	client, marks, err := newServiceClient(svc)
	if err != nil {
		return err
	}
	if err := checkGReaderLogin(ctx, client); err != nil {
		return err
	}
	var probeMarks func(context.Context) common.Marks
	if c, ok := client.(*api.Client); ok {
		marks, probeMarks = readerMarks(ctx, c, memory, svc) // a remote service is asked after the first frame
	}
	term := ui.NewTerminal(os.Stdout) // lets the UI see its first frame go out
	app := ui.New(ui.Config{
		Terminal:   term,
		Client:     client,
		Marks:      marks,
		ProbeMarks: probeMarks,
		Dialect:    svc.dialect,
		Demo:       svc.demo,
		Feeds:      svc.feeds,
		Hint:       startupHint(cfg, svc),
		FullText: &readerFullText{rewrite: svc.pageRewrite, log: debugLogger(),
			serviceURL: svc.baseURL, allowPrivate: cfg.polling.allowPrivateFetch},
		FullTextAuto: cfg.fullTextAuto,
		QQuits:       cfg.qQuits,
		Opener:       opener.New(os.Getenv("BROWSER"), cfg.openCommand),
		Keys:         cfg.keys,
		Background:   cfg.background,
		Palette:      cfg.palette,
		State:        memory.state(),
		// An in-process service answers faster than a frame: its first
		// requests need not wait for the first frame.
		LocalService: svc.local,
		BaseURL:      svc.display,
		Screen:       cfg.screen,
		Headlines:    cfg.headlines,
		Sources:      cfg.sources,
		Search:       cfg.search,
		PageSize:     cfg.pageSize,
		Version:      appVersion(),
		OnStarted:    started,
	})
	// Late, so that the in-process catalogue (chooseService) and the UI's
	// construction have the cores first; the first frame is a tick period
	// after the program starts.
	warmWidthTable()
	p := tea.NewProgram(app, tea.WithContext(ctx), tea.WithFPS(ui.FrameRate), tea.WithColorProfile(readerColorProfile()),
		tea.WithOutput(term))
	if _, err := p.Run(); err != nil && ctx.Err() == nil {
		return fmt.Errorf("terminal UI: %w", err)
	}
	return nil
}

// readerService is the service the reader reads, and what the UI shows of it.
type readerService struct {
	baseURL, apiKey string
	user            string      // the greader dialect's
	dialect         api.Dialect // the in-process services speak the spec
	display         string      // for error hints
	demo, local     bool
	marks           bool         // the in-process service keeps read and starred state
	feeds           common.Feeds // personal mode's poller; nil otherwise
	hint            string
	pageRewrite     func(pageURL string) string // the demo's article pages (see demoPages)
	stop            func()
}

// demoHint tells a demo user where the real news is.
const demoHint = "Demo news. Real news: tidings feeds import --starter, or tidings feeds add URL"

// chooseService picks what the reader reads: the configured service; else
// the user's own catalogue when it holds feeds (personal mode), unless
// --demo; else the built-in demo.
func chooseService(ctx context.Context, cfg readerConfig) (readerService, error) {
	if cfg.baseURL != "" {
		return readerService{baseURL: cfg.baseURL, apiKey: cfg.apiKey, user: cfg.user, dialect: cfg.dialect, display: cfg.baseURL, stop: func() {}}, nil
	}
	if !cfg.forceDemo {
		st, readOnly, err := openPersonal(ctx, defaultCataloguePath())
		if err != nil {
			return readerService{}, err
		}
		if st != nil {
			polling := cfg.polling
			polling.off = polling.off || readOnly // nothing could store what a poll brings
			p, err := startPersonal(ctx, st, debugLogger(), polling)
			if err != nil {
				return readerService{}, fmt.Errorf("start your feeds' service: %w", err)
			}
			svc := readerService{baseURL: p.svc.baseURL, apiKey: p.svc.apiKey, display: "your feeds (" + defaultCataloguePath() + ")",
				local: true, marks: !readOnly, stop: p.stop}
			if readOnly {
				svc.hint = readOnlyHint(defaultCataloguePath())
			}
			if p.bridge != nil { // a nil *feedsBridge in the interface would not be a nil common.Feeds
				svc.feeds = p.bridge
			}
			return svc, nil
		}
	}
	svc, err := startDemo(ctx)
	if err != nil {
		return readerService{}, fmt.Errorf("start the demo service: %w", err)
	}
	return readerService{baseURL: svc.baseURL, apiKey: svc.apiKey, display: "the built-in demo service",
		demo: true, local: true, hint: demoHint, pageRewrite: svc.pageRewrite, stop: svc.stop}, nil
}

// The collector's targets, when GOGC is not set (which still wins).
// Loaded articles are most of the heap and live until quit, and the
// resident size follows the collector's target: with 10,000 of them (a
// live heap of about 10 MiB) the reader held 37-39 MiB at GOGC=50 and
// 34-36 MiB at 25 (budget 40). A low target costs more frequent
// collections only while pages are arriving: scrolling and idling
// allocate almost nothing. Start-up is the exception: it allocates a
// burst of short-lived data (the first render's tables, the first page,
// the demo store's caches) while the heap is tiny, which at a low target
// cost about seven collections in the first 30 ms, on the path to the
// first headlines (median start-up 38 ms at 50, 28 ms at 400). So the
// target is high until the start screen has its first page, and low from
// a tenth of a second later: lowering it starts a collection at once,
// which would otherwise share the cores with drawing that first page
// (median start-up +5 ms). The switch follows the first page, not a fixed
// time, so that a user who loads thousands of articles at once (G) does
// not load them at the start-up target: at 400 that left 61 MiB resident.
const (
	startupGCPercent = 400
	steadyGCPercent  = 25
	steadyGCDelay    = 100 * time.Millisecond
)

// tuneGC sets the start-up target and returns what sets the steady one
// (ui.Config.OnStarted).
func tuneGC() (started func()) {
	if os.Getenv("GOGC") != "" {
		return nil
	}
	debug.SetGCPercent(startupGCPercent)
	return func() {
		time.AfterFunc(steadyGCDelay, func() { debug.SetGCPercent(steadyGCPercent) })
	}
}
