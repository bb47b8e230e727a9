package ui

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"math/rand/v2"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"tidings/api"
	"tidings/internal/fakes/faultserver"
	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/components/pagedlist"
)

// The soak test drives the root model with random steps: keys from the
// whole keymap, typed and pasted text, window sizes from 1×1 to 250×80,
// mouse, theme changes, and the answers of a fake service delivered in any
// order, late, twice, stale, or lying. After every step it checks the
// invariants a user would notice when broken (see soak.check).
//
// Commands are not run when Update returns them: they wait in a pool, and
// each step may run one, chosen at random, so fetches finish out of order
// and after the request they answer was superseded. The test runs in a
// synctest bubble, so a timer command (spinner, countdown, note expiry)
// runs at once in virtual time, and the whole run is a deterministic
// function of its seed.
//
// The default run fits a few seconds: 2 seeds × 4,000 steps, or × 500
// under -race (which makes rendering about eight times slower), or × 300
// with -short. Longer runs:
//
//	TIDINGS_SOAK_STEPS=50000 TIDINGS_SOAK_SEEDS=8 go test -run TestSoak ./ui/
//	TIDINGS_SOAK_SEED=7 TIDINGS_SOAK_STEPS=50000 go test -run TestSoak ./ui/  # one seed, to reproduce

const defaultSoakSeeds = 2

func defaultSoakSteps() int {
	switch {
	case testing.Short():
		return 300
	case raceDetector:
		return 500
	}
	return 4000
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

func TestSoak(t *testing.T) {
	steps, nseeds := envInt("TIDINGS_SOAK_STEPS", defaultSoakSteps()), envInt("TIDINGS_SOAK_SEEDS", defaultSoakSeeds)
	seeds := make([]uint64, nseeds)
	for i := range seeds {
		seeds[i] = uint64(i + 1)
	}
	if s := os.Getenv("TIDINGS_SOAK_SEED"); s != "" {
		one, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("TIDINGS_SOAK_SEED=%q: %v", s, err)
		}
		seeds = []uint64{one}
	}
	start := time.Now()
	t.Cleanup(func() {
		t.Logf("%d seeds × %d steps in %v", len(seeds), steps, time.Since(start).Round(time.Millisecond))
	})
	for _, seed := range seeds {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			t.Parallel()
			synctest.Test(t, func(t *testing.T) {
				s := newSoak(t, seed, steps)
				s.run()
				t.Logf("seed %d: %d steps clean; %d fetches answered, %d quits, final window %d×%d",
					seed, steps, s.client.calls, s.quits, s.w, s.h)
			})
		})
	}
}

// soak is one seeded run.
type soak struct {
	t      *testing.T
	seed   uint64
	steps  int
	rng    *rand.Rand
	client *soakClient
	app    *App
	w, h   int
	pool   []tea.Cmd // commands returned by Update, not yet run
	recent []tea.Msg // messages delivered lately, for duplicates
	trail  []string  // the last steps, for the failure report
	step   int
	quits  int
}

func newSoak(t *testing.T, seed uint64, steps int) *soak {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	s := &soak{t: t, seed: seed, steps: steps, rng: rng, client: newSoakClient(rng), w: 80, h: 24}
	s.start()
	return s
}

// start makes a fresh App (at the beginning and after each quit). The old
// one's requests end as they would when its program exits: a second
// pooled quit would otherwise leave a live app behind.
func (s *soak) start() {
	if s.app != nil {
		s.app.cancel()
	}
	cfg := Config{Client: s.client, Now: time.Now, Location: time.UTC, BaseURL: "http://127.0.0.1:9/v2",
		PageSize: []int{0, 5, 10, 20}[s.rng.IntN(4)]}
	if s.rng.IntN(2) == 0 {
		cfg.Search = model.ArticlesQuery{Q: "storm"}
	}
	s.app = New(cfg)
	s.app.openURL = func(string) error { return nil }
	s.deliver(tea.WindowSizeMsg{Width: s.w, Height: s.h})
	s.add(s.app.Init())
}

