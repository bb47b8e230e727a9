package feeds

// UserAgent is the User-Agent the poller sends: "tidings/VERSION", and,
// when the operator gave a contact (a URL or mailto: address where a
// site's owner can reach them), "tidings/VERSION (+CONTACT)", the form
// crawlers use. There is no default contact: the program has no public
// home page to point at, and a made-up one would mislead; a site that
// sees no contact still sees which program and version polls it.
func UserAgent(version, contact string) string {
	if version == "" {
		version = "dev"
	}
	if contact == "" {
		return "tidings/" + version
	}
	return "tidings/" + version + " (+" + contact + ")"
}
