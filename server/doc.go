// Package server is the HTTP side of `tidings serve`: a faithful, read-only
// implementation of the news service in shared/spec/news-service.md, backed
// by a catalogue behind package server/store. [New] builds the handler, [Run] serves it with
// production timeouts and a graceful shutdown, and [Start] runs it in the
// background on a loopback port for the reader's demo mode.
//
// The spec leaves much open or contradicts itself. Every decision taken
// here, and why:
//
// Routes and methods
//   - GET /v2/sources, /v2/latest-headlines and /v2/articles; the /v2
//     segment is part of the base URL (spec 9). HEAD behaves as GET without
//     a body. Any other method is 405 METHOD_NOT_ALLOWED with "Allow: GET,
//     HEAD". Any other path (trailing slashes included) is 404 NOT_FOUND.
//   - Checks run in a fixed order: path (404), method (405), API key (401),
//     rate limit (429), parameters (400), then the query. So unknown paths
//     answer 404 without a key (they reveal nothing), and a request with a
//     bad parameter still spends a unit of its key's rate limit.
//
// Authentication (spec 5)
//   - Only "Authorization: Bearer <key>" (scheme in any case) is accepted;
//     no key in query strings, where it would end up in logs. A missing,
//     malformed or unknown key is 401 UNAUTHORIZED with a WWW-Authenticate
//     header and a message saying which of the three it was. Keys are
//     compared as SHA-256 digests in constant time, and never logged.
//
// Rate limit (spec 5.3, 8)
//   - Config.RateLimit requests per minute per key, with a burst of as many
//     (a token bucket from golang.org/x/time/rate), 0 = unlimited. Over it:
//     429 TOO_MANY_REQUESTS with Retry-After in whole seconds, rounded up,
//     at least 1. Limiters exist only for valid keys (auth runs first) and
//     are dropped after a minute idle, when they would be full anyway.
//
// Parameters (spec 4)
//   - Parsed by model.ParseSourcesQuery and friends, shared with the
//     client: enum values in any case ("DE", "Technology", "PUBLISHEDAT");
//     responses always carry lower-case codes. "" for a filter means any.
//   - page defaults to 1 (the general pagination rules win over the
//     endpoint descriptions), pageSize to 20, at most 100; page_size is an
//     alias of pageSize (pageSize wins if both are sent).
//   - Unknown parameters are ignored; a repeated parameter takes its first
//     value; a malformed query string (bad %-escape, ';') is 400.
//   - /articles: q is required, trimmed, at most model.MaxQueryLength (500)
//     runes, no control characters (so a NUL is 400). sources, domains and
//     excludeDomains are comma lists of at most model.MaxListItems (20);
//     domains match the host and its subdomains (domains=example.com matches
//     www.example.com, not myexample.com). from and to are a date
//     (2026-11-20) or date-time (2026-11-20T08:00:00Z; offsets and
//     fractions accepted, zone-less means UTC); a bare to date means the end
//     of that day; from after to is 400. language is one of the spec's
//     thirteen codes. sortBy defaults to publishedAt (newest first);
//     relevancy (matches in the title, then the description) and popularity
//     rank the store.RankWindow (500) newest matches, after which results
//     continue newest first, so a search's cost does not grow with the
//     number of matches. A search returns at most store.MaxResults
//     (10,000) results and totalResults counts those (at most 10,000):
//     counting every match of a common word would cost hundreds of
//     milliseconds at a million articles. Popularity is a stored score:
//     imported with the article or derived from its URL (see package
//     store/sqlite); an article of a feed has 0, since feeds carry no
//     popularity data, so feed articles sort newest first after every
//     article that has one.
//   - q syntax (see store.MatchExpression): words are ANDed; "quoted
//     phrases"; +word must appear; -word or NOT word must not; OR (upper
//     case) between two terms accepts either. Punctuation only separates
//     words, so no q can inject full-text or SQL syntax. Matching ignores
//     case and diacritics in all thirteen languages. A q with no letters or
//     digits, only exclusions, or more than 32 terms is 400 BAD_REQUEST.
//   - /latest-headlines lists newest first (undated articles last); all
//     articles when no filter.
//   - /sources lists by name, then id.
//   - A page past the last one is 200 with an empty array and the true
//     totalResults (spec 4.4 rule 4).
//
// Responses
//   - Success bodies are cached, encoded, per path and parameters (in any
//     order) until the store's next write (store.Generation), within
//     32 MiB: the data changes only on an import, and a cached answer
//     costs no query and no JSON encoding.
//   - Every response of the handler, errors included, is JSON with
//     "Content-Type: application/json" (UTF-8; HTML characters are not
//     escaped). The one exception is outside it: net/http itself answers a
//     request it cannot read (headers over MaxHeaderBytes: 431; a garbled
//     request line: 400) in plain text before any handler runs.
//   - Success uses the primary camelCase envelope of spec 2.3: status "ok",
//     totalResults, page, pageSize and "sources" or "articles". The
//     snake_case variant of the general pagination example is not sent.
//   - Articles carry every field of spec 2.2. publishedAt is UTC in the
//     sample shape 2006-01-02T15:04:05Z. Empty author, description,
//     urlToImage, content, source.id and an unknown publishedAt are null, as
//     real news services send them; title, url and source.name are always
//     strings.
//
// Errors (spec 7). One rule picks the shape: shape A
// {"status":400,"errorCode":..,"errorMessage":..} only where the spec shows
// it, INVALID_COUNTRY_CODE; shape B {"status":N,"code":..,"message":..}, the
// general shape, for everything else. status is always the HTTP status.
//   - 400 INVALID_COUNTRY_CODE (A): any malformed or unknown country.
//   - 400 BAD_REQUEST (B): every other invalid parameter, with the model's
//     message ("pageSize cannot be zero", "pageSize exceeds the maximum
//     allowed value of 100", "invalid pagination parameters: ...").
//   - 401 UNAUTHORIZED, 404 NOT_FOUND, 405 METHOD_NOT_ALLOWED, 429
//     TOO_MANY_REQUESTS (B).
//   - 500 INTERNAL_SERVER_ERROR (B): never expected; store failures and
//     recovered panics are logged and answered without detail.
//   - 503 SERVICE_UNAVAILABLE (B): a query ran past Config.QueryTimeout.
//
// Operations
//   - [Run] and [Start] use ReadHeaderTimeout 5 s, ReadTimeout 10 s,
//     WriteTimeout 30 s, IdleTimeout 2 min and MaxHeaderBytes 64 KiB (which
//     bounds the request line too); each store query is bounded by
//     Config.QueryTimeout (10 s). Run shuts down gracefully when its context
//     ends, waiting up to 10 s for requests in flight.
//   - Each request is logged with log/slog: method, path, status, bytes,
//     duration. Never headers (the key) nor the query string (user data).
package server
