package bot

import (
	"container/list"
	"time"
)

// answers are SudokuPad's answers kept by id, least recently used first
// out: at most max of them and maxBytes of answer, each until its time is
// up. An unknown id is kept as its error. The SudokuPad client's lock
// guards it.
type answers struct {
	max, maxBytes, bytes int
	order                *list.List // of *answer, the most recently used in front
	byID                 map[string]*list.Element
}

// answer is one id's answer: a body, or the error that is the answer
// (variant.ErrUnknownID).
type answer struct {
	id, body string
	err      error
	until    time.Time
}

func newAnswers(max, maxBytes int) *answers {
	return &answers{max: max, maxBytes: maxBytes, order: list.New(), byID: map[string]*list.Element{}}
}

// get returns id's answer while it is kept at now, and false when there
// is none.
func (a *answers) get(id string, now time.Time) (answer, bool) {
	e := a.byID[id]
	if e == nil {
		return answer{}, false
	}
	got := e.Value.(*answer)
	if !now.Before(got.until) {
		a.remove(e)
		return answer{}, false
	}
	a.order.MoveToFront(e)
	return *got, true
}

// put keeps id's answer until then, forgetting the least recently used
// past the bounds. An answer larger than all of them is not kept.
func (a *answers) put(id, body string, err error, until time.Time) {
	if e := a.byID[id]; e != nil {
		a.remove(e)
	}
	if len(body) > a.maxBytes {
		return
	}
	a.byID[id] = a.order.PushFront(&answer{id: id, body: body, err: err, until: until})
	a.bytes += len(body)
	for a.order.Len() > a.max || a.bytes > a.maxBytes {
		a.remove(a.order.Back())
	}
}

func (a *answers) remove(e *list.Element) {
	got := a.order.Remove(e).(*answer)
	delete(a.byID, got.id)
	a.bytes -= len(got.body)
}
