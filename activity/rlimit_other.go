//go:build !unix

package activity

// DefaultMaxSockets returns the sockets' cap when the configuration gives
// none: 10,000 where the descriptor limit cannot be read.
func DefaultMaxSockets() int { return ceilingSockets }
