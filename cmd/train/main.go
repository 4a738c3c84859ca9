// Command train fits the classifier the picture reader uses to tell what
// each cell of a Sudoku grid holds, and writes its weights to
// picture/model.bin. It is not part of the bot: run it after changing how
// cells are measured (see README.md for the fonts and MNIST it needs).
// The same flags give the same model: every draw comes from -seed.
package main

import (
	"flag"
	"fmt"
	"image"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/internal/nn"
	"github.com/sudokubot/sudokubot/internal/photoset"
	"github.com/sudokubot/sudokubot/picture"
)

// dump is -dump: where to draw the misread held-out cells; shotCount is
// -screenshots; channels is -channels.
var (
	dump      string
	shotCount int
	channels  string
	leave     string
	check     bool
	crowded   float64
	realShare float64
	finished  int
	previews  float64
	displays  int
	initFrom  string
	initNet   int
	rate      float64
)

func main() {
	out := flag.String("out", "picture/model.bin", "where to write the weights")
	pictures := flag.String("pictures", photoset.Dir(), "the shared photos (their tuning half is trained on)")
	mnist := flag.String("mnist", "", "folder with MNIST's train-images-idx3-ubyte and train-labels-idx1-ubyte (see README.md)")
	fontDir := flag.String("fonts", "/usr/share/fonts", "folders searched for the training fonts, joined by '"+string(filepath.ListSeparator)+"' (a later folder only adds families: see internal/fontset)")
	seed := flag.Uint64("seed", 1, "seed of every random draw")
	epochs := flag.Int("epochs", 12, "passes over the examples")
	variants := flag.Int("variants", 4, "copies of each printed-only photo with marks drawn in its blank cells")
	hidden := flag.String("hidden", "64", "widths of the hidden fully connected layers")
	flag.StringVar(&channels, "channels", "12,24", "filters of the two convolution blocks")
	flag.IntVar(&shotCount, "screenshots", 1500, "synthetic screenshots (drawn in the training fonts) to learn from")
	flag.StringVar(&dump, "dump", "", "write the held-out cells the net misreads to this PNG")
	flag.StringVar(&leave, "leave", "", "a source of the shared photos (say kubiesa) to leave out of training, to measure a model on a source it never saw")
	flag.Float64Var(&realShare, "real", 0.3, "share of pasted handwriting taken from the digits written into the tuning photos")
	flag.Float64Var(&crowded, "crowded", 0.25, "share of pasted handwritten digits written under small candidates, in one cell")
	flag.Float64Var(&previews, "previews", 0, "share of the synthetic screenshots passed on as a chat client does: scaled to 320–800 pixels across, JPEG of quality 50–90")
	flag.IntVar(&finished, "completed", 0, "copies of each tuning photo filled in nearly to the end, entries under real candidates (kubiesa's pencil-mark cells)")
	flag.IntVar(&displays, "displays", 0, "copies of each tuning photo with printed digits in a display face drawn into its blank cells: a training face made over (bold, outlined, shadowed, condensed, stencilled, striped, worn) or a seven-segment or dot-matrix display")
	flag.StringVar(&initFrom, "init", "", "start from a net of this weights file (say picture/model.bin) instead of random weights: a fine-tuning")
	flag.IntVar(&initNet, "init.net", 0, "which net of the -init file, counted from 0")
	flag.Float64Var(&rate, "rate", 1e-3, "Adam's step size (divided by 5 after two thirds of the passes)")
	flag.BoolVar(&check, "check", false, "a recipe check: train without half of kubiesa/train's puzzles (photoset.CheckHalf) and score on them; kubiesa/val is neither trained on nor scored, and "+
		"the weights go to -out for the accuracy benchmark's -picture.model and -picture.check")
	flag.Parse()
	if err := run(*out, *pictures, *mnist, *fontDir, *seed, *epochs, *variants, *hidden); err != nil {
		log.Fatal(err)
	}
}

