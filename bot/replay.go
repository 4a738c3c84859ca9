package bot

import (
	"sync"
	"time"
)

// seenIDs remembers the interaction ids answered over HTTP for at least
// signatureWindow, so a captured request sent again while its timestamp is
// still accepted is refused: the timestamp check stops replays after the
// window, this one within it. Two generations of ids are kept and the
// older dropped every window: at 1,000 interactions a second that is
// about 600,000 ids, some 15 MB.
type seenIDs struct {
	mu        sync.Mutex
	cur, prev map[uint64]struct{}
	rotated   time.Time
}

// first records id and reports whether it was not seen before.
func (s *seenIDs) first(id uint64, now time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur == nil || now.Sub(s.rotated) >= signatureWindow {
		s.prev, s.cur, s.rotated = s.cur, make(map[uint64]struct{}, len(s.cur)), now
	}
	if _, ok := s.cur[id]; ok {
		return false
	}
	if _, ok := s.prev[id]; ok {
		return false
	}
	s.cur[id] = struct{}{}
	return true
}
