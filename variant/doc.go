// Package variant reads variant Sudoku puzzles from the links people paste
// in chat: f-puzzles links (f-puzzles.com/?load=…) and SudokuPad links
// (sudokupad.app/…). It is pure: it decodes text and fetches nothing.
//
// An f-puzzles payload is f-puzzles' JSON compressed with lz-string's
// compressToBase64; Decompress is our own decoder for it, bounded to
// MaxDecoded code units so that a hostile link cannot make us allocate
// gigabytes.
package variant
