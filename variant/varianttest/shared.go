package varianttest

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

// Row is one puzzle of the shared variant set (shared/variants/puzzles.tsv;
// its README says what each column holds), by column.
type Row struct {
	Name, Size, Types, Solutions, Solution  string
	FPuzzles, FPuz, SCL, Mangled, Kind, SCF string
}

// ReadRows returns the rows of the puzzles.tsv at path, each column found
// by its header's name; an error for a file it cannot read or that holds
// no puzzle.
func ReadRows(path string) ([]Row, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	var head map[string]int
	var rows []Row
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if head == nil {
			head = map[string]int{}
			for i, h := range fields {
				head[h] = i
			}
			continue
		}
		get := func(k string) string {
			if i, ok := head[k]; ok && i < len(fields) {
				return fields[i]
			}
			return ""
		}
		rows = append(rows, Row{
			Name: get("name"), Size: get("size"), Types: get("types"), Solutions: get("solutions"),
			Solution: get("solution"), FPuzzles: get("fpuzzles_link"), FPuz: get("sudokupad_fpuz_link"),
			SCL: get("sudokupad_scl_link"), Mangled: get("mangled_link"), Kind: get("mangled_kind"),
			SCF: get("sudokupad_scf_link"),
		})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("%s: no puzzles", path)
	}
	return rows, nil
}
