package commands

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/solver/logic"
)

// wordedDirs are the packages whose texts reach players.
var wordedDirs = []string{".", "../activity", "../bot", "../daily", "../game", "../picture", "../solver", "../solver/logic", "../variant"}

// TestEveryTextTranslated reads the source of every package that speaks to
// players and checks that each English text it words through a printer
// (Text, Sprintf, Count, and the wrappers line, because and notice) is in
// the catalogue, so a new reply cannot ship in English alone.
func TestEveryTextTranslated(t *testing.T) {
	_, texts := i18n.Keys(i18n.Languages[0])
	found := 0
	for _, dir := range wordedDirs {
		for _, text := range wordedTexts(t, dir) {
			found++
			if _, ok := texts[text.english]; !ok && hasLetter(verbs.ReplaceAllString(text.english, "")) {
				t.Errorf("%s: %q is not in the catalogue", text.at, text.english)
			}
		}
	}
	if found < 200 {
		t.Errorf("found only %d texts: is the scan still reading the printers' calls?", found)
	}
	// Texts chosen at run time: names of techniques and levels, small
	// counts in words.
	var dynamic []string
	for tech := logic.Technique(0); !strings.HasPrefix(tech.String(), "Technique("); tech++ {
		dynamic = append(dynamic, tech.String())
	}
	for l := logic.Easy; l <= logic.Extreme; l++ {
		dynamic = append(dynamic, l.String())
	}
	dynamic = append(dynamic, "two", "three", "four", "five", "six", "seven", "eight", "nine")
	for _, s := range dynamic {
		if _, ok := texts[s]; !ok {
			t.Errorf("%q is not in the catalogue", s)
		}
	}
}

type sourceText struct{ at, english string }

// wordedTexts returns the literal English texts a package's code words.
func wordedTexts(t *testing.T, dir string) []sourceText {
	t.Helper()
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var parsed []*ast.File
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, f)
	}
	consts := stringConsts(parsed)
	var out []sourceText
	for _, f := range parsed {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			for _, english := range callTexts(call, consts) {
				out = append(out, sourceText{at: fset.Position(call.Pos()).String(), english: english})
			}
			return true
		})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].at < out[j].at })
	return out
}

// callTexts returns the English texts a call words, when it is a
// printer's: the format of Text and Sprintf (and of the wrappers line,
// because and notice), the two forms of Count.
func callTexts(call *ast.CallExpr, consts map[string]string) []string {
	arg := func(k int) (string, bool) {
		if k >= len(call.Args) {
			return "", false
		}
		return stringValue(call.Args[k], consts)
	}
	name, first := "", 0
	switch fun := call.Fun.(type) {
	case *ast.SelectorExpr:
		if x, ok := fun.X.(*ast.Ident); ok && (x.Name == "fmt" || x.Name == "i18n") {
			return nil
		}
		name = fun.Sel.Name
	case *ast.Ident:
		name = fun.Name
		if name == "notice" {
			first = 1
		}
	}
	switch name {
	case "Text", "Sprintf", "line", "because", "notice":
		if s, ok := arg(first); ok {
			return []string{s}
		}
	case "Count":
		one, ok1 := arg(1)
		other, ok2 := arg(2)
		if ok1 && ok2 {
			return []string{one + "|" + other}
		}
	}
	return nil
}

// stringConsts returns a package's string constants by name.
func stringConsts(files []*ast.File) map[string]string {
	out := map[string]string{}
	for pass := 0; pass < 2; pass++ { // constants may use constants
		for _, f := range files {
			for _, decl := range f.Decls {
				gen, ok := decl.(*ast.GenDecl)
				if !ok || gen.Tok != token.CONST {
					continue
				}
				for _, spec := range gen.Specs {
					vs := spec.(*ast.ValueSpec)
					for k, name := range vs.Names {
						if k < len(vs.Values) {
							if s, ok := stringValue(vs.Values[k], out); ok {
								out[name.Name] = s
							}
						}
					}
				}
			}
		}
	}
	return out
}

// stringValue evaluates a constant string expression: literals, constants
// and their sums.
func stringValue(e ast.Expr, consts map[string]string) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(e.Value)
		return s, err == nil
	case *ast.Ident:
		s, ok := consts[e.Name]
		return s, ok
	case *ast.ParenExpr:
		return stringValue(e.X, consts)
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", false
		}
		a, ok1 := stringValue(e.X, consts)
		b, ok2 := stringValue(e.Y, consts)
		return a + b, ok1 && ok2
	}
	return "", false
}