func (s *soak) run() {
	defer func() {
		if p := recover(); p != nil {
			s.fail(fmt.Sprintf("panic: %v", p))
		}
	}()
	for s.step = 0; s.step < s.steps; s.step++ {
		s.randomStep()
		s.check()
	}
}

func (s *soak) fail(msg string) {
	s.t.Helper()
	s.t.Fatalf("seed %d, step %d: %s\nframe (%d×%d, %v):\n%s\nreproduce: TIDINGS_SOAK_SEED=%d TIDINGS_SOAK_STEPS=%d go test -run TestSoak ./ui/\nlast steps:\n  %s",
		s.seed, s.step, msg, s.w, s.h, s.app.Active(), ansi.Strip(s.app.View().Content), s.seed, s.steps, strings.Join(s.trail, "\n  "))
}

func (s *soak) note(format string, args ...any) {
	s.trail = append(s.trail, fmt.Sprintf(format, args...))
	if len(s.trail) > 25 {
		s.trail = s.trail[1:]
	}
}

func (s *soak) add(cmd tea.Cmd) {
	if cmd != nil {
		s.pool = append(s.pool, cmd)
	}
}

// deliver updates the app and pools the command it returns.
func (s *soak) deliver(msg tea.Msg) {
	_, cmd := s.app.Update(msg)
	s.add(cmd)
}

// runCmd runs the pooled command i and delivers what it produced. A
// command runs once, as in the runtime (tea.Tick's timer fires once); an
// answer delivered twice comes from redelivering a recent message.
func (s *soak) runCmd(i int) {
	cmd := s.pool[i]
	s.pool = append(s.pool[:i], s.pool[i+1:]...)
	switch msg := cmd().(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range msg {
			s.add(c)
		}
	case tea.QuitMsg:
		s.quits++
		s.note("quit: a fresh app")
		s.start()
	default:
		s.note("deliver %T", msg)
		s.remember(msg)
		s.deliver(msg)
	}
}

func (s *soak) remember(msg tea.Msg) {
	s.recent = append(s.recent, msg)
	if len(s.recent) > 16 {
		s.recent = s.recent[1:]
	}
}

// soakKeys is the whole keymap plus keys no binding uses.
var soakKeys = []tea.KeyPressMsg{
	rk('j'), rk('k'), rk('g'), rk('G'), rk('o'), rk('y'), rk('r'), rk('1'), rk('2'), rk('3'), rk('?'),
	rk('c'), rk('t'), rk('l'), rk('/'), rk('s'), rk('S'), rk('i'), rk('n'), rk('p'), rk('J'), rk('K'), rk('x'),
	{Code: tea.KeyUp}, {Code: tea.KeyDown}, {Code: tea.KeyLeft}, {Code: tea.KeyRight},
	{Code: tea.KeyHome}, {Code: tea.KeyEnd}, {Code: tea.KeyPgUp}, {Code: tea.KeyPgDown},
	{Code: tea.KeyEnter}, {Code: tea.KeyEnter}, {Code: tea.KeyEsc}, {Code: tea.KeyEsc},
	{Code: tea.KeyTab}, {Code: tea.KeyTab, Mod: tea.ModShift}, {Code: tea.KeyBackspace}, {Code: tea.KeyDelete},
	{Code: tea.KeySpace, Text: " "}, {Code: tea.KeyF5},
	{Code: 'b', Mod: tea.ModCtrl}, {Code: 'u', Mod: tea.ModCtrl}, {Code: 'f', Mod: tea.ModCtrl}, {Code: 'd', Mod: tea.ModCtrl},
	{Code: 'p', Mod: tea.ModCtrl}, {Code: 'n', Mod: tea.ModCtrl}, {Code: 'k', Mod: tea.ModCtrl}, {Code: 'j', Mod: tea.ModCtrl},
}

// fetchKeys are the keys that start page loads: paging down, bottom,
// refresh/retry, and the search form's submit.
var fetchKeys = []tea.KeyPressMsg{rk('G'), rk('r'), rk('j'), {Code: tea.KeyPgDown}, {Code: tea.KeyEnd}, {Code: tea.KeyEnter}}

func rk(r rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Text: string(r)} }

