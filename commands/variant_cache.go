package commands

import (
	"sync"

	"github.com/sudokubot/sudokubot/variant"
)

// answers keeps what the search learned of the last puzzles asked about
// by link, by the link's key: pressing Show solution or True candidates
// under a reply does not search again what the reply's search found
// (a hard puzzle takes seconds). Kept in memory only: after a restart,
// or on another process, a button searches again.
type answers struct {
	mu    sync.Mutex
	max   int
	order []string // keys, oldest first
	byKey map[string]*answer
}

// answer is what is known of one puzzle: a decided verdict, and its true
// candidates once found in full.
type answer struct {
	verdict    *variant.Verdict
	candidates []uint32
}

func newAnswers(max int) *answers { return &answers{max: max, byKey: map[string]*answer{}} }

// get returns what is known of key (a copy), and whether anything is.
func (a *answers) get(key string) (answer, bool) {
	if a == nil {
		return answer{}, false
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	got, ok := a.byKey[key]
	if !ok {
		return answer{}, false
	}
	return *got, true
}

// keep records what change adds to key's answer, forgetting the oldest
// puzzle past max.
func (a *answers) keep(key string, change func(*answer)) {
	if a == nil || key == "" {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	got, ok := a.byKey[key]
	if !ok {
		got = &answer{}
		a.byKey[key] = got
		a.order = append(a.order, key)
		if len(a.order) > a.max {
			delete(a.byKey, a.order[0])
			a.order = a.order[1:]
		}
	}
	change(got)
}
