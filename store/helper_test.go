package store

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/store/storetest"
)

// eachStore runs f against SQLite and, when TEST_DATABASE_URL is set,
// PostgreSQL in a schema of its own.
func eachStore(t *testing.T, f func(t *testing.T, open func() *DB)) {
	t.Run("sqlite", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "test.db")
		f(t, func() *DB { return mustOpen(t, path) })
	})
	t.Run("postgres", func(t *testing.T) {
		dsn := storetest.PostgresURL(t)
		f(t, func() *DB { return mustOpen(t, dsn) })
	})
}

func mustOpen(t testing.TB, dsn string) *DB {
	t.Helper()
	if !strings.HasPrefix(dsn, "postgres") {
		dsn = "file:" + dsn
	}
	d, err := Open(context.Background(), dsn)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}