// soakText is what the user types or pastes: words, filter text, and the
// hostile strings a clipboard might hold.
func (s *soak) soakText() string {
	pool := append([]string{"storm", "bbc", "q", "x", "全角", "a b", "-", "", "outlet-1", "\t"}, faultserver.HostileStrings()[:17]...)
	return pool[s.rng.IntN(len(pool))]
}

func (s *soak) randomStep() {
	r := s.rng.IntN(1000)
	switch {
	case r < 380:
		k := soakKeys[s.rng.IntN(len(soakKeys))]
		switch {
		case s.app.current().CapturesInput() && s.rng.IntN(5) == 0:
			// Leave pickers and fields about as often as people do, so
			// the run is not spent typing into one.
			k = []tea.KeyPressMsg{{Code: tea.KeyEsc}, {Code: tea.KeyEnter}}[s.rng.IntN(2)]
		case s.rng.IntN(4) == 0: // the keys that fetch, more often
			k = fetchKeys[s.rng.IntN(len(fetchKeys))]
		}
		s.note("key %s", k.String())
		s.deliver(k)
	case r < 382:
		k := []tea.KeyPressMsg{rk('q'), {Code: 'c', Mod: tea.ModCtrl}}[s.rng.IntN(2)]
		s.note("key %s", k.String())
		s.deliver(k)
	case r < 440:
		text := s.soakText()
		if s.rng.IntN(2) == 0 {
			s.note("paste %q", text)
			s.deliver(tea.PasteMsg{Content: text})
		} else if rs := []rune(text); len(rs) > 0 {
			k := rk(rs[s.rng.IntN(len(rs))])
			s.note("type %q", k.Text)
			s.deliver(k)
		}
	case r < 480:
		s.resize()
	case r < 520:
		s.mouse()
	case r < 525:
		dark := s.rng.IntN(2) == 0
		s.note("background dark=%v", dark)
		bg := color.Color(color.White)
		if dark {
			bg = color.Black
		}
		s.deliver(tea.BackgroundColorMsg{Color: bg})
	case r < 560 && len(s.recent) > 0:
		msg := s.recent[s.rng.IntN(len(s.recent))]
		s.note("redeliver %T", msg)
		s.deliver(msg)
	case len(s.pool) > 0:
		// Mostly a random pending command (out of order); sometimes the
		// oldest; a long pool drains from its head, as time passes.
		i := s.rng.IntN(len(s.pool))
		if r < 650 || len(s.pool) > 48 {
			i = 0
		}
		s.runCmd(i)
	}
}

func (s *soak) resize() {
	switch s.rng.IntN(6) {
	case 0:
		s.w, s.h = 1+s.rng.IntN(4), 1+s.rng.IntN(4)
	case 1:
		s.w, s.h = 200+s.rng.IntN(51), 60+s.rng.IntN(21)
	default:
		s.w, s.h = 1+s.rng.IntN(250), 1+s.rng.IntN(80)
	}
	s.note("resize %d×%d", s.w, s.h)
	s.deliver(tea.WindowSizeMsg{Width: s.w, Height: s.h})
}

func (s *soak) mouse() {
	x, y := s.rng.IntN(s.w+2)-1, s.rng.IntN(s.h+2)-1
	var msg tea.Msg
	switch s.rng.IntN(3) {
	case 0:
		msg = tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft}
	case 1:
		msg = tea.MouseWheelMsg{X: x, Y: y, Button: tea.MouseWheelDown}
	default:
		msg = tea.MouseWheelMsg{X: x, Y: y, Button: tea.MouseWheelUp}
	}
	s.note("mouse %T at %d,%d", msg, x, y)
	s.deliver(msg)
}

var (
	loadedOf   = regexp.MustCompile(`loaded ([\d,]+) of ([\d,]+)`)
	endResults = regexp.MustCompile(`End of results · ([\d,]+) `)
)

