package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/variant"
)

// puzzle is one row made ready for both solvers.
type puzzle struct {
	row
	ours    *variant.Puzzle // nil when we do not read it
	iss     string          // ISS's constraint string; "" when not translated
	oursErr error
	issErr  error
}

// prepare reads a row for us (ParseLink, Decode) and for ISS (toISS on
// the link's f-puzzles JSON, read by ParseLink: a link we cannot parse is
// given to neither).
func prepare(r row) puzzle {
	p := puzzle{row: r}
	l, err := variant.ParseLink(r.link)
	if err != nil {
		p.oursErr, p.issErr = err, err
		return p
	}
	p.ours, p.oursErr = variant.Decode(l)
	p.iss, p.issErr = toISS(l.Data())
	return p
}

// measure judges every row with both solvers, o.rounds times, ours then
// ISS on each puzzle, and returns the results.
func measure(o options, rows []row, log io.Writer) ([]result, error) {
	ps := make([]puzzle, len(rows))
	rs := make([]result, len(rows))
	for i, r := range rows {
		ps[i] = prepare(r)
		rs[i] = result{Name: r.name, Types: strings.Split(r.types, ","), Solutions: r.solutions}
		rs[i].Ours.Read, rs[i].Ours.Why = ps[i].oursErr == nil, errText(ps[i].oursErr)
		rs[i].ISS.Read, rs[i].ISS.Why = ps[i].issErr == nil, errText(ps[i].issErr)
	}
	s, err := startISS(o.node, o.iss)
	if err != nil {
		return nil, err
	}
	defer s.close()
	for round := range o.rounds {
		fmt.Fprintf(log, "round %d of %d\n", round+1, o.rounds)
		for i, p := range ps {
			if err := judgeBoth(s, p, &rs[i], o.timeout); err != nil {
				return nil, fmt.Errorf("%s: %w", p.name, err)
			}
		}
	}
	return rs, nil
}

// judgeBoth judges p by us, then by ISS, into r; its error is the
// driver's failing.
func judgeBoth(s *iss, p puzzle, r *result, timeout time.Duration) error {
	if r.Ours.Read {
		var v string
		v, r.Ours.Times = judgeOurs(p.ours, timeout, r.Ours.Times)
		r.Ours.Verdict = keepWrong(r.Ours.Verdict, v, r.Solutions)
	}
	if !r.ISS.Read {
		return nil
	}
	a, err := s.count(p.iss, timeout)
	if err != nil {
		return err
	}
	if a.Error != "" {
		r.ISS.Read, r.ISS.Why = false, a.Error
		return nil
	}
	r.ISS.Verdict = keepWrong(r.ISS.Verdict, countWord(a.Count, a.TimedOut), r.Solutions)
	r.ISS.Times = append(r.ISS.Times, time.Duration(a.MS*float64(time.Millisecond)))
	return nil
}

// judgeOurs runs variant.Judge on p within timeout and returns its
// verdict and times with this run's time appended.
func judgeOurs(p *variant.Puzzle, timeout time.Duration, times []time.Duration) (string, []time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	began := time.Now()
	v, err := variant.Judge(ctx, *p, 2)
	took := time.Since(began)
	switch {
	case err != nil:
		return "error", append(times, took)
	case v.Outcome == variant.GaveUp:
		return "timeout", append(times, took)
	}
	return countWord(v.Result.Count, false), append(times, took)
}

// countWord returns a count as the shared set writes it, or "timeout".
func countWord(n int, timedOut bool) string {
	switch {
	case timedOut || n < 0:
		return "timeout"
	case n >= 2:
		return "2+"
	}
	return fmt.Sprint(n)
}

// errText returns err's text, or "".
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// keepWrong returns a side's verdict after a round that said now: the
// earlier verdict if it was wrong (a solver is right only when every
// round is), else now.
func keepWrong(before, now, want string) string {
	if before != "" && before != want {
		return before
	}
	return now
}
