package state

import (
	"errors"
	"fmt"
)

// Kinds of failure, told apart with errors.Is.
var (
	// ErrUnwritable is a state file that cannot be written: a read-only
	// file, directory or file system, a full disk, a directory that cannot
	// be created. The UI says so once and keeps working.
	ErrUnwritable = errors.New("cannot be written")
	// ErrCorrupt is a state file that was found damaged and moved aside.
	ErrCorrupt = errors.New("was damaged")
	// ErrNotFound is a saved article or watch that does not exist.
	ErrNotFound = errors.New("not found")
	// ErrDuplicateName is a watch name already in use.
	ErrDuplicateName = errors.New("a watch with that name already exists")
	// ErrInvalidName is a watch name that is empty, too long or holds
	// control characters.
	ErrInvalidName = errors.New("invalid watch name")
	// ErrInvalidQuery is a watch whose query breaks the service's rules.
	ErrInvalidQuery = errors.New("invalid watch query")
)

// Error is a failure of the state file at Path. errors.Is(err, Kind) and
// errors.Is(err, cause) both hold.
type Error struct {
	// Op is what was being done: "open", "save", "mark read" …
	Op string
	// Path is the state file.
	Path string
	// Kind is ErrUnwritable, ErrCorrupt or nil (anything else).
	Kind error
	// Err is the cause.
	Err error
	// MovedTo is, for ErrCorrupt, where the damaged file was moved
	// (Path + ".corrupt-<time>"); empty when it could not be moved.
	MovedTo string
}

// Error implements error with a sentence meant for the reader: it names the
// file and says what became of the state.
func (e *Error) Error() string {
	switch {
	case e.Kind == ErrCorrupt && e.MovedTo != "":
		return fmt.Sprintf("state file %s was damaged (%v); moved it to %s and started a new one", e.Path, e.Err, e.MovedTo)
	case e.Kind == ErrCorrupt:
		return fmt.Sprintf("state file %s is damaged and could not be moved aside (%v); read history, saved articles and watches are kept only until tidings quits", e.Path, e.Err)
	case e.Op == "open":
		what := "cannot be used"
		if e.Kind == ErrUnwritable {
			what = "cannot be written"
		}
		return fmt.Sprintf("state file %s %s (%v); read history, saved articles and watches are kept only until tidings quits", e.Path, what, e.Err)
	case e.Kind == ErrUnwritable:
		return fmt.Sprintf("state file %s cannot be written: %s: %v", e.Path, e.Op, e.Err)
	}
	return fmt.Sprintf("state file %s: %s: %v", e.Path, e.Op, e.Err)
}

// Unwrap returns the kind and the cause.
func (e *Error) Unwrap() []error {
	var errs []error
	if e.Kind != nil {
		errs = append(errs, e.Kind)
	}
	if e.Err != nil {
		errs = append(errs, e.Err)
	}
	return errs
}
