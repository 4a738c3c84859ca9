//go:build unix

package activity

import "syscall"

// DefaultMaxSockets returns the sockets' cap when the configuration gives
// none: half the descriptors the process may open, less 256 kept for the
// rest of it (the ops endpoint, the database, files), between 64 and
// 10,000. At Linux's usual 1,024 that is 384.
func DefaultMaxSockets() int {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil || lim.Cur > 1<<30 {
		return ceilingSockets
	}
	return min(ceilingSockets, max(64, (int(lim.Cur)-256)/2))
}
