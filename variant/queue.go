package variant

// queue is a ring of props waiting to run, each at most once (queued
// marks them), so a ring as long as the props never overflows. Its add
// does not branch on whether the prop waits already: the search pushes
// props far more often than it runs them, and that branch is a coin toss.
type queue struct {
	ring       []int32 // its length a power of two, above the number of props
	head, tail int
}

// newQueue returns an empty queue for n props.
func newQueue(n int) queue {
	size := 1
	for size <= n {
		size *= 2
	}
	return queue{ring: make([]int32, size)}
}

// add queues p unless queued marks it, and marks it.
func (q *queue) add(p int32, queued []uint8) {
	q.ring[q.tail&(len(q.ring)-1)] = p
	q.tail += int(1 - queued[p])
	queued[p] = 1
}

// next returns the prop queued first and unmarks it, or -1.
func (q *queue) next(queued []uint8) int32 {
	if q.head == q.tail {
		q.head, q.tail = 0, 0
		return -1
	}
	p := q.ring[q.head&(len(q.ring)-1)]
	q.head++
	queued[p] = 0
	return p
}

// clear empties the queue, unmarking what it held.
func (q *queue) clear(queued []uint8) {
	for q.next(queued) >= 0 {
	}
}
