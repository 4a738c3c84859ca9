package app

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// benchPuzzles rotate through the load, so images are not all alike.
var benchPuzzles = []string{
	classic,
	"..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
	"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
	"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
}

// BenchmarkSolveWithImage drives /solve (image replies) through the fake
// Discord and reports dispatch-to-first-callback and dispatch-to-final-reply
// times (p50, p99, in ms), at a steady 200 interactions per second for 3 s
// and in a burst of 500 sent at once, and the peak resident memory of the
// process, which holds the fake Discord too.
func BenchmarkSolveWithImage(b *testing.B) {
	h := start(b, func(m *Main) { m.Options.RateBurst = 1000 })
	h.fake.SkipSpecCheck()
	b.Run("steady-200/s", func(b *testing.B) {
		for b.Loop() {
			report(b, h, drive(b, h, 600, 5*time.Millisecond))
		}
	})
	b.Run("burst-500", func(b *testing.B) {
		for b.Loop() {
			report(b, h, drive(b, h, 500, 0))
		}
	})
}

// BenchmarkImageOverHTTP is BenchmarkSolveWithImage's steady load over the
// HTTP interactions endpoint, where the response defers, as JSON, and the
// image travels in the edit over REST (the only documented path for it).
func BenchmarkImageOverHTTP(b *testing.B) {
	h := start(b, func(m *Main) { m.Options.RateBurst, m.Options.InteractionsAddr = 1000, "127.0.0.1:0" })
	h.fake.SkipSpecCheck()
	rest := func() int { return h.fake.Requests("callback") + h.fake.Requests("edit") }
	for b.Loop() {
		before := rest()
		rs := drive(b, h, 600, 5*time.Millisecond)
		b.ReportMetric(float64(rest()-before)/float64(len(rs)), "REST-calls/reply")
		report(b, h, rs)
	}
}

// drive sends n /solve interactions, one every gap (all at once for 0),
// each from its own user, and waits for every reply.
func drive(b *testing.B, h *harness, n int, gap time.Duration) []discordtest.Reply {
	ids := make([]string, n)
	tick := time.Now()
	for k := range ids {
		u := discordtest.User{ID: strconv.Itoa(1000000 + k), Name: "load"}
		ids[k] = h.fake.Send(discordtest.SlashCommand(guild, u, "solve", map[string]any{"puzzle": benchPuzzles[k%len(benchPuzzles)]}))
		if gap > 0 {
			tick = tick.Add(gap)
			time.Sleep(time.Until(tick))
		}
	}
	replies := make([]discordtest.Reply, n)
	for k, id := range ids {
		r, ok := h.fake.Reply(id, time.Minute)
		if !ok || len(r.Final.Files) != 1 {
			b.Fatalf("interaction %d of %d not answered with an image", k+1, n)
		}
		replies[k] = r
	}
	return replies
}

func report(b *testing.B, h *harness, rs []discordtest.Reply) {
	first := make([]time.Duration, len(rs))
	final := make([]time.Duration, len(rs))
	for k, r := range rs {
		first[k], final[k] = r.First, r.Done
	}
	ms := func(ds []time.Duration, q float64) float64 {
		slices.Sort(ds)
		return float64(ds[int(q*float64(len(ds)-1))]) / float64(time.Millisecond)
	}
	b.ReportMetric(ms(first, 0.5), "first-p50-ms")
	b.ReportMetric(ms(first, 0.99), "first-p99-ms")
	b.ReportMetric(ms(final, 0.5), "final-p50-ms")
	b.ReportMetric(ms(final, 0.99), "final-p99-ms")
	b.ReportMetric(peakRSSMB(), "peak-RSS-MB")
	if v := h.fake.Violations(); len(v) > 0 {
		b.Fatalf("Discord rules broken under load: %v", v[:min(len(v), 5)])
	}
	h.fake.Forget() // the fake's record of old replies is not the bot's memory
}

// peakRSSMB reads the process's peak resident set (VmHWM) on Linux.
func peakRSSMB() float64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmHWM:" {
			kb, _ := strconv.ParseFloat(f[1], 64)
			return kb / 1024
		}
	}
	return 0
}

// BenchmarkTaps plays 10 boards at once through the fake Discord, each
// tapped 5 times a second (50 taps a second in all) for 3 s: box, cell,
// digit, again and again. It reports each tap's time from sending to the
// updated board (load, apply, save, draw, answer), p50 and p99 in ms, on
// SQLite and, with TEST_DATABASE_URL, PostgreSQL.
func BenchmarkTaps(b *testing.B) {
	for _, engine := range []string{"sqlite", "postgres"} {
		b.Run(engine, func(b *testing.B) {
			dsn := b.TempDir() + "/taps.db"
			if engine == "postgres" {
				dsn = storetest.PostgresURL(b)
			}
			st, err := store.Open(context.Background(), dsn)
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { st.Close() })
			h := startWith(b, st, func(m *Main) { m.Options.RateBurst, m.Options.Schedule = 1000, nil })
			h.fake.SkipSpecCheck() // the e2e tests check the bodies; this measures the bot
			for b.Loop() {
				lat := tapPlayers(b, h, 10, 15, 200*time.Millisecond)
				slices.Sort(lat)
				ms := func(q float64) float64 { return float64(lat[int(q*float64(len(lat)-1))]) / float64(time.Millisecond) }
				b.ReportMetric(ms(0.5), "tap-p50-ms")
				b.ReportMetric(ms(0.99), "tap-p99-ms")
				b.ReportMetric(float64(len(lat)), "taps")
			}
		})
	}
}

// tapPlayers opens a 9×9 board for each of n players and taps each taps
// times, every gap; it returns every tap's latency.
func tapPlayers(b *testing.B, h *harness, n, taps int, gap time.Duration) []time.Duration {
	var mu sync.Mutex
	var lat []time.Duration
	var wg sync.WaitGroup
	start := time.Now().Add(time.Second) // after the boards are open
	for p := 0; p < n; p++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			u := discordtest.User{ID: strconv.Itoa(3000000 + p), Name: "tapper"}
			r, ok := h.fake.Reply(h.fake.Send(discordtest.SlashCommand(guild, u, "play", map[string]any{"puzzle": benchPuzzles[p%len(benchPuzzles)]})), time.Minute)
			if !ok || len(r.Final.Buttons) == 0 {
				b.Errorf("player %d: no board", p)
				return
			}
			id, msg := r.Final.Buttons[0], r.Final
			// Players tap out of step, each a gap apart, their phases spread
			// over it: 50 taps a second arrive evenly, as players' taps do,
			// rather than ten at the same instant.
			tick := start.Add(time.Duration(p) * gap / time.Duration(n))
			time.Sleep(time.Until(tick))
			for k := 0; k < taps; k++ {
				parts := strings.SplitN(id, ":", 4)
				control := []string{fmt.Sprintf("b%d", k/3%9+1), fmt.Sprintf("c%d", k/3%9+1), fmt.Sprintf("d%d", k%9+1)}[k%3]
				r, ok := h.fake.Reply(h.fake.Send(discordtest.At(discordtest.Button(guild, u, strings.Join(append(parts[:3], control), ":")), msg)), time.Minute)
				if !ok || len(r.Final.Buttons) == 0 {
					b.Errorf("player %d tap %d: no board back", p, k)
					return
				}
				mu.Lock()
				lat = append(lat, r.Done)
				mu.Unlock()
				id, msg = r.Final.Buttons[0], r.Final
				tick = tick.Add(gap)
				time.Sleep(time.Until(tick))
			}
		}()
	}
	wg.Wait()
	return lat
}
