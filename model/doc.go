// Package model holds the domain of the news service: sources, articles,
// pages, the enumerations the spec allows (category, language, country,
// sort order) and the three query types with their validation.
//
// It is the single source of truth for the contract in
// shared/spec/news-service.md: the HTTP client encodes queries with
// [SourcesQuery.Values] and friends, and the server parses requests with
// [ParseSourcesQuery] and friends, so both sides apply the same rules.
//
// The package does no I/O and imports nothing from the UI or the server.
package model