// check verifies the invariants after a step.
func (s *soak) check() {
	s.t.Helper()
	if p := frameProblem(s.app.View().Content, s.w, s.h); p != "" {
		s.fail(p)
	}
	for _, id := range []common.ScreenID{common.Headlines, common.Sources, common.Search, common.Saved} {
		scr := s.app.screens[id]
		snap := scr.(interface{ ListSnapshot() pagedlist.Snapshot }).ListSnapshot()
		if msg := snapshotProblem(snap); msg != "" {
			s.fail(fmt.Sprintf("%v list: %s", id, msg))
		}
		status := scr.Status()
		if m := loadedOf.FindStringSubmatch(status); m != nil && atoi(m[1]) > atoi(m[2]) {
			s.fail(fmt.Sprintf("%v status %q: more loaded than the total", id, status))
		}
		if m := endResults.FindStringSubmatch(status); m != nil && atoi(m[1]) != len(snap.Keys) {
			s.fail(fmt.Sprintf("%v status %q with %d items loaded", id, status, len(snap.Keys)))
		}
	}
	if len(s.client.problems) > 0 {
		s.fail(s.client.problems[0])
	}
}

// atoi reads a count as the status writes it ("1,204").
func atoi(s string) int { n, _ := strconv.Atoi(strings.ReplaceAll(s, ",", "")); return n }

// snapshotProblem describes a list state no user should ever see.
func snapshotProblem(snap pagedlist.Snapshot) string {
	switch {
	case snap.Len > len(snap.Keys):
		return fmt.Sprintf("%d visible of %d loaded", snap.Len, len(snap.Keys))
	case snap.Len == 0 && snap.Cursor != 0, snap.Len > 0 && (snap.Cursor < 0 || snap.Cursor >= snap.Len):
		return fmt.Sprintf("cursor %d outside %d items", snap.Cursor, snap.Len)
	case snap.Offset < 0 || (snap.Len > 0 && snap.Offset > snap.Cursor):
		return fmt.Sprintf("offset %d with cursor %d: the selection is off screen", snap.Offset, snap.Cursor)
	case snap.Loading != snap.InFlight:
		return fmt.Sprintf("loading %v but a request in flight %v", snap.Loading, snap.InFlight)
	}
	seen := make(map[string]bool, len(snap.Keys))
	for _, k := range snap.Keys {
		if seen[k] {
			return fmt.Sprintf("%q listed twice", k)
		}
		seen[k] = true
	}
	return ""
}

// soakClient is a service that answers each call at random: a page, an
// empty page, page 1 again, an oversized page, hostile text, a total that
// lies, or any error the api client returns. It records a problem when a
// list has two live requests at once. It runs on the test's goroutine
// (commands run synchronously), so the shared rng keeps runs
// deterministic.
type soakClient struct {
	rng      *rand.Rand
	calls    int
	live     map[string][]context.Context // per endpoint: contexts of live requests seen
	problems []string
}

func newSoakClient(rng *rand.Rand) *soakClient {
	return &soakClient{rng: rng, live: map[string][]context.Context{}}
}

var soakErrors = []error{
	&api.Error{Status: 500, Code: "INTERNAL_SERVER_ERROR", Message: "boom"},
	&api.Error{Status: 429, Code: "TOO_MANY_REQUESTS", RetryAfter: 2 * time.Second},
	&api.Error{Status: 429, Code: "TOO_MANY_REQUESTS"},
	&api.Error{Status: 401, Code: "UNAUTHORIZED", Message: "bad key"},
	&api.Error{Status: 400, Code: "BAD_REQUEST", Message: "page \x1b[2Jtoo big\u202e"},
	&api.Error{Status: 200, Code: "UNEXPECTED_ERROR", Message: "failed in a 200"},
	fmt.Errorf("get: %w", api.ErrNetwork),
	fmt.Errorf("get: %w", api.ErrTimeout),
	fmt.Errorf("get: %w", api.ErrBadResponse),
	fmt.Errorf("get: %w", api.ErrEmptyResponse),
	fmt.Errorf("get: %w", api.ErrResponseTooLarge),
	fmt.Errorf("get: %w", api.ErrRedirect),
	&model.ValidationError{Message: "q is too long"},
	errors.New("something odd \x1b]0;title\x07"),
}

