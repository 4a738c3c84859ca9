package variant

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
)

// shareAfter is how many nodes a search runs alone before it starts
// other workers: three puzzles in four of the shared set are decided
// sooner, and pay nothing for the cores. The first 1,024 nodes take some
// 25 ms, building and starting a worker's engine 0.6 ms (2.3 ms at most
// on the shared set), which a search that ends meanwhile waits for.
// Tests lower it to share small searches.
var shareAfter int64 = 1024

// branch is the first branch a depth of walk took: cell c narrowed to
// m. given is set when its other branch, c without m, went to a pool.
type branch struct {
	c     int32
	m     uint32
	given bool
}

// task is a subproblem a worker gave away: the candidates of a depth it
// had saved (a state propagated to its end), the branch still to try
// from it (cell c narrowed to m), and the giver's weights then.
type task struct {
	cand   []uint32
	weight []int
	c      int
	m      uint32
}

// tally counts the solutions of one Solve, whoever finds them.
type tally struct {
	mu    sync.Mutex
	limit int
	res   *Result
}

// found records solution g unless the limit is reached, and reports
// whether the search should go on.
func (t *tally) found(g []int) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.res.Count >= t.limit {
		return false
	}
	t.res.Count++
	t.res.Solutions = append(t.res.Solutions, g)
	return t.res.Count < t.limit
}

// pool is one search shared by several workers, each with its own
// engine (the props' caches are not shared). A busy worker gives the
// untried branch of its shallowest open depth to a worker that waits
// (see donate), so the two branches of every split stay disjoint and
// every solution is found once. The search ends when the limit is
// reached, at ctx's deadline, or when every worker waits with no task
// left.
type pool struct {
	ctx      context.Context
	p        Puzzle
	found    func([]int) bool
	mu       sync.Mutex
	wake     sync.Cond // signalled on a new task and when the search ends
	tasks    []task
	workers  int          // the workers ready: the first and the helpers built
	waiting  int          // of them, those waiting for a task
	hungry   atomic.Int32 // waiting beyond the tasks queued: walk gives while it is above 0
	done     atomic.Bool
	timedOut atomic.Bool // a worker saw ctx's deadline
	nodes    int64       // the helpers' nodes, added as they end
	wg       sync.WaitGroup
}

// newPool returns the pool of a search of p, with its first worker.
func newPool(ctx context.Context, p Puzzle, found func([]int) bool) *pool {
	q := &pool{ctx: ctx, p: p, found: found, workers: 1}
	q.wake.L = &q.mu
	return q
}

// poll reports whether the walk must stop: at ctx's deadline or when
// the pool's search has ended. After shareAfter nodes it starts the
// helpers of a parallel search.
func (e *engine) poll() bool {
	q := e.pool
	if q == nil {
		return e.ctx.Err() != nil
	}
	if e.helpers > 0 && e.nodes >= shareAfter {
		q.wg.Add(e.helpers)
		for range e.helpers {
			go q.help()
		}
		e.helpers = -1 // started
	}
	if e.ctx.Err() != nil {
		q.timedOut.Store(true)
		return true
	}
	return q.done.Load()
}

// started reports whether e's pool has helpers.
func (e *engine) started() bool { return e.pool != nil && e.helpers < 0 }

// join makes e, the first worker, whose own walk returned more, work
// for the pool until the search ends, waits for the helpers, and returns
// the nodes of all and whether the deadline stopped the search.
func (q *pool) join(e *engine, more bool) (nodes int64, timedOut bool) {
	if more {
		q.work(e)
	} else {
		q.halt()
	}
	q.wg.Wait()
	return e.nodes + q.nodes, q.timedOut.Load()
}

// help is a helper's life: build an engine, work, add its nodes.
func (q *pool) help() {
	defer q.wg.Done()
	if q.done.Load() {
		return
	}
	e, err := newEngine(q.ctx, q.p)
	if err != nil || !e.start() {
		return // the first worker built and started the same puzzle
	}
	e.pool, e.helpers = q, -1
	q.mu.Lock()
	q.workers++
	q.mu.Unlock()
	q.work(e)
	q.mu.Lock()
	q.nodes += e.nodes
	q.mu.Unlock()
}

// work walks the pool's tasks on e until the search ends.
func (q *pool) work(e *engine) {
	for {
		t, ok := q.take()
		if !ok {
			return
		}
		copy(e.cand, t.cand)
		copy(e.weight, t.weight)
		e.recount()
		if e.try(t.c, t.m) && !e.search(q.found) {
			q.halt()
			return
		}
	}
}

// take waits for a task and returns it; false when the search has
// ended. The last worker to wait, with no task queued, ends it.
func (q *pool) take() (task, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.waiting++
	for len(q.tasks) == 0 && !q.done.Load() {
		if q.waiting == q.workers {
			q.done.Store(true)
			q.wake.Broadcast()
			break
		}
		q.feed()
		q.wake.Wait()
	}
	q.waiting--
	if q.done.Load() {
		q.feed()
		return task{}, false
	}
	t := q.tasks[0]
	q.tasks = q.tasks[1:]
	q.feed()
	return t, true
}

// feed sets hungry from the workers waiting and the tasks queued; q.mu
// is held.
func (q *pool) feed() {
	q.hungry.Store(int32(max(q.waiting-len(q.tasks), 0)))
}

// halt ends the search and wakes the workers waiting.
func (q *pool) halt() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.done.Store(true)
	q.feed()
	q.wake.Broadcast()
}

// donate gives the untried branches of e's open depths above depth,
// shallowest first (the largest subtrees, as a rule), to the workers
// waiting; walk returns from a depth given once its first branch is
// done.
func (e *engine) donate(depth int) {
	if !slices.ContainsFunc(e.branches[:depth], func(b branch) bool { return !b.given }) {
		return // nothing to give: no lock taken a node while others wait
	}
	q := e.pool
	q.mu.Lock()
	defer q.mu.Unlock()
	for k := 0; k < depth && q.waiting > len(q.tasks) && !q.done.Load(); k++ {
		b := &e.branches[k]
		if b.given {
			continue
		}
		b.given = true
		saved := e.stack[k]
		q.tasks = append(q.tasks, task{
			cand:   slices.Clone(saved),
			weight: slices.Clone(e.weight),
			c:      int(b.c),
			m:      saved[b.c] &^ b.m,
		})
		q.wake.Signal()
	}
	q.feed()
}
