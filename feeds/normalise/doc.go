// Package normalise turns one fetched feed document (RSS 0.9x, 1.0 and
// 2.0, Atom 0.3 and 1.0, JSON Feed 1.x) into the store's items: plain-text
// titles, descriptions and content, absolute canonical article URLs that
// serve as identities, UTC dates never in the future, an image and an
// author where the feed has them, and the reason for every item it leaves
// out. It also reads what the feed says about itself: title, site, language
// and how often it asks to be polled.
//
// It does no I/O and keeps no state: it does not fetch, store, schedule
// polls or fill in Article.Source, which belong to the poller. Parsing is
// github.com/mmcdole/gofeed's; HTML becomes text through tidings/htmltext.
package normalise