// begin checks that ctx is the only live request of its endpoint.
func (c *soakClient) begin(ctx context.Context, endpoint string) error {
	c.calls++
	live := c.live[endpoint][:0]
	for _, other := range c.live[endpoint] {
		if other.Err() == nil && other != ctx {
			live = append(live, other)
		}
	}
	if ctx.Err() == nil {
		if len(live) > 0 {
			c.problems = append(c.problems, fmt.Sprintf("%s: a second request in flight", endpoint))
		}
		live = append(live, ctx)
	}
	c.live[endpoint] = live
	switch {
	case ctx.Err() != nil && c.rng.IntN(3) > 0:
		return fmt.Errorf("request cancelled: %w", context.Canceled)
	case c.rng.IntN(5) == 0:
		return soakErrors[c.rng.IntN(len(soakErrors))]
	}
	return nil
}

// shape picks the page to serve and the total to claim for a list of
// real items with pages of size.
func (c *soakClient) shape(page, size, real int) (from, n, total, pageField int) {
	from, n, total, pageField = (page-1)*size, size, real, page
	switch c.rng.IntN(12) {
	case 0:
		n = 0 // an empty page
	case 1:
		from = 0 // page 1 again
	case 2:
		n = 2 * size // more than asked for
	case 3:
		total = []int{0, 1, 3, 1_000_000}[c.rng.IntN(4)] // a lying total
	case 4:
		pageField = c.rng.IntN(3) // a wrong or missing page number
	case 5:
		from = max(from-size/2, 0) // overlapping pages
	}
	n = max(min(n, real-from), 0)
	return from, n, total, pageField
}

func (c *soakClient) articles(ctx context.Context, endpoint string, page, size int) (model.Page[model.Article], error) {
	if err := c.begin(ctx, endpoint); err != nil {
		return model.Page[model.Article]{}, err
	}
	size = cmpOr(size, model.DefaultPageSize)
	from, n, total, pageField := c.shape(max(page, 1), size, 63)
	hostile := c.rng.IntN(10) == 0
	items := make([]model.Article, n)
	for i := range items {
		k := from + i
		items[i] = model.Article{Source: model.SourceRef{ID: "s", Name: "Soak Source"},
			Title: fmt.Sprintf("Soak story %03d", k), URL: fmt.Sprintf("https://soak.example%s/%03d", endpoint, k),
			Description: "Something happened.", Content: "It went on. [+120 chars]",
			PublishedAt: time.Now().Add(-time.Duration(k) * time.Minute)}
		if hostile {
			hs := faultserver.HostileStrings()
			items[i].Title, items[i].Description = hs[k%len(hs)], hs[(k+3)%len(hs)]
			items[i].Source.Name, items[i].Author = hs[(k+5)%len(hs)], hs[(k+7)%len(hs)]
		}
	}
	return model.Page[model.Article]{Items: items, TotalResults: total, Page: pageField, PageSize: size}, nil
}

func (c *soakClient) LatestHeadlines(ctx context.Context, q model.HeadlinesQuery) (model.Page[model.Article], error) {
	return c.articles(ctx, "/headlines", q.Page, q.PageSize)
}

func (c *soakClient) Articles(ctx context.Context, q model.ArticlesQuery) (model.Page[model.Article], error) {
	return c.articles(ctx, "/articles", q.Page, q.PageSize)
}

func (c *soakClient) Sources(ctx context.Context, q model.SourcesQuery) (model.Page[model.Source], error) {
	if err := c.begin(ctx, "/sources"); err != nil {
		return model.Page[model.Source]{}, err
	}
	size := cmpOr(q.PageSize, model.DefaultPageSize)
	from, n, total, pageField := c.shape(max(q.Page, 1), size, 140)
	items := make([]model.Source, n)
	for i := range items {
		k := from + i
		items[i] = model.Source{ID: fmt.Sprintf("src-%03d", k), Name: fmt.Sprintf("Soak outlet %03d", k),
			Description: "An outlet.", URL: "https://outlet.example", Category: "general", Language: "en", Country: "us"}
		if c.rng.IntN(15) == 0 {
			items[i].Name = faultserver.HostileStrings()[k%17]
		}
	}
	return model.Page[model.Source]{Items: items, TotalResults: total, Page: pageField, PageSize: size}, nil
}

func cmpOr(v, def int) int {
	if v > 0 {
		return v
	}
	return def
}

var _ common.Client = (*soakClient)(nil)
