package reader

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"tidings/extract"
	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/components/articles"
	"tidings/ui/internal/uitest"
	"tidings/ui/markdown"
)

// withFullText is a reader of size w×h showing article, whose page the fake
// answers with sampleArticle.
func withFullText(w, h int) (*Model, *fakeFullText) {
	m := newReader(w, h)
	ft := &fakeFullText{articles: map[string]extract.Article{article.URL: sampleArticle}}
	m.ctx.FullText = ft
	m.SetArticle(articles.FromArticle(article), common.Headlines)
	return m, ft
}

// feed runs cmd and hands every message but statuses to the reader; it
// returns the status texts.
func feed(m *Model, cmd tea.Cmd) []string {
	var notes []string
	for _, msg := range runAll(cmd) {
		if st, ok := msg.(common.StatusMsg); ok {
			notes = append(notes, st.Text)
			continue
		}
		notes = append(notes, feed(m, m.Update(msg))...)
	}
	return notes
}

func keys(m *Model, ks ...string) []string {
	var notes []string
	for _, k := range ks {
		notes = append(notes, feed(m, m.Update(press(k)))...)
		m.View() // as the runtime does after each message
	}
	return notes
}

func TestFullTextReplacesTheSnippet(t *testing.T) {
	m, ft := withFullText(80, 60)
	if out := ansi.Strip(m.View()); !strings.Contains(out, "2,048 more characters at the source — press f to read it here, o to open it") {
		t.Fatalf("the snippet does not offer f:\n%s", out)
	}
	notes := keys(m, "f")
	out := ansi.Strip(m.View())
	for _, want := range []string{
		"Parliament passes the budget", "Daily News · by Jane Doe", "3h ago",
		"142 words · ~1 min read", "The page's own text, fetched from news.example.",
		"What changes", "• Schools get 4 billion more.", "[image: The chamber at dawn",
		"1. The upper house votes next week.", "total = schools + hospitals",
		"https://news.example/budget",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("full text lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "The vote was close") {
		t.Errorf("the snippet is still shown under the full text")
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "142 words from news.example") {
		t.Errorf("status notes %q", notes)
	}
	uitest.AssertFrame(t, m.View(), 80, 60)

	keys(m, "f")
	if out := ansi.Strip(m.View()); !strings.Contains(out, "The vote was close") || !strings.Contains(out, "f shows the page's full text again") {
		t.Fatalf("f did not go back to the snippet:\n%s", out)
	}
	keys(m, "f")
	if out := ansi.Strip(m.View()); !strings.Contains(out, "What changes") {
		t.Fatalf("f did not show the full text again:\n%s", out)
	}
	if len(ft.calls) != 1 {
		t.Fatalf("the page was fetched %d times, want once", len(ft.calls))
	}
}

// TestFullTextGolden snapshots the full-text article at 80 and 140
// columns, ANSI stripped. Regenerate with: go test ./ui/screens/reader -update
func TestFullTextGolden(t *testing.T) {
	for _, w := range []int{80, 140} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			m, _ := withFullText(w, 46)
			keys(m, "f")
			golden.RequireEqual(t, ansi.Strip(m.View()))
		})
	}
}

// The styled render uses the palette: headings in Primary, image lines
// and quotes muted, and no escape sequence but SGR from the page's text.
func TestFullTextIsStyledFromThePalette(t *testing.T) {
	m, _ := withFullText(80, 60)
	keys(m, "f")
	var heading, image string
	for _, l := range m.base {
		switch p := ansi.Strip(l); {
		case strings.TrimSpace(p) == "What changes":
			heading = l
		case strings.Contains(p, "[image:"):
			image = l
		}
	}
	primary := markdown.SGRPrefix(m.ctx.Styles.Reader.Title) // bold + Primary
	if !strings.Contains(heading, "169;156;255") {
		t.Errorf("heading not in the Primary colour (%q): %q", primary, heading)
	}
	if !strings.Contains(image, markdown.SGRPrefix(m.ctx.Styles.Reader.Image)) {
		t.Errorf("image line not muted: %q", image)
	}
	body := strings.Join(m.base, "\n")
	if num := markdown.SGRPrefix(m.ctx.Styles.Reader.LinkNumber); !strings.Contains(body, num+"[1]\x1b[m") {
		t.Errorf("the link numbers do not stand out (%q):\n%q", num, body)
	}
	// The article's own link (opened and closed) only.
	if n, ours := strings.Count(body, "\x1b]"), strings.Count(body, "\x1b]8;id=tidings-article;"); n != 2 || ours != 1 {
		t.Errorf("%d OSC sequences in the full text, %d of them the article's link", n, ours)
	}
}

