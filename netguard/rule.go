package netguard

import (
	"net/netip"
	"strings"
)

var (
	cgnat  = netip.MustParsePrefix("100.64.0.0/10")
	thisV4 = netip.MustParsePrefix("0.0.0.0/8")
	nat64  = netip.MustParsePrefix("64:ff9b::/96")
	siteV6 = netip.MustParsePrefix("fec0::/10") // deprecated site-local
	bcast  = netip.MustParseAddr("255.255.255.255")
)

// Rule names the kind of non-public address ip is ("a loopback address",
// "a private address", …), or "" for an address anyone may fetch from.
func Rule(ip netip.Addr) string {
	ip = ip.Unmap()
	if ip.Is6() && nat64.Contains(ip) {
		b := ip.As16()
		ip = netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]})
	}
	switch {
	case !ip.IsValid():
		return "not an address"
	case ip.IsUnspecified(), ip.Is4() && thisV4.Contains(ip):
		return "an unspecified address"
	case ip.IsLoopback():
		return "a loopback address"
	case ip.Is4() && ip.IsPrivate():
		return "a private address"
	case ip.IsPrivate(), siteV6.Contains(ip):
		return "a unique-local address"
	case cgnat.Contains(ip):
		return "a shared (carrier-grade NAT) address"
	case ip.IsLinkLocalUnicast():
		return "a link-local address"
	case ip.IsMulticast(), ip.IsLinkLocalMulticast(), ip.IsInterfaceLocalMulticast():
		return "a multicast address"
	case ip == bcast:
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
