package loadtest

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
)

// load drives the phases, kills a process when asked, then checks what
// the database and the fake Discord hold.
func (r *run) load(ctx context.Context) (*Report, error) {
	rep := &Report{Processes: r.c.Processes, Guilds: r.c.Guilds}
	var err error
	if r.taps, err = openTaps(ctx, r.fake, r.mix, tappersFor(r.c)); err != nil {
		return rep, err
	}
	fmt.Fprintf(r.c.Progress, "%d players have a board open\n", len(r.taps.players))
	var setups sync.WaitGroup
	setups.Go(func() { r.setUpDuring(ctx, r.c.Warmup+r.c.Steady+r.c.Burst) })
	fmt.Fprintf(r.c.Progress, "warm-up: %d/s for %v\n", r.c.Rate/2, r.c.Warmup)
	warm, warmTook := r.drive(ctx, 0, r.c.Rate/2, r.c.Warmup)
	fmt.Fprintf(r.c.Progress, "steady: %d/s for %v\n", r.c.Rate, r.c.Steady)
	steady, steadyTook := r.drive(ctx, len(warm), r.c.Rate, r.c.Steady)
	fmt.Fprintf(r.c.Progress, "burst: %d/s for %v%s\n", r.c.BurstRate, r.c.Burst, map[bool]string{true: ", killing one process halfway"}[r.c.Kill])
	if r.c.Kill {
		time.AfterFunc(r.c.Burst/2, func() { r.procs[0].kill(); fmt.Fprintln(r.c.Progress, "killed bot process 0") })
		rep.Killed = true
	}
	burst, burstTook := r.drive(ctx, len(warm)+len(steady), r.c.BurstRate, r.c.Burst)
	setups.Wait()
	rep.Phases = append(rep.Phases, r.collect("warm-up", r.c.Rate/2, warm, warmTook),
		r.collect("steady", r.c.Rate, steady, steadyTook), r.collect("burst", r.c.BurstRate, burst, burstTook))
	if err := r.checkSubmissions(ctx, rep, slices.Concat(warm, steady, burst)); err != nil {
		return rep, err
	}
	if err := r.taps.check(ctx, r.st, rep); err != nil {
		return rep, err
	}
	r.checkPosts(rep)
	for n, p := range r.procs {
		if err := p.stop(); err != nil { // SIGTERM: it should finish its work and exit 0
			rep.Unclean = append(rep.Unclean, fmt.Sprintf("bot process %d: %v", n, err))
		}
	}
	rep.Violations = r.fake.Violations()
	return rep, nil
}

// drive sends interactions at rate for d, numbered from first, or until
// ctx ends.
func (r *run) drive(ctx context.Context, first, rate int, d time.Duration) ([]sent, time.Duration) {
	n := int(d.Seconds() * float64(rate))
	out := make([]sent, 0, n)
	start := time.Now()
	for k := range n {
		if ctx.Err() != nil {
			break
		}
		if wait := time.Until(start.Add(time.Duration(k) * time.Second / time.Duration(rate))); wait > 0 {
			time.Sleep(wait)
		}
		payload, s := r.mix.at(first + k)
		if s.kind == boardTap {
			payload, s = r.taps.tap(s)
		}
		s.id = r.fake.Send(payload)
		if s.kind == boardTap {
			r.taps.sent(s)
		}
		out = append(out, s)
	}
	return out, time.Since(start)
}

// setUpDuring turns on the other half of the servers' posts over the
// run, so posts are being made when the process is killed.
func (r *run) setUpDuring(ctx context.Context, d time.Duration) {
	late := r.mix.guilds[r.c.Guilds/2:]
	if len(late) == 0 {
		return
	}
	gap := d / time.Duration(len(late))
	for _, g := range late {
		select {
		case <-ctx.Done():
			return
		case <-time.After(gap):
		}
		if err := r.setUp(ctx, []string{g}); err != nil {
			fmt.Fprintf(r.c.Progress, "setting up a server failed: %v\n", err)
		}
	}
}

// collect waits for the phase's replies and measures them.
func (r *run) collect(name string, rate int, ss []sent, took time.Duration) Phase {
	p := Phase{Name: name, Rate: rate, Sent: len(ss), Took: took}
	deadline := time.Now().Add(10 * time.Second)
	var lat []time.Duration
	var byKind [kinds][]time.Duration
	for k := range ss {
		reply, done := r.fake.Reply(ss[k].id, max(time.Until(deadline), time.Millisecond))
		switch {
		case !done:
			p.Unfinished++
		case reply.Err != "" || reply.Status != 200:
			p.Failed++
			p.addError(reply.Status, reply.Err)
		default:
			p.OK++
			lat = append(lat, reply.Done)
			byKind[ss[k].kind] = append(byKind[ss[k].kind], reply.Done)
			if len(reply.Final.Files) > 0 {
				p.PNG++
			}
			ss[k].acked = strings.Contains(reply.Final.Content, "**Correct!**")
		}
	}
	p.P50, p.P99, p.Max = percentiles(lat)
	for k := range byKind {
		p.P50ByKind[k], p.P99ByKind[k], _ = percentiles(byKind[k])
	}
	return p
}

// checkSubmissions looks up every acknowledged daily submission.
func (r *run) checkSubmissions(ctx context.Context, rep *Report, ss []sent) error {
	for _, s := range ss {
		if s.kind != dailySubmit {
			continue
		}
		if s.rightAnswer && !s.acked {
			rep.RightNotAcked++
		}
		if !s.acked {
			continue
		}
		rep.Acked++
		e, ok, err := r.st.Entry(ctx, s.guild, s.user, r.today)
		if err != nil {
			return fmt.Errorf("loadtest: read an entry: %w", err)
		}
		if !ok || e.Solved.IsZero() {
			rep.Lost++
		}
	}
	return nil
}

// checkPosts waits for the posts to settle and counts them per channel.
func (r *run) checkPosts(rep *Report) {
	count := func() map[string]int {
		by := map[string]int{}
		for _, m := range r.fake.Messages() {
			if strings.Contains(m.Content, fmt.Sprintf("Daily #%d", r.today)) {
				by[m.ChannelID]++
			}
		}
		return by
	}
	by := count()
	for settle := time.Now().Add(5 * time.Second); len(by) < r.c.Guilds && time.Now().Before(settle); by = count() {
		time.Sleep(200 * time.Millisecond)
	}
	for _, n := range by {
		rep.Posted++
		rep.Duplicates += n - 1
	}
}

// percentiles returns the median, 99th percentile and maximum of ds.
func percentiles(ds []time.Duration) (p50, p99, most time.Duration) {
	if len(ds) == 0 {
		return 0, 0, 0
	}
	slices.Sort(ds)
	return ds[len(ds)/2], ds[len(ds)*99/100], ds[len(ds)-1]
}
