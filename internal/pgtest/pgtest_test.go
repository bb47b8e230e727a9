package pgtest

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

func TestMain(m *testing.M) {
	code := m.Run()
	StopShared()
	os.Exit(code)
}

// A template's setup is seen by every database cloned from it, and each
// test's database is its own.
func TestNewDBClonesTheTemplate(t *testing.T) {
	s := Shared(t)
	tmpl := &Template{Name: "clone", Setup: func(ctx context.Context, dsn string) error {
		conn, err := pgx.Connect(ctx, dsn)
		if err != nil {
			return err
		}
		defer conn.Close(ctx)
		_, err = conn.Exec(ctx, "CREATE TABLE marks (n int); INSERT INTO marks VALUES (7)")
		return err
	}}
	ctx := context.Background()
	a, b := s.NewDB(t, tmpl), s.NewDB(t, tmpl)
	if a == b {
		t.Fatalf("two tests got the same database %s", a)
	}
	ca := connect(t, a)
	if _, err := ca.Exec(ctx, "INSERT INTO marks VALUES (8)"); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := connect(t, b).QueryRow(ctx, "SELECT count(*) FROM marks").Scan(&n); err != nil || n != 1 {
		t.Fatalf("the second clone has %d marks (%v), want the template's 1", n, err)
	}
}

// Stop makes the server unreachable and Start brings it back with its
// data: what the outage tests rely on.
func TestStopAndStartKeepData(t *testing.T) {
	s := Start(t, Options{})
	dsn := s.NewDB(t, nil)
	ctx := context.Background()
	c := connect(t, dsn)
	if _, err := c.Exec(ctx, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('yes')"); err != nil {
		t.Fatal(err)
	}
	if err := s.Stop(); err != nil {
		t.Fatal(err)
	}
	cctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if conn, err := pgx.Connect(cctx, dsn); err == nil {
		conn.Close(ctx)
		t.Fatal("connected to a stopped server")
	}
	if err := s.Start(); err != nil {
		t.Fatal(err)
	}
	var v string
	if err := connect(t, dsn).QueryRow(ctx, "SELECT v FROM kept").Scan(&v); err != nil || v != "yes" {
		t.Fatalf("after a restart: %q, %v", v, err)
	}
}

func connect(t *testing.T, dsn string) *pgx.Conn {
	t.Helper()
	c, err := pgx.Connect(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close(context.Background()) })
	return c
}