func run(out, pictures, mnist, fontDir string, seed uint64, epochs, variants int, hidden string) error {
	r := rand.New(rand.NewPCG(seed, seed^0x5eed))
	fonts, script, faces, err := loadFonts(fontDir)
	if err != nil {
		return err
	}
	log.Printf("%d training font faces, %d handwriting-like", len(faces), len(script))
	mn, err := loadMNIST(mnist)
	if err != nil {
		return err
	}
	drawn := mn.with(script, scriptShare)
	photos, err := photoset.Read(pictures)
	if err != nil {
		return fmt.Errorf("reading the photos: %w", err)
	}
	tune, test := split(photos)
	start := time.Now()
	tuneBoards, testBoards := readBoards(pictures, tune), readBoards(pictures, test)
	log.Printf("grids found in %d of %d tuning photos, %d of %d held-out (%v)", len(tuneBoards), len(tune),
		len(testBoards), len(test), time.Since(start).Round(time.Millisecond))
	hw := hands{drawn: drawn, real: realHands(tuneBoards), share: realShare}
	log.Printf("%d digits written into the tuning photos, drawn again as %.0f%% of pasted handwriting", count(hw.real), 100*realShare)
	var layers []*image.Alpha
	if finished > 0 {
		layers = candidateLayers(tuneBoards)
		log.Printf("%d cells of candidates only, written under in %d completed copies of each tuning photo", len(layers), finished)
	}
	filler := hands{drawn: drawn, real: hw.real, share: 0.6}
	var train []nn.Example
	for _, bd := range tuneBoards {
		if !aligned(bd) {
			continue
		}
		train = append(train, examples(bd.found, bd.labels)...)
		worn := clone(bd.found) // the real cells again, as a worse phone would take them
		degrade(r, worn)
		train = append(train, examples(worn, bd.labels)...)
		for range variants {
			train = append(train, pasted(r, bd, fonts, hw)...)
		}
		for range finished {
			train = append(train, completed(r, bd, filler, layers)...)
		}
	}
	if displays > 0 {
		// drawn from their own stream, so the other examples are those the same flags gave before
		rd := rand.New(rand.NewPCG(seed, seed^0xd15b1a75))
		n := len(train)
		for _, bd := range tuneBoards {
			if aligned(bd) {
				for range displays {
					train = append(train, displayed(rd, bd, fonts)...)
				}
			}
		}
		log.Printf("%d examples from %d copies of each tuning photo with digits in display faces", len(train)-n, displays)
	}
	start = time.Now()
	shots := screenshots(r, faces, shotCount)
	log.Printf("%d examples from %d screenshots (%v)", len(shots), shotCount, time.Since(start).Round(time.Millisecond))
	train = append(train, shots...)
	own := renders(r, 200)
	log.Printf("%d examples from 200 of the bot's own boards", len(own))
	train = append(train, own...)
	train = marked(train)
	var heldOut []nn.Example
	kept := 0
	for _, bd := range testBoards {
		if aligned(bd) { // the classifier's own score, apart from finding the grid
			heldOut = append(heldOut, examples(bd.found, bd.labels)...)
			kept++
		}
	}
	log.Printf("held-out: %d boards aligned of %d", kept, len(testBoards))
	heldOut = marked(heldOut)
	log.Printf("%d training examples, %d held-out cells", len(train), len(heldOut))
	widths, err := ints(hidden)
	if err != nil {
		return fmt.Errorf("-hidden: %w", err)
	}
	widths = append(widths, picture.Classes)
	filters, err := ints(channels)
	if err != nil || len(filters) != 2 {
		return fmt.Errorf("-channels: want two numbers, got %q", channels)
	}
	net := nn.NewConv(picture.GlyphSide, filters, []int{5, 3}, picture.Scalars, widths, r.Float64)
	if initFrom != "" {
		if net, err = startFrom(initFrom, initNet); err != nil {
			return err
		}
	}
	fit(r, net, train, heldOut, epochs)
	if dump != "" {
		dumpWrong(net, heldOut, dump)
	}
	data, err := net.MarshalBinary()
	if err != nil {
		return err
	}
	log.Printf("writing %s (%d bytes)", out, len(data))
	return os.WriteFile(out, data, 0o644)
}

