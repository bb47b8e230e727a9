// Package newsapi holds NewsAPI's request rules as `tidings serve` applies
// them on NewsAPI's paths (/v2/top-headlines, /v2/everything and
// /v2/top-headlines/sources): the parameters each endpoint takes, the
// values they allow, the errors NewsAPI answers with, and the store query
// (model.HeadlinesQuery, model.ArticlesQuery, model.SourcesQuery) each
// request becomes. It does no I/O: package server runs the queries and
// writes NewsAPI's shapes, and its package doc has the mapping table.
//
// What NewsAPI's rules are, and where they were found. They were looked
// up in stored copies of NewsAPI's pages and of public code and issues
// (not from memory); NewsAPI's pages changed over the years, and where
// versions disagree the newest is followed unless said otherwise.
//
// Errors: newsapi.org/docs/errors
//   - The body is {"status":"error","code":…,"message":…}. Statuses: 400
//     for a missing or misconfigured parameter, 401 for a missing or wrong
//     key, 429 when rate limited, 500 for NewsAPI's own faults.
//   - Codes: apiKeyDisabled, apiKeyExhausted, apiKeyInvalid,
//     apiKeyMissing, parameterInvalid ("a parameter in your request which
//     is currently not supported"), parametersMissing, rateLimited,
//     sourcesTooMany, sourceDoesNotExist, unexpectedError.
//   - maximumResultsReached is not on that page. NewsAPI sends it with
//     status 426 for results past a plan's cap: "You have requested too
//     many results. Developer accounts are limited to a max of 100
//     results. You are trying to request results 100 to 200. …"
//     (News-API-gh/News-API-python issue 6; the 426 in the log of
//     airbytehq/airbyte pull 18301). A paid account met it near 10,000
//     results (mattlisiv/newsapi-python issue 39).
//   - corsNotAllowed: "Requests from the browser are not allowed on the
//     Developer plan, except from localhost." (Rob--W/cors-anywhere issue
//     241; its status, 426, only from one project's README).
//   - parametersIncompatible: "You cannot mix the sources parameter with
//     the country or category parameters." (bzarras/newsapi issues 13, 16
//     and 17; the rule itself is on /docs/endpoints/top-headlines).
//   - Messages NewsAPI really sent, quoted in public code: apiKeyMissing
//     (with 401) "Your API key is missing. Append this to the URL with the
//     apiKey param, or use the x-api-key HTTP header."; apiKeyInvalid
//     "Your API key is invalid or incorrect. Check your key, or go to
//     https://newsapi.org to create a free API key."; rateLimited "You have
//     made too many requests recently. Developer accounts are limited to
//     100 requests over a 24 hour period …"; parameterInvalid "The category
//     param is not currently supported on the /everything endpoint.";
//     parametersMissing on /everything "Required parameters are missing,
//     the scope of your search is too broad. Please set any of the
//     following required parameters and try again: q, qInTitle, sources,
//     domains." and on /top-headlines (with 400 in several clients' test
//     fixtures) "Required parameters are missing. Please set any of the
//     following parameters and try again: sources, q, language, country,
//     category."
//
// Keys: newsapi.org/docs/authentication
//   - The apiKey query parameter, the X-Api-Key header, or the
//     Authorization header ("Including Bearer is optional"); a key missing
//     or wrong is 401. newsapi-python sends "Authorization: <key>" bare.
//
// /v2/top-headlines: newsapi.org/docs/endpoints/top-headlines
//   - country, category, sources, q, pageSize ("20 is the default, 100 is
//     the maximum"), page. sources cannot be mixed with country or
//     category. language is not on today's page but is a parameter: the
//     parametersMissing message above names it, and newsapi-python sends
//     it with every country.
//   - country: the 54 codes ae … za (the page until 2024, and
//     /docs/endpoints/sources); since 2024 the page lists only us, and
//     other countries answer with no articles. The 54 are exactly the
//     spec's list, and all are served here.
//   - "Articles are sorted by the earliest date published first", the page
//     says; this server lists headlines newest first, as the spec's
//     latest headlines are and as "live top and breaking headlines"
//     implies. NewsAPI's real order could not be checked here.
//
// /v2/everything: newsapi.org/docs/endpoints/everything
//   - q ("Max length: 500 chars"; "quoted phrases", +word, -word, AND, OR
//     and NOT "optionally grouped with parenthesis"), searchIn (title,
//     description, content; "Default: all fields are searched"), sources
//     ("maximum 20"), domains, excludeDomains, from and to ("ISO 8601
//     format (e.g. 2024-11-22 or 2024-11-22T01:51:34)"), language, sortBy
//     (relevancy, popularity, publishedAt; "Default: publishedAt"),
//     pageSize ("Default: 100. Maximum: 100"; the 2018 page said 20),
//     page ("Default: 1"). qInTitle (the title only) is on the 2019–2020
//     page and in the parametersMissing message.
//   - language: "ar de en es fr he it nl no pt ru sv ud zh"; the same page
//     in 2018–2019 had "se" where it now has "sv" (the spec's list keeps
//     "se" and has no "zh"). newsapi-python's const.py lists "sv".
//   - country and category are refused with parameterInvalid (the message
//     above).
//
// /v2/top-headlines/sources: newsapi.org/docs/endpoints
//   - "returns information (including name, description, and category)
//     about the most notable sources"; parameters category, language and
//     country (newsapi-python's get_sources, educative.io's News API
//     course); the answer is {"status":"ok","sources":[…]}, not paginated,
//     with no totalResults. NewsAPI's older path for it is /v2/sources,
//     which here stays the spec's endpoint with the spec's shapes. (The
//     endpoint's own page was not among the stored copies.)
//
// Not found anywhere: what NewsAPI answers to a pageSize of 0 or over 100,
// to a country, category, language or sortBy it does not know, and to a
// page past the last result within a plan's cap. The first two are
// parameterInvalid here (NewsAPI's code for what it does not support);
// the last is an empty page with the true totalResults, as on the spec's
// paths.
package newsapi
