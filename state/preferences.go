package state

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Preference names: the choices the reader remembers between sessions.
// Values are short strings ("on", "off"); a name not set reads as "".
const (
	// PrefCollapseStories is Headlines' one row per story ("on"/"off").
	PrefCollapseStories = "headlines.collapse-stories"
)

// maxPreferenceLen bounds a preference's name and value: they are the
// reader's own small choices, never user text.
const maxPreferenceLen = 256

// Preference is the value of the preference name, "" when it was never set.
func (s *Store) Preference(ctx context.Context, name string) (string, error) {
	var v string
	err := s.db.QueryRowContext(ctx, `SELECT value FROM preferences WHERE name = ?`, name).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", s.wrap("read preference "+quote(name), err)
	}
	return v, nil
}

// SetPreference keeps value for the preference name.
func (s *Store) SetPreference(ctx context.Context, name, value string) error {
	if name == "" || len(name) > maxPreferenceLen || len(value) > maxPreferenceLen {
		return fmt.Errorf("preference %q: name and value must be 1 to %d bytes", name, maxPreferenceLen)
	}
	return s.write(ctx, "keep preference "+quote(name), func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx,
			`INSERT INTO preferences(name, value) VALUES(?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value`,
			name, value)
		return err
	})
}