// startFrom returns net k of the weights file at path, to train further.
func startFrom(path string, k int) (*nn.Net, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	e, err := nn.ReadEnsemble(data)
	if err != nil {
		return nil, fmt.Errorf("-init %s: %w", path, err)
	}
	if k < 0 || k >= len(e) {
		return nil, fmt.Errorf("-init %s holds %d nets, not a net %d", path, len(e), k)
	}
	if e[k].Inputs() != picture.Inputs || e[k].Outputs() != picture.Classes {
		return nil, fmt.Errorf("-init %s: its nets read other inputs or classes than the reader's", path)
	}
	log.Printf("starting from net %d of %s", k, path)
	return e[k], nil
}

// split returns the photos to train on and those to score on: the tuning
// half and the held-out half, or with -check the tuning half without
// kubiesa/train's check half, and that check half; -leave drops a source.
func split(photos []photoset.Photo) (tune, test []photoset.Photo) {
	held, checked := photoset.HeldOut(photos), photoset.CheckHalf(photos)
	for _, p := range photos {
		switch {
		case leave != "" && strings.HasPrefix(p.File, strings.TrimSuffix(leave, "/")+"/"):
		case check && held[p.Puzzle]:
		case check && checked[p.Puzzle], !check && held[p.Puzzle]:
			test = append(test, p)
		default:
			tune = append(tune, p)
		}
	}
	return tune, test
}

// ints reads a list of numbers separated by commas.
func ints(list string) ([]int, error) {
	var out []int
	for _, w := range strings.Split(list, ",") {
		n, err := strconv.Atoi(w)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

// fit trains net on train, reporting after each
// epoch how it does on test.
func fit(r *rand.Rand, net *nn.Net, train, test []nn.Example, epochs int) {
	tr := &nn.Trainer{Net: net, Rate: rate, Decay: 1e-5, Workers: runtime.GOMAXPROCS(0)}
	const batch = 64
	for e := range epochs {
		start := time.Now()
		order := r.Perm(len(train))
		loss := 0.0
		for k := 0; k+batch <= len(order); k += batch {
			b := make([]nn.Example, batch)
			for j := range b {
				b[j] = train[order[k+j]]
			}
			loss += tr.Batch(b)
		}
		if e == epochs*2/3 {
			tr.Rate /= 5
		}
		log.Printf("epoch %d: loss %.4f; held-out %s (%v)", e+1, loss/float64(len(order)/batch), score(net, test),
			time.Since(start).Round(time.Second))
	}
}

// score says how many cells of each kind the net reads right.
func score(net *nn.Net, cells []nn.Example) string {
	var right, all [3]int
	kind := func(c int) int { return min(2, (c+8)/9) } // blank, printed, written
	var wrong []string
	for _, ex := range cells {
		p := net.Forward(ex.X)
		best := 0
		for c := range p {
			if p[c] > p[best] {
				best = c
			}
		}
		all[kind(ex.Class)]++
		if best == ex.Class {
			right[kind(ex.Class)]++
		} else {
			switch {
			case best == 0:
				wrong = append(wrong, "missed")
			case ex.Class == 0:
				wrong = append(wrong, "invented")
			case (best-1)%9 == (ex.Class-1)%9:
				wrong = append(wrong, "kind")
			default:
				wrong = append(wrong, "digit")
			}
		}
	}
	parts := []string{}
	for k, name := range []string{"blank", "printed", "written"} {
		parts = append(parts, fmt.Sprintf("%s %.2f%% of %d", name, 100*float64(right[k])/float64(max(all[k], 1)), all[k]))
	}
	count := map[string]int{}
	for _, w := range wrong {
		count[w]++
	}
	parts = append(parts, fmt.Sprintf("wrong: %v", count))
	return strings.Join(parts, ", ")
}
