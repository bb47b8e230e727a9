// Package netguard is the fetch policy for what tidings fetches on behalf
// of feed content: the pages of full-text items, the pages the reader's
// `f` reads, and every redirect on the way, including a feed's redirect
// away from its own host. A feed is written by someone else; without
// this policy a feed item linking to http://127.0.0.1:…/admin, or a feed
// redirecting to http://10.0.0.5/, would make the service fetch an
// internal page and hand its text to every key holder.
//
// The rule: no connection to a loopback, private (RFC 1918, and 100.64/10
// shared by carrier-grade NAT), link-local (169.254/16, fe80::/10),
// unique-local (fc00::/7), unspecified, multicast or broadcast address,
// nor to an IPv4-mapped or NAT64 form of one. It is applied to the
// address actually connected to: the guarded dialer resolves the name
// itself, checks every address and connects only to a checked one, so a
// name that resolves to a public address for a check and to 127.0.0.1 a
// moment later (DNS rebinding) cannot slip past. Every hop of a redirect
// is a new request and passes the same dialer; CheckRedirect refuses
// literal addresses before any connection, for a clearer message.
//
// Two exceptions, both the operator's choice, never the feed's:
//   - the host a fetch is made for (WithHost): the feed's own host for a
//     feed's pages and redirects (an intranet feed on 10.x may link to its
//     own pages), the service's host for the reader (the demo runs on
//     loopback);
//   - Guard.AllowPrivate (serve --allow-private-fetch, config
//     allow_private_fetch), which turns the rule off.
//
// The feed document itself, at the address the operator subscribed to, is
// fetched wherever it is: its host is the exempt host of its own fetch.
//
// Connections to the exempt host never share a connection pool with
// guarded requests (Transport keeps two), so a connection opened for one
// feed's intranet host is never reused by another feed's link to it.
// Through a proxy (HTTP_PROXY…) the proxy resolves names, so the name is
// checked by resolving it here just before the request: a proxy weakens
// the guarantee against DNS rebinding, and the operator who sets one
// decides what it may reach.
//
// It must not fetch anything itself, log, retry, or know about feeds,
// stores or the UI: callers build their transports with it and show its
// errors (*RefusedError) as they are.
package netguard
