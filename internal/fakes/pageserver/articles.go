package pageserver

import (
	"fmt"
	"html"
	"strings"
)

// Facts of the /article page, for tests to assert on.
const (
	// ImageAlt is the alt text of the article's photograph.
	ImageAlt = "The eight steel gates of the Kellmouth barrier lowered across the river at dawn"
	// RelativeHref is the article's first link, relative to the page.
	RelativeHref = "/places/river-kell"
	// AbsoluteHref is an absolute link of the article, linked twice.
	AbsoluteHref = "https://archive.gazette.example/2020/storm-surge?ref=barrier&part=1"
	// ReviewHref is a link relative to the page's directory.
	ReviewHref = "reports/barrier-review"
	// JavaScriptText is the text of the article's javascript: link.
	JavaScriptText = "Kellmouth Estuary Trust"
	// MailtoText is the text of the article's mailto: link.
	MailtoText = "write to the trust"
	// MapsHref is an absolute link of the article.
	MapsHref = "https://maps.floodrisk.example/kellmouth"
	// CodeLine is a line of the article's code block.
	CodeLine = "closure_level_m: 3.85"
	// QuoteText starts the article's blockquote.
	QuoteText = "We were not going to open this barrier"
	// ListItem is an item of the article's list.
	ListItem = "Soft silt under the northern towers"
	// Heading is an h2 of the article.
	Heading = "How the gates are controlled"
)

// p is a paragraph of the bank as HTML.
func p(i int) string {
	return "<p>" + html.EscapeString(paragraphs[i%len(paragraphs)]) + "</p>\n"
}

// articleHeader is the article's headline, byline and date.
func articleHeader(title string) string {
	return `<header class="article-header"><h1>` + html.EscapeString(title) + `</h1>
<p class="byline">` + byline + `</p><time datetime="2026-03-10T07:30:00Z">Tuesday 10 March 2026, 07.30 GMT</time>
<div class="share"><a href="https://social.example/share?u=x">Share</a> <a href="#comments">214 comments</a></div></header>`
}

// mainArticle is the ~1,200-word article of /article (and /big).
func mainArticle() string {
	var b strings.Builder
	b.WriteString(`<article class="story" itemprop="articleBody">` + articleHeader(headline))
	b.WriteString(`<figure><img src="/media/barrier-gates.jpg" width="1200" height="675" alt="` + ImageAlt + `">` +
		`<figcaption>The gates were lowered shortly after 6am. Photograph: Kellmouth Harbour Authority</figcaption></figure>`)
	b.WriteString(`<p>The tidal barrier that is meant to protect 14,000 homes in Kellmouth from the worst North Sea surges closed its gates across the <a href="` +
		RelativeHref + `">River Kell</a> for the first time on Tuesday morning, two years behind schedule and more than £130m over its original budget. Engineers lowered the eight steel gates shortly after 6am, as a spring tide pushed the water level at the harbour wall to within forty centimetres of the town's quayside.</p>` + "\n")
	b.WriteString(p(1))
	b.WriteString(`<p>The scheme was approved in the months after the <a href="` + html.EscapeString(AbsoluteHref) +
		`">storm surge of six winters ago</a>, when water overtopped the old sea wall in three places and flooded the lower town to a depth of more than a metre. Around 900 properties were damaged, the main road to the coast was closed for eleven days, and the town's only secondary school was shut for most of a term while its ground floor was rebuilt.</p>` + "\n")
	b.WriteString(`<h2>Four years, then six</h2>` + "\n" + p(3))
	b.WriteString(`<p>The authority's own account lists three causes of the delay:</p><ul><li>` + ListItem +
		`, which meant redesigned foundations;</li><li>steel prices that rose faster than the contract allowed for;</li><li>control software that failed two rounds of acceptance tests.</li></ul>` + "\n")
	b.WriteString(p(4) + p(5))
	b.WriteString(`<p>The third, and the most contentious, was the control system. An <a href="` + ReviewHref +
		`">independent review</a> published in the spring found that software meant to close the gates automatically when sensors detected a dangerous surge had failed two rounds of acceptance testing. In one trial the system ordered the gates to close in the wrong sequence.</p>` + "\n")
	b.WriteString(`<blockquote><p>` + QuoteText + ` until we were certain it would close when it needed to and stay closed for as long as it needed to. That cost us time. I would rather explain a delay than explain a failure.</p></blockquote>` + "\n")
	b.WriteString(`<h2>` + Heading + `</h2>` + "\n")
	b.WriteString(`<p>The operating rules published by the authority set out when the gates close in a short configuration file, which the control system reads every minute:</p>` + "\n")
	b.WriteString(`<pre><code class="language-yaml">` + CodeLine + "\nsurge_margin_m: 0.40\nwarning_sirens_s: 120\ngates: [N1, N2, N3, N4, S1, S2, S3, S4]\n</code></pre>\n")
	b.WriteString(`<p>Not everyone is persuaded that the barrier was the right answer. The <a href="javascript:void(0)">` + JavaScriptText +
		`</a>, which manages the salt marshes upstream, argued throughout the planning process that restoring marshland would have protected the town more cheaply and for longer. Readers who want to know more can <a href="mailto:info@estuarytrust.example">` + MailtoText + `</a>.</p>` + "\n")
	b.WriteString(p(9))
	b.WriteString(`<h2>Insurance and business</h2>` + "\n" + p(10))
	b.WriteString(`<p>The authority said it had written to the main insurers, and that it expected premiums to fall once the barrier appears in the <a href="` + MapsHref +
		`">national flood risk maps</a>. Those maps are updated twice a year; the <a href="` + html.EscapeString(AbsoluteHref) + `">archive of the 2020 surge</a> shows how far the water reached.</p>` + "\n")
	for i := 12; i <= 15; i++ {
		b.WriteString(p(i))
	}
	b.WriteString(`<p>More on the <a href="` + RelativeHref + `">river and its estuary</a> is in our guide to the coast.</p>` + "\n")
	b.WriteString(`</article>`)
	return b.String()
}

