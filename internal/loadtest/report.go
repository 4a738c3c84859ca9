package loadtest

import (
	"fmt"
	"strings"
	"time"
)

// Phase is what one phase of the run measured. Latency runs from the
// fake sending the interaction to the user's final message: the HTTP
// response, or the edit of a deferred answer.
type Phase struct {
	Name                         string
	Rate                         int // offered, per second
	Sent, OK, Failed, Unfinished int
	PNG                          int // answered replies with an image
	Took                         time.Duration
	P50, P99, Max                time.Duration
	P50ByKind, P99ByKind         [kinds]time.Duration
	Errors                       map[string]int // failed requests by status and reason
}

// Throughput is answered interactions per second of the phase.
func (p Phase) Throughput() float64 { return float64(p.OK) / p.Took.Seconds() }

func (p *Phase) addError(status int, why string) {
	if p.Errors == nil {
		p.Errors = map[string]int{}
	}
	if len(why) > 60 {
		why = why[:60]
	}
	p.Errors[fmt.Sprintf("%d %s", status, why)]++
}

// Report is a run's findings.
type Report struct {
	Processes, Guilds int
	Killed            bool
	Phases            []Phase
	// Acked daily submissions were answered "Correct!"; Lost of them are
	// not in the database. RightNotAcked right answers got no such answer
	// (failed requests, mostly to the killed process).
	Acked, Lost, RightNotAcked int
	// Posted servers got today's daily post; Duplicates extra posts were
	// made. Servers whose post the killed process had claimed wait for its
	// lease to expire (10 minutes) and are not posted within the run.
	Posted, Duplicates int
	// Boards were played by tappers; BoardsLost of them are stored at a
	// move counter below one a reply had shown the player.
	Boards, BoardsLost int
	Violations         []string
	// Unclean lists surviving processes that did not exit 0 on SIGTERM.
	Unclean []string
}

// OK reports whether the run kept its promises: nothing acknowledged was
// lost (submissions, board moves), no post was doubled, the fake saw no protocol violation and the
// surviving processes stopped cleanly.
func (r *Report) OK() bool {
	return r.Lost == 0 && r.Duplicates == 0 && r.BoardsLost == 0 && len(r.Violations) == 0 && len(r.Unclean) == 0
}

// String is the report as the loadtest verb prints it.
func (r *Report) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d bot processes (HTTP interactions) behind a round-robin front, one PostgreSQL\n", r.Processes)
	fmt.Fprintf(&b, "%-7s %7s %7s %7s %7s %10s %6s %9s %9s %9s %10s\n", "phase", "offered", "sent", "ok", "failed", "unfinished",
		"png", "answered", "p50", "p99", "max")
	for _, p := range r.Phases {
		fmt.Fprintf(&b, "%-7s %6d/s %7d %7d %7d %10d %6d %7.0f/s %9s %9s %10s\n", p.Name, p.Rate, p.Sent, p.OK, p.Failed, p.Unfinished,
			p.PNG, p.Throughput(), ms(p.P50), ms(p.P99), ms(p.Max))
		fmt.Fprintf(&b, "        p50/p99 by kind:")
		for k := range p.P99ByKind {
			fmt.Fprintf(&b, " %s %s/%s;", kindNames[k], ms(p.P50ByKind[k]), ms(p.P99ByKind[k]))
		}
		b.WriteString("\n")
		for e, n := range p.Errors {
			fmt.Fprintf(&b, "        %d× %s\n", n, e)
		}
	}
	if r.Killed {
		b.WriteString("one process was killed (SIGKILL) halfway through the burst\n")
	}
	fmt.Fprintf(&b, "daily submissions acknowledged: %d, lost: %d (right answers not acknowledged: %d)\n", r.Acked, r.Lost, r.RightNotAcked)
	fmt.Fprintf(&b, "daily posts: %d of %d servers posted, %d made twice\n", r.Posted, r.Guilds, r.Duplicates)
	fmt.Fprintf(&b, "boards tapped: %d, behind what a reply showed: %d\n", r.Boards, r.BoardsLost)
	for _, u := range r.Unclean {
		fmt.Fprintf(&b, "did not stop cleanly: %s\n", u)
	}
	for _, v := range r.Violations {
		fmt.Fprintf(&b, "Discord rule broken: %s\n", v)
	}
	return b.String()
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }
