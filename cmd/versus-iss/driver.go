package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// driverJS is our node driver: it imports ISS's engine from the checkout
// in ISS_ROOT, then for each line of stdin ({"input", "timeoutMs"}: an
// ISS constraint string) builds ISS's solver, counts solutions up to 2
// and prints one line of JSON ({"count", "ms", "timedOut", "error"}).
// The time covers building the solver and counting, not parsing the
// string. ISS's count is synchronous: its progress callback, called
// every 2^10 search steps, throws past the deadline.
const driverJS = `
import { pathToFileURL } from 'node:url';
import { createInterface } from 'node:readline';
const root = process.env.ISS_ROOT;
const url = (p) => pathToFileURL(root + '/' + p).href;
const { ensureGlobalEnvironment } = await import(url('tests/helpers/test_env.js'));
ensureGlobalEnvironment();
const { SudokuParser } = await import(url('js/sudoku_parser.js'));
const { SudokuBuilder } = await import(url('js/solver/sudoku_builder.js'));
const timeUp = new Error('time up');

function count(input, timeoutMs) {
  const parsed = SudokuParser.parseText(input);
  const began = performance.now();
  const deadline = began + timeoutMs;
  try {
    const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(parsed));
    solver.setProgressCallback(() => {
      if (performance.now() > deadline) throw timeUp;
    }, 10);
    const n = solver.countSolutions(2);
    return { count: n, ms: performance.now() - began };
  } catch (e) {
    if (e !== timeUp) throw e;
    return { count: -1, ms: performance.now() - began, timedOut: true };
  }
}

for await (const line of createInterface({ input: process.stdin })) {
  let out;
  try {
    const { input, timeoutMs } = JSON.parse(line);
    out = count(input, timeoutMs);
  } catch (e) {
    out = { count: -1, ms: 0, error: String(e && e.message || e) };
  }
  process.stdout.write(JSON.stringify(out) + '\n');
}
`

// issAnswer is the driver's line for one puzzle.
type issAnswer struct {
	// Count is 0, 1 or 2 (2 or more), -1 when it timed out or failed.
	Count    int     `json:"count"`
	MS       float64 `json:"ms"`
	TimedOut bool    `json:"timedOut"`
	Error    string  `json:"error"`
}

// parseAnswer returns the driver's answer on one line of its output.
func parseAnswer(line []byte) (issAnswer, error) {
	var a issAnswer
	if err := json.Unmarshal(line, &a); err != nil {
		return a, fmt.Errorf("iss driver said %q: %w", line, err)
	}
	if a.Count < -1 || a.Count > 2 {
		return a, fmt.Errorf("iss driver counted %d", a.Count)
	}
	return a, nil
}

// iss is a running node driver.
type iss struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
	dir string
}

// startISS writes the driver into a temporary directory and starts it
// under node with the ISS checkout at root.
func startISS(node, root string) (*iss, error) {
	dir, err := os.MkdirTemp("", "versus-iss")
	if err != nil {
		return nil, err
	}
	file := filepath.Join(dir, "driver.mjs")
	if err := os.WriteFile(file, []byte(driverJS), 0o600); err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(node, file)
	cmd.Env = append(os.Environ(), "ISS_ROOT="+abs)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", node, err)
	}
	sc := bufio.NewScanner(out)
	sc.Buffer(nil, 1<<20)
	return &iss{cmd: cmd, in: in, out: sc, dir: dir}, nil
}

// count asks the driver to count input's solutions up to 2 within d.
func (s *iss) count(input string, d time.Duration) (issAnswer, error) {
	req, _ := json.Marshal(map[string]any{"input": input, "timeoutMs": d.Milliseconds()})
	if _, err := s.in.Write(append(req, '\n')); err != nil {
		return issAnswer{}, fmt.Errorf("iss driver: %w", err)
	}
	if !s.out.Scan() {
		return issAnswer{}, fmt.Errorf("iss driver ended: %v", s.out.Err())
	}
	return parseAnswer(s.out.Bytes())
}

// close ends the driver and removes its directory.
func (s *iss) close() error {
	s.in.Close()
	err := s.cmd.Wait()
	os.RemoveAll(s.dir)
	return err
}
