package pageserver

import (
	"fmt"
	"html"
	"strings"
)

// The site around an article: what a regional news site puts on every
// page (navigation, cookie banner, ads, related links, comments,
// footer). Tests assert that none of it reaches the extracted article;
// each part carries a phrase that appears nowhere in the article prose.

// Phrases of the page chrome that must not survive extraction.
const (
	NavPhrase     = "Subscribe for £1 a week"
	CookiePhrase  = "We use cookies to improve your experience"
	AdPhrase      = "Compare fixed-rate mortgages from 40 lenders"
	RelatedPhrase = "Most read this week"
	CommentPhrase = "I grew up on Harbour Row and the water came in every winter"
	FooterPhrase  = "Registered in Kellmouth, company number 0488213"
)

// SiteName is what the pages say their site is called.
const SiteName = "The Kellmouth Gazette"

var navSections = []string{
	"Home", "News", "Local", "Coast", "Politics", "Business", "Environment",
	"Sport", "Culture", "Opinion", "Obituaries", "Jobs", "Property", "Puzzles",
}

var relatedHeadlines = []string{
	"Ferry timetable cut for winter as crew shortage bites",
	"Planning row over holiday flats on the old rope works site",
	"Lifeboat crew called out twice in one night off Scar Point",
	"School reopens its rebuilt science block five years after flood",
	"Timber yard wins contract to supply new harbour decking",
	"Council tax to rise by 4.9% as budget gap widens",
}

// head is the <head> of a page: title, metadata, a stylesheet and the
// kind of scripts every news site loads. meta is extra markup put first.
func head(title, meta string) string {
	return meta + `<title>` + html.EscapeString(title) + ` | ` + SiteName + `</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta property="og:site_name" content="` + SiteName + `">
<meta property="og:title" content="` + html.EscapeString(title) + `">
<meta name="author" content="Maren Holloway">
<link rel="stylesheet" href="/static/site.css">
<style>.ad{min-height:250px}.cookie-banner{position:fixed;bottom:0}</style>
<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());</script>
<script async src="/static/ads.js"></script>`
}

// header is the masthead and navigation.
func header() string {
	var b strings.Builder
	b.WriteString(`<header class="site-header"><a class="logo" href="/">` + SiteName + `</a>
<nav class="main-nav" aria-label="Sections"><ul>`)
	for _, s := range navSections {
		fmt.Fprintf(&b, `<li><a href="/%s">%s</a></li>`, strings.ToLower(s), s)
	}
	b.WriteString(`</ul></nav><div class="promo"><a href="/subscribe">` + NavPhrase + `</a> · <a href="/login">Sign in</a></div></header>`)
	return b.String()
}

// cookieBanner is the consent banner.
func cookieBanner() string {
	return `<div class="cookie-banner" id="cookie-consent" role="dialog"><p>` + CookiePhrase +
		`, to show you personalised advertising and to measure how our site is used. You can change your choices at any time.</p>` +
		`<button>Accept all</button> <button>Reject all</button> <a href="/privacy">Manage preferences</a></div>`
}

// ad is an advertising slot.
func ad(slot string) string {
	return `<div class="ad ad-` + slot + `" data-ad-slot="` + slot + `"><span class="ad-label">Advertisement</span>` +
		`<a href="https://ads.adnetwork.example/click?slot=` + slot + `" rel="sponsored">` + AdPhrase + ` – see today's best rates</a></div>`
}

// related is the "most read" sidebar.
func related() string {
	var b strings.Builder
	b.WriteString(`<aside class="sidebar related"><h2>` + RelatedPhrase + `</h2><ol>`)
	for i, h := range relatedHeadlines {
		fmt.Fprintf(&b, `<li><a href="/news/%d-story"><img src="/thumbs/%d.jpg" alt=""> %s</a></li>`, 4100+i, i, h)
	}
	b.WriteString(`</ol></aside>`)
	return b.String()
}

// comments is the readers' comments section.
func comments() string {
	c := []string{
		CommentPhrase + ". Good to see it finally finished, whatever it cost.",
		"Two years late and a hundred and thirty million over. Somebody should be answering for that.",
		"The marsh people were right all along. Watch this space in twenty years.",
	}
	var b strings.Builder
	b.WriteString(`<section class="comments" id="comments"><h2>Comments (214)</h2>`)
	for i, t := range c {
		fmt.Fprintf(&b, `<div class="comment"><p class="comment-author">reader%d</p><p>%s</p><a href="#reply-%d">Reply</a> <a href="/report?c=%d">Report</a></div>`, 100+i, html.EscapeString(t), i, i)
	}
	b.WriteString(`<a class="more" href="/comments?page=2">Show more comments</a></section>`)
	return b.String()
}

// footer is the site footer.
func footer() string {
	return `<footer class="site-footer"><ul><li><a href="/about">About us</a></li><li><a href="/contact">Contact</a></li>` +
		`<li><a href="/privacy">Privacy</a></li><li><a href="/terms">Terms</a></li></ul><p>© 2026 ` + SiteName +
		`. ` + FooterPhrase + `.</p></footer><script src="/static/comments.js"></script>`
}

// page wraps an article in the whole site: extraHead goes first in
// <head> (for a <meta charset>), bodyExtra at the end of <body>.
func page(title, extraHead, article, bodyExtra string) string {
	return `<!DOCTYPE html>
<html lang="en"><head>` + head(title, extraHead) + `</head>
<body>` + cookieBanner() + header() + ad("leaderboard") +
		`<main id="content"><div class="layout">` + article + ad("mpu") + related() + `</div>` + comments() + `</main>` +
		footer() + bodyExtra + `</body></html>`
}
