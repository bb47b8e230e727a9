package netguard

import (
	"net/netip"
	"strings"
)

// The ranges Rule knows besides netip's own predicates. They are
// functions, not package-level netip values, which cannot be laid out at
// build time: every tidings process would parse them at start-up
// (issue 31).

// cgnat is 100.64.0.0/10, carrier-grade NAT.
func cgnat() netip.Prefix { return netip.PrefixFrom(netip.AddrFrom4([4]byte{100, 64}), 10) }

// thisV4 is 0.0.0.0/8, "this network".
func thisV4() netip.Prefix { return netip.PrefixFrom(netip.AddrFrom4([4]byte{}), 8) }

// nat64 is 64:ff9b::/96, the NAT64 well-known prefix.
func nat64() netip.Prefix {
	return netip.PrefixFrom(netip.AddrFrom16([16]byte{0x00, 0x64, 0xff, 0x9b}), 96)
}

// siteV6 is fec0::/10, the deprecated site-local range.
func siteV6() netip.Prefix { return netip.PrefixFrom(netip.AddrFrom16([16]byte{0xfe, 0xc0}), 10) }

// bcast is 255.255.255.255, the limited broadcast address.
func bcast() netip.Addr { return netip.AddrFrom4([4]byte{255, 255, 255, 255}) }

// Rule names the kind of non-public address ip is ("a loopback address",
// "a private address", …), or "" for an address anyone may fetch from.
func Rule(ip netip.Addr) string {
	ip = ip.Unmap()
	if ip.Is6() && nat64().Contains(ip) {
		b := ip.As16()
		ip = netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]})
	}
	switch {
	case !ip.IsValid():
		return "not an address"
	case ip.IsUnspecified(), ip.Is4() && thisV4().Contains(ip):
		return "an unspecified address"
	case ip.IsLoopback():
		return "a loopback address"
	case ip.Is4() && ip.IsPrivate():
		return "a private address"
	case ip.IsPrivate(), siteV6().Contains(ip):
		return "a unique-local address"
	case cgnat().Contains(ip):
		return "a shared (carrier-grade NAT) address"
	case ip.IsLinkLocalUnicast():
		return "a link-local address"
	case ip.IsMulticast(), ip.IsLinkLocalMulticast(), ip.IsInterfaceLocalMulticast():
		return "a multicast address"
	case ip == bcast():
		return "a broadcast address"
	}
	return ""
}

// isLocalhostName says whether host is "localhost" or a name under it,
// which resolve to loopback by definition (RFC 6761) whatever DNS says.
func isLocalhostName(host string) bool {
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	return host == "localhost" || strings.HasSuffix(host, ".localhost")
}

// sameHost compares host names the way URLs do: case-insensitively,
// without a trailing dot, IPv6 literals with or without brackets.
func sameHost(a, b string) bool {
	return a != "" && normHost(a) == normHost(b)
}

func normHost(h string) string {
	h = strings.TrimSuffix(strings.ToLower(h), ".")
	h = strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
	if ip, err := netip.ParseAddr(h); err == nil {
		return ip.Unmap().String()
	}
	return h
}
