// Package cmdline splits a one-line command the user wrote in a setting
// (api_key_command, open_command, $BROWSER) into the program and its
// arguments, as a shell would for the simple cases, so that tidings can
// run it without a shell: nothing the user or a link holds is ever
// interpreted by one.
//
// It must not run anything, and imports nothing of tidings.
package cmdline