// longArticle is an article of at least words words: the bank cycled
// through numbered parts, each opening with a link.
func longArticle(words int) string {
	var b strings.Builder
	b.WriteString(`<article class="story longread">` + articleHeader("The long read: six winters, eight gates and a town that waited"))
	count := 0
	for part, i := 1, 0; count < words; part++ {
		fmt.Fprintf(&b, "<h2>Part %d</h2>\n", part)
		fmt.Fprintf(&b, `<p>Part %d of this report draws on <a href="/longread/sources/%d">interviews and documents</a> gathered over the two years of construction.</p>`+"\n", part, part)
		count += 14
		for k := 0; k < 4; k++ {
			b.WriteString(p(i))
			count += len(strings.Fields(paragraphs[i%len(paragraphs)]))
			i++
		}
	}
	b.WriteString(`</article>`)
	return b.String()
}

// latin1Article is written in characters that windows-1252 has and
// UTF-8 encodes differently.
func latin1Article() string {
	return `<article class="story">` + articleHeader("Quay traders count the cost of the barrier years") +
		`<p>` + Latin1Phrase + ` The café has traded from the same corner for thirty years, and its owner said the works had been “the hardest stretch we’ve had since the flood itself.”</p>` + "\n" +
		p(10) + p(11) + p(14) + p(15) + p(23) + `</article>`
}

// Phrases of the non-UTF-8 pages, as they must read once decoded.
const (
	Latin1Phrase = "At the Café Brûlé on the quay, Zoë Marchetti said the barrier had cost her €12,000 in lost trade — “a price worth paying,” she added, “if it keeps the water out.”"
	SJISPhrase   = "The control software was written with help from engineers in Osaka, whose motto hangs above the operators' desks: 「防潮堤は町を守る」, meaning the seawall protects the town."
)

// sjisArticle has Japanese text that only Shift_JIS decoding gets right.
func sjisArticle() string {
	return `<article class="story">` + articleHeader("Barrier software team thanks partners in Japan") +
		`<p>` + SJISPhrase + ` A delegation led by 佐藤健一 visited Kellmouth twice during testing.</p>` + "\n" +
		p(7) + p(8) + p(12) + p(13) + p(16) + `</article>`
}

// paywallArticle is what a paywalled site sends to a reader without a
// subscription: the headline, a teaser and a wall.
func paywallArticle() string {
	return `<article class="story paywalled">` + articleHeader("Inside the barrier's control room: the eleven people who will decide when Kellmouth closes") +
		`<p>They work in shifts of twelve hours, watch the tide gauges around the clock and can close the river in eight minutes.</p>` +
		`<div class="paywall"><h2>This article is for subscribers</h2><p>Subscribe to keep reading. Already a subscriber? <a href="/login">Sign in</a>.</p>` +
		`<a class="button" href="/subscribe">See subscription offers</a></div></article>`
}