func TestFullTextFailureKeepsTheSnippet(t *testing.T) {
	m, ft := withFullText(80, 60)
	ft.err = pageError("the site refused the request (403)")
	notes := keys(m, "f")
	if len(notes) != 1 || notes[0] != "Could not fetch the full text: the site refused the request (403). o opens it in the browser." {
		t.Fatalf("status %q", notes)
	}
	out := ansi.Strip(m.View())
	for _, want := range []string{"The vote was close", "Could not fetch the full text: the site refused the request (403).", "o still opens the article in the browser."} {
		if !strings.Contains(out, want) {
			t.Errorf("view lacks %q:\n%s", want, out)
		}
	}
	if got := msgOf(m.Update(press("o"))); got != (common.OpenURLMsg{URL: article.URL}) {
		t.Fatalf("o after a failure gave %#v", got)
	}
}

func TestFullTextOffSaysWhy(t *testing.T) {
	m := newReader(80, 30)
	m.SetArticle(articles.FromArticle(article), common.Headlines)
	notes := keys(m, "f")
	if len(notes) != 1 || !strings.Contains(notes[0], "Full text is off") {
		t.Fatalf("f without a page reader: %q", notes)
	}
	if out := ansi.Strip(m.View()); !strings.Contains(out, "2,048 more characters at the source — press o") || strings.Contains(out, "press f") {
		t.Fatalf("the snippet offers f with the feature off:\n%s", out)
	}
}

// esc while fetching cancels the request and stays in the reader; the
// cancelled request's answer is dropped; a second esc goes back.
func TestEscCancelsFetchThenGoesBack(t *testing.T) {
	m, ft := withFullText(80, 40)
	ft.block = make(chan struct{})
	cmd := m.Update(press("f"))
	if !m.FetchingFullText() || !strings.Contains(m.Status(), "fetching the full text") {
		t.Fatalf("no spinner while fetching: status %q", m.Status())
	}
	if out := ansi.Strip(m.View()); !strings.Contains(out, "Fetching the full text from news.example… esc stops.") {
		t.Fatalf("the article does not say it is fetching:\n%s", out)
	}
	answer := make(chan []tea.Msg, 1)
	go func() { answer <- uitest.RunAll([]tea.Cmd{cmd}) }()

	got := msgOf(m.Update(press("esc")))
	if st, ok := got.(common.StatusMsg); !ok || !strings.Contains(st.Text, "Stopped fetching") {
		t.Fatalf("esc while fetching gave %#v", got)
	}
	if m.FetchingFullText() {
		t.Fatal("still fetching after esc")
	}
	for _, msg := range <-answer { // the fake returns once its context ends
		m.Update(msg)
	}
	if out := ansi.Strip(m.View()); strings.Contains(out, "What changes") || strings.Contains(out, "Could not fetch") {
		t.Fatalf("the cancelled request's answer was applied:\n%s", out)
	}
	if got := msgOf(m.Update(press("esc"))); got != (common.BackMsg{}) {
		t.Fatalf("second esc gave %#v", got)
	}
}

// An answer for an article the user has stepped away from is dropped, and
// the new article shows its own snippet.
func TestLateAnswerForAnotherArticleIsDropped(t *testing.T) {
	m, ft := withFullText(80, 40)
	ft.block = make(chan struct{})
	close(ft.block) // answers at once, but only once run
	cmd := m.Update(press("f"))
	other := article
	other.Title, other.URL = "Another story", "https://news.example/other"
	m.SetArticle(articles.FromArticle(other), common.Headlines)
	for _, msg := range runAll(cmd) {
		m.Update(msg)
	}
	out := ansi.Strip(m.View())
	if !strings.Contains(out, "Another story") || strings.Contains(out, "What changes") {
		t.Fatalf("a late answer for the previous article was shown:\n%s", out)
	}
	if m.FetchingFullText() {
		t.Fatal("stepping left a fetch marked as under way")
	}
}

func TestStepResetsToTheSnippetOrFetchesWhenAuto(t *testing.T) {
	m, ft := withFullText(80, 40)
	keys(m, "f")
	other := article
	other.Title, other.URL = "Another story", "https://news.example/other"
	if cmd := m.SetArticle(articles.FromArticle(other), common.Headlines); cmd != nil {
		t.Fatal("a fetch started without FullTextAuto")
	}
	if out := ansi.Strip(m.View()); strings.Contains(out, "What changes") || !strings.Contains(out, "The vote was close") {
		t.Fatalf("the next article did not start from its snippet:\n%s", out)
	}

	m.ctx.FullTextAuto = true
	ft.articles[other.URL] = sampleArticle
	cmd := m.SetArticle(articles.FromArticle(article), common.Headlines)
	if cmd == nil {
		t.Fatal("FullTextAuto did not fetch a truncated article")
	}
	feed(m, cmd)
	if out := ansi.Strip(m.View()); !strings.Contains(out, "What changes") {
		t.Fatalf("auto fetch not shown:\n%s", out)
	}
	long := article
	long.URL, long.Content = "https://news.example/long", strings.Repeat("Complete text. ", 60)
	if cmd := m.SetArticle(articles.FromArticle(long), common.Headlines); cmd != nil {
		t.Fatal("FullTextAuto fetched an article the service sent whole")
	}
}

