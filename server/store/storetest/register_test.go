package storetest

import "testing"

// A suite registered twice would run once and hide the other: refused.
func TestRegisterRefusesATakenName(t *testing.T) {
	defer func(r []suite) { registered = r }(registered)
	Register("Extra", func(*testing.T, Open) {})
	defer func() {
		if recover() == nil {
			t.Error("a second suite named Extra was registered")
		}
	}()
	Register("Extra", func(*testing.T, Open) {})
}

// Run runs the registered suites after its own.
func TestRunRunsRegisteredSuites(t *testing.T) {
	defer func(r []suite) { registered = r }(registered)
	Register("Probe", func(*testing.T, Open) {})
	all := suites()
	if len(all) != len(builtin())+1 || all[len(all)-1].name != "Probe" {
		t.Errorf("Run's suites: %d, the last %q; want the built-in ones, then Probe", len(all), all[len(all)-1].name)
	}
}
