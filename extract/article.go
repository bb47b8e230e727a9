package extract

import "time"

// Article is the readable article of a page.
type Article struct {
	// URL is the page's address after redirects.
	URL string `json:"url"`
	// Title, Byline and SiteName are what the page says of itself
	// (plain text, possibly empty).
	Title    string `json:"title"`
	Byline   string `json:"byline"`
	SiteName string `json:"siteName"`
	// Markdown is the article's text: headings, paragraphs, lists,
	// quotes and code; every link written as its text followed by its
	// number in brackets ("the report [3]") with no address in the text;
	// every image as a line "[image: alt text]". Untrusted: the reader
	// cleans it for the terminal.
	Markdown string `json:"markdown"`
	// Links are the article's links, Links[i] numbered i+1 in Markdown:
	// absolute http(s) addresses only, each listed once, in order of
	// first appearance.
	Links []Link `json:"links"`
	// Words counts the words of Markdown.
	Words int `json:"words"`
	// Fetched is when the page was fetched (not when it was read from
	// the cache).
	Fetched time.Time `json:"fetched"`
}

// Link is one link of an article.
type Link struct {
	Text string `json:"text"`
	URL  string `json:"url"`
}