func TestResizeReflowsTheFullText(t *testing.T) {
	m, _ := withFullText(80, 30)
	keys(m, "f")
	at80 := m.vp.TotalLineCount()
	m.SetSize(140, 30)
	uitest.AssertFrame(t, m.View(), 140, 30)
	if m.full.body.width != maxTextWidth || m.vp.TotalLineCount() >= at80 {
		t.Fatalf("no reflow at 140: width %d, %d lines (was %d)", m.full.body.width, m.vp.TotalLineCount(), at80)
	}
	m.SetSize(50, 30)
	uitest.AssertFrame(t, m.View(), 50, 30)
	if m.full.body.width != 46 {
		t.Fatalf("rendered at %d for a 50-column reader", m.full.body.width)
	}
	// Scrolling and the view do not render again.
	before := &m.full.body.lines[0]
	m.Update(press("pgdown"))
	m.View()
	if &m.full.body.lines[0] != before {
		t.Fatal("scrolling rendered the Markdown again")
	}
}

func TestNarrowFullTextFitsTheFrame(t *testing.T) {
	long := sampleArticle
	long.Markdown = "A-very-long-unbreakable-word-" + strings.Repeat("x", 200) + "\n\n```\n" + strings.Repeat("code ", 60) + "\n```\n\n| a | b |\n|---|---|\n| " + strings.Repeat("cell ", 30) + " | 2 |\n"
	for _, w := range []int{40, 80, 200} {
		m, ft := withFullText(w, 30)
		ft.articles[article.URL] = long
		keys(m, "f")
		for y := 0; y < m.vp.TotalLineCount(); y += 25 {
			uitest.AssertFrame(t, m.View(), w, 30)
			m.Update(press("pgdown"))
		}
	}
}

var _ = model.Article{}
var _ = time.Second

// A long article's first screens show as soon as they are laid out; the
// rest follows without moving the reader's place, and a rest laid out
// for another width is dropped.
func TestLongArticleShowsItsFirstScreensFirst(t *testing.T) {
	m := newReader(104, 40)
	long := extract.Article{URL: article.URL, Markdown: longMarkdown(10000), Words: 10000}
	m.ctx.FullText = &fakeFullText{articles: map[string]extract.Article{article.URL: long}}
	m.SetArticle(articles.FromArticle(article), common.Headlines)

	var first fullTextMsg
	for _, msg := range runAll(m.Update(press("f"))) {
		if ft, ok := msg.(fullTextMsg); ok {
			first = ft
		}
	}
	if first.rest == nil || !first.body.partial {
		t.Fatalf("a 10,000-word article came whole (rest %v, partial %v)", first.rest != nil, first.body.partial)
	}
	runAll(m.Update(first)) // the rest is not delivered yet
	m.View()
	headLines := m.vp.TotalLineCount()
	if !strings.Contains(ansi.Strip(m.View()), "The committee heard") || headLines < 40 {
		t.Fatalf("the first screens are not shown (%d lines):\n%s", headLines, ansi.Strip(m.View()))
	}
	keys(m, "j", "j", "j")
	y := m.vp.YOffset()

	rest := runAll(first.rest)
	if len(rest) != 1 {
		t.Fatalf("rest gave %d messages", len(rest))
	}
	feed(m, m.Update(rest[0]))
	m.View()
	if got := m.vp.TotalLineCount(); got < 5*headLines {
		t.Errorf("the rest did not arrive: %d lines, %d before", got, headLines)
	}
	if m.vp.YOffset() != y {
		t.Errorf("the rest moved the reader from line %d to %d", y, m.vp.YOffset())
	}
	keys(m, "G")
	if lines := strings.Split(ansi.Strip(m.View()), "\n"); slices.ContainsFunc(lines, func(l string) bool { return strings.TrimSpace(l) == "…" }) {
		t.Errorf("the end still says the rest is coming:\n%s", strings.Join(lines, "\n"))
	}

	// A rest for an old width is too late.
	stale := rest[0].(fullRestMsg)
	stale.body.width = 60
	m.full.body.partial = true
	before := m.vp.TotalLineCount()
	feed(m, m.Update(stale))
	m.View()
	if m.vp.TotalLineCount() != before {
		t.Errorf("a rest laid out for another width replaced the text")
	}
}
