package variant

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// sclPhrases are the fixed phrases of rules texts that give a rule the
// drawing cannot show (SudokuPad's converter drops nonconsecutive,
// negative constraints and disjoint groups), and the rules they give.
var sclPhrases = []struct {
	phrase  string
	globals []string
}{
	{"orthogonally adjacent digits cannot be consecutive.", []string{"nonconsecutive"}},
	{"digits in adjacent cells cannot be consecutive.", []string{"nonconsecutive"}},
	{"all possible kropki dots are given.", []string{"nonconsecutive", "negative ratio"}},
	{"all possible x and v are given.", []string{"negative xv"}},
	{"cells in the same relative position within their boxes cannot contain the same digit.", []string{"disjointgroups"}},
	{"digits must not repeat at corresponding box positions.", []string{"disjointgroups"}},
	{"not all possible dots are necessarily given.", nil},
	{"not all x's and v's are necessarily given.", nil},
}

// sclSuspects are words that, left in a rules text once the phrases above
// are taken out, may give a rule the drawing cannot show, unless the rule
// they name has been read (from a phrase or SudokuPad's metaData).
var sclSuspects = []struct {
	re      *regexp.Regexp
	readAny []string
}{
	{regexp.MustCompile(`non-?consecutive|anti-?consecutive|(cannot|can't|not|never|no) (be |contain |have )?consecutive|` +
		`(^|[.!?:;] )[^.!?:;]*consecutive[^.!?:;]*`), []string{"nonconsecutive"}},
	{regexp.MustCompile(`\ball\b[^.]*\b(given|shown|marked)\b|negative`), []string{"negative ratio", "negative xv"}},
	{regexp.MustCompile(`\b(no|without an?|not separated by an?) (dot|dots|kropki|white dot|black dot)\b`), []string{"negative ratio"}},
	{regexp.MustCompile(`cannot (sum|add up) to|\b(no|without an?|not separated by an?) (x|v|x/v|xv)\b`), []string{"negative xv"}},
	{regexp.MustCompile(`disjoint|relative position|same position|corresponding (box|cell|position)`), []string{"disjointgroups"}},
	{regexp.MustCompile(`knight`), []string{"antiknight"}},
	{regexp.MustCompile(`king's|kings? move|anti-?king`), []string{"antiking"}},
}

// sclOtherRules are constraints we do not read that the converter may not
// draw at all (it has no handler for them), found by name in the rules
// text, with their names for a user.
var sclOtherRules = []struct {
	re   *regexp.Regexp
	name string
}{
	{regexp.MustCompile(`x-?sums?\b`), "X-sums"},
	{regexp.MustCompile(`skyscraper`), "Skyscrapers"},
	{regexp.MustCompile(`between lines?\b`), "Between lines"},
	{regexp.MustCompile(`entropic`), "Entropic lines"},
	{regexp.MustCompile(`modular line`), "Modular lines"},
	{regexp.MustCompile(`region sum line`), "Region sum lines"},
	{regexp.MustCompile(`zipper line`), "Zipper lines"},
	{regexp.MustCompile(`nabner`), "Nabner lines"},
	{regexp.MustCompile(`lockout line`), "Lockout lines"},
	{regexp.MustCompile(`parity line`), "Parity lines"},
	{regexp.MustCompile(`\bindex(ing|er)\b`), "Indexing"},
	{regexp.MustCompile(`\bclones?\b`), "Clones"},
	{regexp.MustCompile(`quadruple`), "Quadruples"},
	{regexp.MustCompile(`(minimum|maximum) cells?\b`), "Minimum and maximum cells"},
	{regexp.MustCompile(`numbered room`), "Numbered rooms"},
	{regexp.MustCompile(`double arrow`), "Double arrows"},
	{regexp.MustCompile(`battlefield`), "Battlefield"},
	{regexp.MustCompile(`chaos construction`), "Chaos construction"},
	{regexp.MustCompile(`fog of war`), "Fog of war"},
}

// drawnConsecutive reports whether a sentence speaks of consecutive
// digits only for a drawn constraint (a white dot, a renban line): it
// names one and negates nothing.
func drawnConsecutive(sentence string) bool {
	return sclDrawn.MatchString(sentence) && !sclNegation.MatchString(sentence)
}

var (
	sclDrawn    = regexp.MustCompile(`dot|renban|line|kropki|\bset\b`)
	sclNegation = regexp.MustCompile(`\b(not|no|never|cannot|none)\b|n't`)
)

// whisperDiff finds "differ by at least N" in a rules text.
var whisperDiff = regexp.MustCompile(`(?i)differ(?:s)? by at least (\d+)`)

