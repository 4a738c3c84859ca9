package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/solver/logic"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// fill gives a server players who solved days first..last with varied
// times and gaps, so every board has ties, streaks and holes. Rows go in
// by the hundred: one statement each would take a minute on PostgreSQL.
func fill(t testing.TB, d *DB, guild string, players, first, last int) {
	t.Helper()
	var entries, weekRows, playerRows [][]any
	weeks := map[[2]any][2]int{} // (user, week) -> points, solves
	for u := 0; u < players; u++ {
		user := fmt.Sprintf("9%017d", u)
		solved := 0
		for n := first; n <= last; n++ {
			if (u+n)%7 == 0 {
				continue // a missed day
			}
			took := int64(60_000 + (u*7919+n*104729)%1_800_000)
			points := daily.Points(logic.Level(n%5), u%3)
			entries = append(entries, []any{guild, user, n, 0, took, took, points})
			key := [2]any{user, daily.WeekStart(n)}
			w := weeks[key]
			weeks[key] = [2]int{w[0] + points, w[1] + 1}
			solved++
		}
		playerRows = append(playerRows, []any{guild, user, solved, u % 6, last, u % 11})
	}
	for key, w := range weeks {
		weekRows = append(weekRows, []any{guild, key[0], key[1], w[0], w[1]})
	}
	ctx := context.Background()
	tx, err := d.db.BeginTx(ctx, nil)
	must(t, err)
	insertRows(t, d, tx, "entries (guild, user_id, day, started_at, solved_at, took_ms, points)", entries)
	insertRows(t, d, tx, "weeks (guild, user_id, week, points, solves)", weekRows)
	insertRows(t, d, tx, "players (guild, user_id, solved, streak, streak_end, best)", playerRows)
	must(t, tx.Commit())
}

// insertRows inserts rows into table (with its column list) 200 at a time.
func insertRows(t testing.TB, d *DB, tx *sql.Tx, table string, rows [][]any) {
	t.Helper()
	for len(rows) > 0 {
		batch := rows[:min(200, len(rows))]
		rows = rows[len(batch):]
		one := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(batch[0])), ", ") + ")"
		var args []any
		for _, r := range batch {
			args = append(args, r...)
		}
		query := "INSERT INTO " + table + " VALUES " + strings.TrimSuffix(strings.Repeat(one+", ", len(batch)), ", ")
		_, err := tx.ExecContext(context.Background(), d.q(query), args...)
		must(t, err)
	}
}

func TestLeaderboardOverTenThousandPlayers(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		d, ctx := open(), context.Background()
		const players, last = 10_000, 60
		fill(t, d, "big", players, last-6, last)
		fill(t, d, "other", 50, last-6, last)
		for _, p := range []daily.Period{daily.PeriodToday, daily.PeriodWeek, daily.PeriodAll} {
			me := fmt.Sprintf("9%017d", 4321)
			b, err := d.Leaderboard(ctx, "big", me, p, last, daily.TopRows)
			must(t, err)
			if len(b.Top) != daily.TopRows || b.Own == nil {
				t.Fatalf("period %d: %d rows, own %v", p, len(b.Top), b.Own)
			}
			all, err := d.Leaderboard(ctx, "big", me, p, last, players)
			must(t, err)
			want := slices.IndexFunc(all.Top, func(r daily.Row) bool { return r.User == me }) + 1
			if b.Own.Rank != want || !slices.Equal(b.Top, all.Top[:daily.TopRows]) {
				t.Errorf("period %d: own rank %d, want %d from the full board", p, b.Own.Rank, want)
			}
			for k := 1; k < len(all.Top); k++ {
				if better(p, all.Top[k], all.Top[k-1]) {
					t.Fatalf("period %d: row %d %+v ranks below %+v", p, k, all.Top[k], all.Top[k-1])
				}
			}
		}
	})
}

// better reports whether a should rank above b.
func better(p daily.Period, a, b daily.Row) bool {
	if p == daily.PeriodToday {
		return a.Value < b.Value
	}
	return a.Value > b.Value
}

// BenchmarkLeaderboard times each board over 10,000 players and prints
// p50 and p99.
func BenchmarkLeaderboard(b *testing.B) {
	benchStores(b, func(b *testing.B, d *DB) {
		fill(b, d, "big", 10_000, 54, 60)
		for _, p := range []daily.Period{daily.PeriodToday, daily.PeriodWeek, daily.PeriodAll} {
			b.Run([]string{"today", "week", "all"}[p], func(b *testing.B) {
				lat := make([]time.Duration, 0, b.N)
				for k := 0; k < b.N; k++ {
					start := time.Now()
					if _, err := d.Leaderboard(context.Background(), "big", fmt.Sprintf("9%017d", k%10_000), p, 60, 10); err != nil {
						b.Fatal(err)
					}
					lat = append(lat, time.Since(start))
				}
				report(b, lat)
			})
		}
	})
}

// BenchmarkSubmissionBurst sends 1,000 correct submissions from 1,000
// players through daily.Service.Submit (server lookup, answer check, entry
// read, and the recording transaction), 8 or 32 at a time, and prints p50
// and p99 per submission.
func BenchmarkSubmissionBurst(b *testing.B) {
	benchStores(b, func(b *testing.B, d *DB) {
		svc := daily.New(d, nil)
		svc.Now = func() time.Time { return t0 }
		n := daily.DayOf(t0, time.UTC)
		p, err := svc.Puzzle(context.Background(), n)
		if err != nil {
			b.Fatal(err)
		}
		for _, inflight := range []int{8, 32} {
			b.Run(fmt.Sprintf("inflight-%d", inflight), func(b *testing.B) {
				for k := 0; k < b.N; k++ {
					report(b, burst(b, svc, p, fmt.Sprintf("%d-%d-%d-", inflight, k, time.Now().UnixNano()), inflight))
				}
			})
		}
	})
}

func burst(b *testing.B, svc *daily.Service, p daily.Puzzle, prefix string, inflight int) []time.Duration {
	lat := make([]time.Duration, 1000)
	var wg sync.WaitGroup
	sem := make(chan struct{}, inflight)
	for u := range lat {
		wg.Add(1)
		sem <- struct{}{}
		go func(u int) {
			defer func() { <-sem; wg.Done() }()
			start := time.Now()
			out, err := svc.Submit(context.Background(), "g", prefix+fmt.Sprint(u), 0, p.Solution, daily.Aids{})
			lat[u] = time.Since(start)
			if err != nil || out.Verdict != daily.Correct {
				b.Errorf("Submit = %v, %v", out.Verdict, err)
			}
		}(u)
	}
	wg.Wait()
	return lat
}

func benchStores(b *testing.B, f func(b *testing.B, d *DB)) {
	b.Run("sqlite", func(b *testing.B) { f(b, mustOpen(b, b.TempDir()+"/bench.db")) })
	b.Run("postgres", func(b *testing.B) { f(b, mustOpen(b, storetest.PostgresURL(b))) })
}

func report(b *testing.B, lat []time.Duration) {
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
}
