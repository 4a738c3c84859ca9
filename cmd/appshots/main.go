// Command appshots makes labelled screenshots of real Sudoku web apps, to
// measure the picture reader on screens it was never developed on. It
// serves an app's built folder on localhost, drives headless Chromium
// (Debian's chromium) through games as a person plays them, and at a few
// moments of each game takes screenshots at phone and desktop sizes (some
// saved as a chat client's scaled JPEG preview). Each picture's labels come
// from the app's page, not from the reader: the givens, the player's
// entries, and which cells hold pencil marks only. It writes the pictures
// and a manifest.tsv in the shared pictures' format to the output folder.
//
//	go run ./cmd/appshots -app super-sudoku -dir /tmp/apps/super-sudoku/dist -out /tmp/shots/super-sudoku
//
// The apps it knows are listed by -list. Their code is not part of this
// repository: each app's folder under picture/testdata/apps says where it
// comes from and how it was built.
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"
)

func main() {
	name := flag.String("app", "", "the app to play (see -list)")
	dir := flag.String("dir", "", "the app's built folder, served as the site's root")
	out := flag.String("out", "", "the folder to write pictures and manifest.tsv to")
	games := flag.Int("games", 6, "games to play")
	first := flag.Int("first", 0, "the app's game number to start at")
	seed := flag.Uint64("seed", 1, "seed of the player's choices")
	version := flag.String("version", "", "the app's version or commit, for the manifest's tags")
	list := flag.Bool("list", false, "list the apps and exit")
	flag.Parse()
	if *list {
		for _, a := range apps {
			fmt.Printf("%s\t%s\n", a.name, a.source)
		}
		return
	}
	if *name == "" || *dir == "" || *out == "" {
		flag.Usage()
		os.Exit(2)
	}
	info, err := findApp(*name)
	if err == nil {
		err = run(context.Background(), info, config{dir: *dir, out: *out, games: *games, first: *first, seed: *seed, version: *version})
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "appshots:", err)
		os.Exit(1)
	}
}

// config is one run's settings.
type config struct {
	dir, out, version string
	games, first      int
	seed              uint64
}

// run plays the games and writes the pictures and the manifest.
func run(ctx context.Context, info appInfo, c config) error {
	if err := os.MkdirAll(c.out, 0o755); err != nil {
		return err
	}
	base, stop, err := serve(c.dir)
	if err != nil {
		return err
	}
	defer stop()
	var rows []row
	for g := c.first; g < c.first+c.games; g++ {
		rng := rand.New(rand.NewPCG(c.seed, uint64(g)))
		got, err := playGame(ctx, info, base, g, rng, c)
		if err != nil {
			return fmt.Errorf("%s game %d: %w", info.name, g, err)
		}
		rows = append(rows, got...)
		fmt.Fprintf(os.Stderr, "%s game %d: %d pictures\n", info.name, g, len(got))
	}
	return writeManifest(filepath.Join(c.out, "manifest.tsv"), rows)
}

// playGame plays game g in a fresh browser and shoots its stages, in the
// app's themes in turn (game by game, and the theme switched once in the
// middle of the game when the app has several).
func playGame(ctx context.Context, info appInfo, base string, g int, rng *rand.Rand, c config) ([]row, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	tab, done, err := browser(ctx)
	if err != nil {
		return nil, err
	}
	defer done()
	a := info.make()
	if err := emulate(tab, devices[0]); err != nil {
		return nil, err
	}
	if err := a.start(tab, base, g); err != nil {
		if shot, e := capture(tab, device{Format: "png"}); e == nil {
			os.WriteFile(filepath.Join(c.out, fmt.Sprintf("failed-start-g%02d.png", g)), shot, 0o644) //nolint:errcheck // a clue only
		}
		return nil, fmt.Errorf("start (the page as it was: failed-start-g%02d.png): %w", g, err)
	}
	p, err := newPlayer(tab, a, rng)
	if err != nil {
		return nil, err
	}
	themes := a.themes()
	var rows []row
	for s, st := range stages {
		theme := themes[(g+s/2)%len(themes)]
		if err := a.theme(tab, theme); err != nil {
			return nil, err
		}
		if err := p.reach(tab, st); err != nil {
			return nil, fmt.Errorf("stage %d: %w", s, err)
		}
		for _, d := range st.devices {
			r, err := shoot(tab, a, p, findDevice(d), shotName{info, g, s, theme}, c)
			if err != nil {
				return nil, fmt.Errorf("stage %d on %s: %w", s, d, err)
			}
			rows = append(rows, r)
		}
	}
	return rows, nil
}

// findDevice returns the device named name.
func findDevice(name string) device {
	for _, d := range devices {
		if d.Name == name {
			return d
		}
	}
	panic("appshots: no device " + name)
}
