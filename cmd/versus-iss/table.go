package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
)

// side is one solver's answers on one puzzle over the rounds.
type side struct {
	// Read is false when the solver could not take the puzzle at all.
	Read bool
	// Verdict is "0", "1", "2+", or "timeout": the first wrong round's,
	// else the last round's.
	Verdict string
	// Why says why it was not read.
	Why string
	// Times are the rounds' times to decide.
	Times []time.Duration
}

// median returns the median of the rounds' times.
func (s side) median() time.Duration {
	t := slices.Clone(s.Times)
	slices.Sort(t)
	if len(t) == 0 {
		return 0
	}
	return t[len(t)/2]
}

// result is one puzzle and both solvers' answers.
type result struct {
	Name      string
	Types     []string
	Solutions string // the true count: "0", "1" or "2+"
	Ours, ISS side
}

// line is one row of the table: one type, or all puzzles.
type line struct {
	Type              string
	Puzzles           int
	Read, Right, Over [2]int
	Median, P90       [2]time.Duration
	times             [2][]time.Duration
}

// overLimit is the time past which a puzzle is counted as slow.
const overLimit = time.Second

// buildTable returns a line per type, sorted by puzzles (most first) then
// name, and a last line "all". A puzzle counts in each of its types;
// times are each read puzzle's median over the rounds.
func buildTable(rs []result) []line {
	by := map[string]*line{}
	all := &line{Type: "all"}
	for _, r := range rs {
		all.add(r)
		for _, t := range r.Types {
			if by[t] == nil {
				by[t] = &line{Type: t}
			}
			by[t].add(r)
		}
	}
	var out []line
	for _, l := range by {
		out = append(out, l.done())
	}
	slices.SortFunc(out, func(a, b line) int {
		if a.Puzzles != b.Puzzles {
			return b.Puzzles - a.Puzzles
		}
		return strings.Compare(a.Type, b.Type)
	})
	return append(out, all.done())
}

// add counts one puzzle into the line.
func (l *line) add(r result) {
	l.Puzzles++
	for i, s := range [2]side{r.Ours, r.ISS} {
		if !s.Read {
			continue
		}
		l.Read[i]++
		if s.Verdict == r.Solutions {
			l.Right[i]++
		}
		m := s.median()
		if m > overLimit {
			l.Over[i]++
		}
		l.times[i] = append(l.times[i], m)
	}
}

// done returns the line with its median and p90 (nearest rank).
func (l *line) done() line {
	for i, t := range l.times {
		slices.Sort(t)
		if len(t) == 0 {
			continue
		}
		l.Median[i] = t[(len(t)-1)/2]
		l.P90[i] = t[(len(t)*9+9)/10-1]
	}
	return *l
}

// ms returns a duration in milliseconds with one decimal.
func ms(d time.Duration) string {
	return fmt.Sprintf("%.1f", float64(d.Microseconds())/1000)
}

// printTable writes the table, "ours / ISS" in each column.
func printTable(w io.Writer, ls []line) {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "type\tpuzzles\tread\tright\tmedian ms\tp90 ms\tover 1 s\t")
	for _, l := range ls {
		fmt.Fprintf(tw, "%s\t%d\t%d / %d\t%d / %d\t%s / %s\t%s / %s\t%d / %d\t\n", l.Type, l.Puzzles,
			l.Read[0], l.Read[1], l.Right[0], l.Right[1], ms(l.Median[0]), ms(l.Median[1]),
			ms(l.P90[0]), ms(l.P90[1]), l.Over[0], l.Over[1])
	}
	tw.Flush()
}

// printNotes lists the puzzles either solver read not, got wrong, or
// took over 1 s on (median), with both answers.
func printNotes(w io.Writer, rs []result) {
	for _, r := range rs {
		var why []string
		for i, s := range [2]side{r.Ours, r.ISS} {
			who := [2]string{"ours", "ISS"}[i]
			switch {
			case !s.Read:
				why = append(why, who+" not read: "+s.Why)
			case s.Verdict != r.Solutions:
				why = append(why, fmt.Sprintf("%s said %s", who, s.Verdict))
			}
			if s.Read && s.median() > overLimit {
				why = append(why, fmt.Sprintf("%s over 1 s", who))
			}
		}
		if len(why) > 0 {
			fmt.Fprintf(w, "%s [%s] (%s): %s / %s ms: %s\n", r.Name, strings.Join(r.Types, ","), r.Solutions,
				ms(r.Ours.median()), ms(r.ISS.median()), strings.Join(why, "; "))
		}
	}
}
