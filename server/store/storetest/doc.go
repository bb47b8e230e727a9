// Package storetest is the conformance suite of the store: the behaviour
// every backend of package store must show, stated once and run by each
// backend's tests with the same expectations.
//
// A backend runs it from a test of its own package:
//
//	func TestConformance(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) storetest.Backend {
//			return openEmpty(t) // a new, empty store, closed by t.Cleanup
//		})
//	}
//
// Run runs every suite as a subtest (Feeds, Stories, Search, Paging,
// Generation); each suite is also exported, so a backend may run one
// alone. Every test opens its own store through the Open function and
// fills it itself (Fixture), so tests share nothing and a backend needs
// no test data of its own.
//
// Adding a suite: write a func Name(t *testing.T, open Open) in a file of
// its own here, running its cases as t.Run subtests, and register it from
// that file's init function (Register), so no other file changes. A case that needs a capability beyond Backend
// tests for it with a type assertion and skips when it is absent, so the
// suite states what a backend lacks rather than failing to compile.
//
// What stays in a backend's own tests: what only that backend has or
// exposes (schema upgrades, batch sizes, its query plans, file locks).
package storetest
