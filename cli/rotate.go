package cli

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/config"
	"github.com/sudokubot/sudokubot/store"
)

// rotateCmd makes a new session key for the big board in the database
// (DATABASE_URL): it signs from then on, on every process within a
// minute; sessions signed with the one before stay good until the next
// rotation. With ACTIVITY_SESSION_KEY set, the configuration's key signs
// instead, and it says so.
func rotateCmd(cfg config.Config, _ []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(cfg.SessionKeys) > 0 {
		fmt.Fprintln(stderr, "sudokubot: ACTIVITY_SESSION_KEY is set, so the database's key is not used: to rotate, set a new\n"+
			"  ACTIVITY_SESSION_KEY and move the old one to ACTIVITY_SESSION_KEY_PREVIOUS for 12 hours")
		return ExitInvalid
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	st, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		fmt.Fprintf(stderr, "sudokubot: cannot open the %s database: %v\n", dbKind(cfg.DatabaseURL), err)
		return ExitNoGood
	}
	defer st.Close()
	if err := st.RotateSessionKey(ctx); err != nil {
		fmt.Fprintf(stderr, "sudokubot: the session key was not rotated: %v\n", err)
		return ExitNoGood
	}
	fmt.Fprintln(stdout, "a new session key signs the big board's sessions (every process takes it within a minute);\n"+
		"sessions signed with the previous key stay good until the next rotation, older ones have ended")
	return ExitOK
}

// dbKind names the database a DATABASE_URL points at.
func dbKind(url string) string {
	if strings.HasPrefix(url, "postgres") {
		return "postgres"
	}
	return "sqlite"
}