// rules reads the rules that only the rules text gives, by fixed phrases,
// and names what it cannot read for sure.
func (d *sclDecoder) rules() error {
	if d.noRules {
		d.unsupported("a puzzle without rules text (SudokuPad's data cannot show rules such as nonconsecutive without it)")
		return nil
	}
	rest := strings.Join(strings.Fields(strings.ToLower(strings.ReplaceAll(d.p.Rules, "’", "'"))), " ")
	seen := map[string]bool{}
	for _, ph := range sclPhrases {
		if !strings.Contains(rest, ph.phrase) {
			continue
		}
		rest = strings.ReplaceAll(rest, ph.phrase, " ")
		for _, g := range ph.globals {
			if !seen[g] {
				seen[g] = true
				d.add(Global{g})
			}
		}
	}
	for _, k := range []string{"antiknight", "antiking"} {
		seen[k] = d.meta[k]
	}
	for _, s := range sclSuspects {
		if slices.ContainsFunc(s.readAny, func(g string) bool { return seen[g] }) {
			continue
		}
		for _, at := range s.re.FindAllStringIndex(rest, -1) {
			m := strings.TrimLeft(rest[at[0]:at[1]], ".!?:; ")
			if strings.HasSuffix(rest[:at[0]], "not ") || s.readAny[0] == "nonconsecutive" && drawnConsecutive(m) {
				continue // "not all dots are given"; "a white dot: consecutive digits"
			}
			d.unsupported("a rule in the rules text that I can't read for sure (%.60q)", m)
			break
		}
	}
	for _, o := range sclOtherRules {
		if o.re.MatchString(rest) {
			d.unsupported("%s (named in the rules text)", o.name)
		}
	}
	for _, k := range []struct{ kind, word string }{{"whispers", "whisper"}, {"renban", "renban"}} {
		// The converter draws these only when the f-puzzles data also
		// holds a line for them.
		if strings.Contains(rest, k.word) && !slices.ContainsFunc(d.p.Constraints, func(c Constraint) bool { return c.Kind() == k.kind }) {
			d.unsupported("%s named in the rules text but not drawn", k.kind)
		}
	}
	if d.green > 0 {
		d.greenLines()
	}
	if d.orange > 0 && !d.mentions("whisper") {
		d.unsupported("orange lines the rules text doesn't name (Dutch whispers?)")
	}
	d.named()
	return nil
}

// sclNamed are the constraints whose drawing (a coloured line, a grey
// shape) a setter could also use for something else: the rules text must
// name them.
var sclNamed = []struct {
	kind, word, drawing string
}{
	{"palindrome", "palindrom", "grey lines"},
	{"renban", "renban", "pink lines"},
	{"odd", "odd", "grey circles"},
	{"even", "even", "grey squares"},
}

// named checks that the rules text names what only colour tells.
func (d *sclDecoder) named() {
	for _, n := range sclNamed {
		if slices.ContainsFunc(d.p.Constraints, func(c Constraint) bool { return c.Kind() == n.kind }) && !d.mentions(n.word) {
			d.unsupported("%s the rules text doesn't name (%s?)", n.drawing, n.kind)
		}
	}
}

// greenLines checks that green lines are German whispers: the rules text
// says so and names no other difference; or the rules text gives the
// lines' values, "differ by at least the line's value (6, 4)", and one is
// left once orange lines take 4.
func (d *sclDecoder) greenLines() {
	const refuse = "whispers lines whose differences the drawing doesn't show"
	if m := lineValues.FindStringSubmatch(d.p.Rules); m != nil {
		diff, ok := d.onlyValue(m[1])
		if !ok {
			d.unsupported(refuse)
			return
		}
		for i, c := range d.p.Constraints {
			if slices.Contains(d.greenAt, i) {
				d.p.Constraints[i] = Whispers{c.(Whispers).Cells, diff}
			}
		}
		return
	}
	def := (d.p.Size + 1) / 2
	german := d.mentions("german whisper")
	for _, m := range whisperDiff.FindAllStringSubmatch(d.p.Rules, -1) {
		if n, _ := strconv.Atoi(m[1]); n != def {
			d.unsupported(refuse)
			return
		}
		german = true
	}
	if !german {
		d.unsupported(refuse)
	}
}

// lineValues finds the converter's list of whispers values.
var lineValues = regexp.MustCompile(`(?i)differ by at least the line['’]s value \(([\d, ]+)\)`)

// onlyValue returns the one value of a list such as "6, 4" that is not
// the orange lines' 4.
func (d *sclDecoder) onlyValue(list string) (int, bool) {
	var vals []int
	for _, f := range strings.Split(list, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || v < 1 || v >= d.p.Size {
			return 0, false
		}
		if !(v == 4 && d.orange > 0) && !slices.Contains(vals, v) {
			vals = append(vals, v)
		}
	}
	if len(vals) != 1 {
		return 0, false
	}
	return vals[0], true
}
