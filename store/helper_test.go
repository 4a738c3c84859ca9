package store

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

var schemaSeq atomic.Int64

// eachStore runs f against SQLite and, when TEST_DATABASE_URL is set,
// PostgreSQL in a schema of its own.
func eachStore(t *testing.T, f func(t *testing.T, open func() *DB)) {
	t.Run("sqlite", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "test.db")
		f(t, func() *DB { return mustOpen(t, path) })
	})
	t.Run("postgres", func(t *testing.T) {
		dsn := pgSchema(t)
		f(t, func() *DB { return mustOpen(t, dsn) })
	})
}

// pgSchema creates a fresh schema and returns a URL whose connections use
// it; the schema is dropped after the test.
func pgSchema(t testing.TB) string {
	t.Helper()
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		t.Skip("TEST_DATABASE_URL is not set: skipping the PostgreSQL run (.ci/run sets it)")
	}
	schema := fmt.Sprintf("t_%d_%d_%d", os.Getpid(), time.Now().UnixNano()%1e9, schemaSeq.Add(1))
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		a, err := sql.Open("pgx", base)
		if err == nil {
			_, _ = a.Exec("DROP SCHEMA " + schema + " CASCADE")
			a.Close()
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
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
