// Package lazy holds values that are built on first use instead of at
// start-up.
//
// Every package initialiser linked into the tidings binary runs in every
// process, and each one faults in its own windows of the binary's text and
// tables (issue 31), so `tidings --version` would pay for regular expressions,
// maps and replacers it never uses. A package-level sync.OnceValue(...) is
// itself a call that runs at start-up; a Value declared as a composite
// literal is laid out by the linker and costs nothing until Get.
package lazy

import "sync"

// Value is a T built by Build the first time Get is called, then shared.
// Declare it at package level as a composite literal, with a Build that
// captures nothing, so the compiler lays it out statically:
//
//	var wordRE = lazy.Value[*regexp.Regexp]{Build: func() *regexp.Regexp {
//		return regexp.MustCompile(`\w+`)
//	}}
//
// A Value must not be copied after first use.
type Value[T any] struct {
	// Build makes the value; it runs at most once, on the first Get.
	Build func() T

	once   sync.Once
	value  T
	valid  bool // Build returned
	panicV any  // what Build panicked with, when it did
}

// Get returns the value, building it on the first call. It is safe for
// concurrent use. As with sync.OnceValue, a Build that panics makes every
// Get panic with the same value.
func (v *Value[T]) Get() T {
	v.once.Do(v.build)
	if !v.valid {
		panic(v.panicV)
	}
	return v.value
}

func (v *Value[T]) build() {
	defer func() {
		if !v.valid {
			v.panicV = recover()
			panic(v.panicV)
		}
	}()
	v.value = v.Build()
	v.valid = true
}
