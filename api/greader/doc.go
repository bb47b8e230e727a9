// Package greader is the reader's client of the Google Reader API, as
// FreshRSS (p/api/greader.php), Miniflux (internal/googlereader) and
// tidings serve (/api/greader) implement it: `tidings --dialect greader`.
//
// A [Client] satisfies the reader's service interface (ui/common.Client)
// and its read-state interface (ui/common.Marks, docs/marks.md):
//
//   - Sources are the subscriptions (subscription/list). A subscription's
//     id, "feed/12" on the wire, becomes a source id the rest of tidings
//     accepts ("feed-12"); ids that do not fit that shape get a short
//     digest, remembered for the session.
//   - LatestHeadlines is the reading list newest first, one
//     subscription's articles when the query names a source, the starred
//     items with Starred, and unread items only with Unread. A category
//     reads the label of that name, where the service has one
//     (labels are FreshRSS's and Miniflux's categories and folders).
//     Pages are cut from the stream's item ids (stream/items/ids, at most
//     10,000 a call, followed by continuation), whose contents are fetched
//     at most 1,000 ids a call (stream/items/contents).
//   - Articles lists one subscription's articles; a keyword search fails
//     with an error matching api.ErrSearchUnsupported that names the
//     service: the Google Reader API has no search, nor do FreshRSS's and
//     Miniflux's implementations of it.
//   - SetRead and SetStarred are edit-tag calls, MarkAllRead is
//     mark-all-as-read with ts (microseconds, which FreshRSS and Miniflux
//     both read), UnreadBy reads unread-count.
//
// Authentication is ClientLogin: Email is the user name, Passwd the
// password (the reader's API key setting); the Auth token it answers goes
// in "Authorization: GoogleLogin auth=…" and the action token (token)
// with every POST as T. Both live in memory only; a 401 logs in again
// once. Neither the password nor a token ever appears in an error.
//
// Errors are [*Error]s naming the service and what failed, and matching
// the api package's sentinels (api.ErrUnauthorized, api.ErrNetwork, …),
// so the reader explains them as it does any service's.
package greader
