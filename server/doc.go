// Package server is the HTTP side of `tidings serve`: a faithful, read-only
// implementation of the news service in shared/spec/news-service.md, backed
// by a catalogue behind package server/store, which also answers NewsAPI's
// paths for NewsAPI clients (see "NewsAPI's paths" below). [New] builds the
// handler, [Run] serves it with production timeouts and a graceful
// shutdown, and [Start] runs it in the background on a loopback port for
// the reader's demo mode.
//
// The spec leaves much open or contradicts itself. Every decision taken
// here, and why:
//
// Routes and methods
//   - GET /v2/sources, /v2/latest-headlines and /v2/articles; the /v2
//     segment is part of the base URL (spec 9). NewsAPI's /v2/top-headlines,
//     /v2/everything and /v2/top-headlines/sources beside them, and our
//     read-only /v2/feeds (feeds.go: the catalogue's feeds, never
//     cached). HEAD
//     behaves as GET without a body. Any other method is 405
//     METHOD_NOT_ALLOWED (methodNotAllowed on NewsAPI's paths) with
//     "Allow: GET, HEAD". Any other path (trailing slashes included) is 404
//     NOT_FOUND.
//   - Checks run in a fixed order: operations endpoints (below), path
//     (404), CORS preflight, method (405), API key (401), rate limit
//     (429), parameters (400), then the query. So unknown paths
//     answer 404 without a key (they reveal nothing), and a request with a
//     bad parameter still spends a unit of its key's rate limit.
//   - /api/greader (and FreshRSS's /api/greader.php) is the Google Reader
//     API for sync clients (package server/greader, docs/sync.md), served
//     after the operations endpoints and before everything above: its
//     own methods, its token instead of the key (derived from the key by
//     greader_gate.go), the same wrong-key throttle and rate limit, and
//     its own plain-text errors.
//
// Authentication (spec 5)
//   - The spec's "Authorization: Bearer <key>" (scheme in any case), and on
//     every path NewsAPI's other three ways too: the bare key as the
//     Authorization header, "X-Api-Key: <key>", and the apiKey query
//     parameter (its name in any case). The first of Authorization,
//     X-Api-Key and apiKey that is present (not blank) is the key; the
//     others are not looked at, so a wrong or malformed Authorization
//     header is not rescued by a right key elsewhere. A repeated apiKey
//     takes its first value.
//   - A missing, malformed or unknown key is 401 with a WWW-Authenticate
//     header: UNAUTHORIZED, with a message saying which of the three it
//     was, on the spec's paths; apiKeyMissing, or apiKeyInvalid for the
//     other two, on NewsAPI's. Keys are compared as SHA-256 digests in
//     constant time.
//   - Wrong keys are throttled per client address (auththrottle.go): after
//     Config.AuthFailures (DefaultAuthFailures, 20) wrong or malformed
//     keys from one address in a minute, every request from it is 429
//     TOO_MANY_REQUESTS (rateLimited) with Retry-After until the minute
//     ends, before its key is looked at (a right key from that address
//     waits too, so the answer is no oracle). A missing key is not
//     counted. The count is per process and remembers at most 50,000
//     addresses (least recently failing dropped first); IPv6 counts by
//     /64; behind Config.TrustedProxies the address is X-Forwarded-For's.
//   - The key is never logged nor echoed, however it came. The access log
//     holds the path, never the query string or a header; apiKey is taken
//     out of the parameters before anything else reads them, so it is in
//     neither the response cache's keys nor any message; and a path that
//     holds "apiKey=…" (an & typed for the ?) is logged and quoted with
//     the value replaced by REDACTED. Requests with different keys share
//     cached answers, which do not depend on the key.
//
// Rate limit (spec 5.3, 8)
//   - Config.RateLimit requests per minute per key, with a burst of as many
//     (a token bucket from golang.org/x/time/rate), 0 = unlimited: one
//     budget per key across every path and every way of sending it. Over
//     it: 429 TOO_MANY_REQUESTS (rateLimited on NewsAPI's paths) with
//     Retry-After in whole seconds, rounded up, at least 1. Limiters exist
//     only for valid keys (auth runs first) and are dropped after a minute
//     idle, when they would be full anyway.
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
//     milliseconds at a million articles. An article's popularity is the
//     one it was imported with, else its story's coverage (storySize: how
//     many distinct sources report it), ties newest first; feeds carry no
//     popularity data, so feed articles rank by coverage.
//   - Stories (our extension, not the spec's): every catalogue groups the
//     articles that report one event into a story as it stores them
//     (package stories). Every article of /v2/articles and
//     /v2/latest-headlines carries storyId (opaque: letters, digits and
//     hyphens) and storySize (the story's distinct sources, at least 1);
//     an article nothing else reports, or without a publication time, is
//     a story of its own. story=ID on /v2/articles lists that story's
//     articles newest first whatever sortBy says, with language, sources,
//     domains, excludeDomains, from and to still applying; q may not be
//     given with it (400). An id the service never gives is 400
//     BAD_REQUEST naming story; the id of no stored story is an empty
//     list. NewsAPI's paths leave both fields out, as NewsAPI has none.
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
//     order; apiKey left out) until the store's next write (store.Generation), within
//     32 MiB: the data changes only on an import, and a cached answer
//     costs no query and no JSON encoding. Each cached body keeps its
//     strong ETag (a digest of the JSON) and, once a client asks for it,
//     its gzip encoding.
//   - HTTP caching (httpcache.go): every 200 list carries ETag and
//     "Cache-Control: private, max-age=60" (ListMaxAge: a minute is short
//     next to how often the catalogue changes; private because answers
//     are for key holders), and If-None-Match naming it answers 304 with
//     no body. Lists of 1 KiB or more are gzipped when Accept-Encoding
//     admits it (with an ETag of their own, "…-gzip"), always with "Vary:
//     Accept-Encoding". Errors, health answers and preflights are
//     "Cache-Control: no-store".
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
// NewsAPI's paths (issue 10)
//
// NewsAPI clients (newsapi-python, the reader's NewsAPI dialect) can read
// `tidings serve` as they read newsapi.org: its three paths answer with
// NewsAPI's parameter rules, envelopes, error body and statuses, from the
// store's three queries. The spec's paths are unchanged; /v2/sources,
// NewsAPI's old name for its sources endpoint, is the spec's and keeps the
// spec's paginated shape. Package newsapi has NewsAPI's rules and where
// each was found. Requests become store queries so:
//
//	NewsAPI request                            store query
//	------------------------------------------ ------------------------------------------------
//	GET /v2/top-headlines                      (at least one of sources, q, language,
//	                                           country, category)
//	  country, category (no q)                 Headlines{Country, Category}
//	  q, sources or language (each optional)   Articles{Q, Language, Sources,
//	                                           SortBy: publishedAt}: newest first, as
//	                                           headlines; without q the store lists
//	                                           what the sources or language select
//	  … with country and/or category           Sources{Country, Category}, every page,
//	                                           then Articles{…, Sources: their ids}
//	                                           (exact: an article's country and category
//	                                           are its source's); no source: an empty
//	                                           page; over 500: 400 parameterInvalid
//	  page, pageSize (1-100, default 20)       Page, PageSize
//	GET /v2/everything                         (at least one of q, qInTitle, sources,
//	                                           domains)
//	  q, sources (<= 20), domains,             Articles{Q, Sources, Domains,
//	  excludeDomains, from, to, language,      ExcludeDomains, From, To, Language,
//	  sortBy (default publishedAt),            SortBy, Page, PageSize}
//	  page, pageSize (1-100, default 100)
//	  searchIn absent, or all three fields     (every search covers title, description
//	                                           and content)
//	  searchIn of one or two fields, qInTitle  400 parameterInvalid
//	  sources or domains without q             Articles without keywords: what they
//	                                           select, newest first by default
//	  country, category                        400 parameterInvalid (NewsAPI's own rule)
//	GET /v2/top-headlines/sources              Sources{Category, Language, Country},
//	  category, language, country              every page: one list, no paging and no
//	                                           totalResults, as NewsAPI's
//	values on all three
//	  language sv (NewsAPI's; its older se)    se, the spec's Swedish; answered as sv
//	  language zh                              400 parameterInvalid: the catalogue has
//	                                           no label for Chinese, so an empty answer
//	                                           would hide Chinese sources stored without
//	                                           one
//	  country                                  NewsAPI's 54 are the spec's 54
//	  a page ending past result 10,000 of a    426 maximumResultsReached, as NewsAPI past
//	  search (sqlite.MaxResults)               its plan's cap (the store serves no more)
//	  a page past the last result otherwise    200, no articles, the true totalResults
//
// Every answer is NewsAPI's shape: {"status":"ok","totalResults":N,
// "articles":[…]} (no page or pageSize) for top-headlines and everything,
// with the spec's article fields, and {"status":"ok","sources":[…]} for
// the sources; errors are {"status":"error","code":…,"message":…}. Values
// are read in any case, unknown parameters are ignored, a repeated one
// takes its first value, as on the spec's paths. q has the syntax of the
// spec's paths (above), which is NewsAPI's but for parentheses: they only
// separate words, so "(a AND b) OR c" means a AND (b OR c).
//
// Errors, each way (status and code; the message says what to change):
//
//	condition                              spec paths                  NewsAPI paths
//	-------------------------------------- --------------------------- ---------------------------
//	no key                                 401 UNAUTHORIZED            401 apiKeyMissing
//	malformed Authorization, unknown key   401 UNAUTHORIZED            401 apiKeyInvalid
//	over the rate limit (+ Retry-After)    429 TOO_MANY_REQUESTS       429 rateLimited
//	rate limiter unavailable               503 SERVICE_UNAVAILABLE     503 unexpectedError
//	a value not allowed, a malformed       400 BAD_REQUEST, or         400 parameterInvalid
//	  query string, a bad q, from > to     INVALID_COUNTRY_CODE (A)
//	a required parameter missing           400 BAD_REQUEST (q)         400 parametersMissing
//	sources with country or category       (no such parameter)         400 parametersIncompatible
//	more than 20 sources                   400 BAD_REQUEST             400 sourcesTooMany
//	what the store cannot answer           (none)                      400 parameterInvalid (above)
//	a page ending past a search's 10,000   200, no articles            426 maximumResultsReached
//	method other than GET and HEAD         405 METHOD_NOT_ALLOWED      405 methodNotAllowed
//	query past Config.QueryTimeout         503 SERVICE_UNAVAILABLE     503 unexpectedError
//	internal error, panic                  500 INTERNAL_SERVER_ERROR   500 unexpectedError
//	unknown path                           404 NOT_FOUND (the spec's shape: no dialect is known)
//
// methodNotAllowed is this server's code: NewsAPI documents none for a
// method. corsNotAllowed (CORS_NOT_ALLOWED on the spec's paths, 403)
// answers a CORS preflight from an origin not in Config.CORSOrigins.
// NewsAPI's codes never sent: apiKeyDisabled and apiKeyExhausted
// (no key here is disabled or has a quota), sourceDoesNotExist (NewsAPI's docs do not say when it comes,
// and the store has no lookup by id: an unknown source id matches nothing,
// as on /v2/articles).
//
// Operations
//   - [Run] and [Start] use ReadHeaderTimeout 5 s, ReadTimeout 10 s,
//     WriteTimeout 30 s, IdleTimeout 2 min and MaxHeaderBytes 64 KiB (which
//     bounds the request line too); each store query is bounded by
//     Config.QueryTimeout (10 s). Run shuts down gracefully when its context
//     ends, waiting up to 10 s for requests in flight.
//   - Each request is logged with log/slog: method, path (any apiKey=…
//     in it redacted), status, bytes, duration. Never headers (the key)
//     nor the query string (user data, and maybe the key). Successful
//     calls of the operations endpoints log at debug level.
//   - Operations endpoints, before the path, key and rate-limit checks
//     (no key, no limit, GET and HEAD): /healthz (the process is alive;
//     touches nothing), /readyz (every Config.Checks and the store's
//     Ping, at once, each within Config.CheckTimeout; 503 with each
//     failing check and why, credentials scrubbed from the reasons),
//     /v2/openapi.json (package openapi) and /metrics (Metrics, a private
//     Prometheus registry; elsewhere with Config.MetricsElsewhere). Metric
//     labels come from fixed sets only: the route table's paths ("other"
//     for the rest), status codes, outcomes.
//   - CORS (cors.go): Config.CORSOrigins, exact origins or "*"; a
//     preflight (OPTIONS with Origin and Access-Control-Request-Method)
//     is answered after the path check and before the method check, with
//     no key and no rate limit: 204 for an allowed origin, 403 with no
//     CORS header otherwise. Other OPTIONS requests stay 405.
//   - Keys can be replaced while serving (Keys.Replace, for SIGHUP): a
//     key keeps its index, and so its rate-limit bucket, across reloads.
//
// docs/operations.md is the operator's view of all of this.
package server
