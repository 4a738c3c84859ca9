// Package variant reads variant Sudoku puzzles from the links people paste
// in chat: f-puzzles links (f-puzzles.com/?load=…) and SudokuPad links
// (sudokupad.app/…). It is pure: it decodes text, and fetches nothing
// itself: a short id's puzzle comes through the Fetcher its caller gives
// Resolve.
//
// ParseLink finds one link in a message and undoes what chat does to it;
// Decode turns it into a Puzzle, whose Constraints are typed (Killer,
// Thermo, Arrow, …) and whose unknown rules are an *UnsupportedError that
// names them, never dropped. Message gives the words for a user.
//
// # Formats
//
// An f-puzzles payload is f-puzzles' JSON compressed with lz-string's
// compressToBase64; Decompress is our own decoder for it (and for
// compressToEncodedURIComponent, whose alphabet differs only in - and $),
// bounded to MaxDecoded code units so that a hostile link cannot make us
// allocate gigabytes. SudokuPad ids by prefix: fpuzzles and fpuz hold the
// same; scf is a compact classic code (decoded here); classic is taken to
// be 81 digits (we have seen no example); any other id is a short id only
// SudokuPad's API resolves (https://sudokupad.app/api/puzzle/<id>).
//
// # SudokuPad's API
//
// As SudokuPad's own loader and the tools that call it use it: GET
// https://sudokupad.app/api/puzzle/<id>, each /-separated part of the id
// percent-encoded, answers 200 with the puzzle's data as plain text
// (sometimes with a trailing newline), and 404 for an id it does not
// know. The text is what a long link carries after the host: a format
// prefix and its payload (scl or ctc, fpuzzles or fpuz, scf), the payload
// possibly percent-encoded or with its // collapsed, which the link
// reading undoes (Resolve reads it so). A few old puzzles answer with
// their CTC JSON itself, zipped or plain, and no prefix: SudokuPad reads
// any unprefixed answer as scl data, and so do we when it is an object
// ({…}). Anything else (a puzzle pack, another id, a page of HTML) we
// refuse (ErrUnreadable). When its own API fails, SudokuPad's page tries
// two legacy stores (a svencodes.com proxy and Firebase storage); we do
// not.
//
// # SudokuPad's scl format
//
// scl and its alias ctc are compressToBase64 (not the URI variant: the
// shared set's scl payloads hold + and /) of SudokuPad's "zipped" CTC
// JSON. Zipping (sudokutools' PuzzleZipper) drops empty arrays, renames
// keys (c color, ca cages, ct center, c1 borderColor, c2 backgroundColor,
// ce cells, cs cellSize, a arrows, o overlays, u underlays, w width, h
// height, v value, vd videos, l lines, r rounded, re regions, fs fontSize,
// th thickness, hl headLength, wp wayPoints, t title, te text, d
// duration), writes keys unquoted, strings in single quotes (a \' for a
// quote), {} as nothing between commas, false/true as f/t, "#000000" as
// #0, "#FFFFFF" as #F, other colours as six bare hex digits, and numeric
// strings as numbers. Unzipped: id, cellSize, cells[row][col] ({value} for
// a given), regions (lists of [row, col]), cages ({cells, value}; pseudo-
// cages without cells carry "title: …", "author: …", "rules: …"), lines
// ({wayPoints [[y, x]…] in cell units, color, thickness}), arrows,
// overlays and underlays (circles and rectangles with center [y, x],
// width, height, colours, text), and metaData flags. It only draws:
// thermometers are a grey line plus a bulb overlay, kropki dots small
// round overlays (black or white), whispers and renban only coloured
// lines (#67F067, #F067F0), and nonconsecutive, negative constraints and
// disjoint groups exist only in the rules text. DecodeSCL reads meaning
// from those colours, shapes and fixed phrases of the rules text, and
// names in an *UnsupportedError whatever it cannot identify for sure.
package variant
