// Package opml reads and writes OPML subscription lists, the files feed
// readers (Feedly, Inoreader, NewsBlur, Miniflux, newsboat, FreshRSS, ...)
// export and import, and ships the starter list of public news feeds that
// `tidings feeds import --starter` subscribes to.
//
// [Parse] is tolerant the way real readers are: attribute names in any
// case ("xmlurl"), text or title, any outline type, folders nested to any
// depth, HTML entities such as &nbsp; and files in ISO-8859-1 or
// windows-1252. Each outline's category, language and country are mapped
// onto the service's values ([model.Category], [model.Language],
// [model.Country]); a value that cannot be mapped becomes a [Warning] and
// the feed is still imported with that field empty. Only a file that is not
// XML, not OPML, or larger than [MaxSize] is an error.
//
// [Write] produces OPML 2.0 that [Parse] reads back to the same outlines,
// and that other readers import with one folder per category.
//
// The package does no network I/O (the starter list's addresses are never
// fetched here, not even by its tests) and knows nothing of the store: it
// turns bytes into [Outline] values and back.
package opml
