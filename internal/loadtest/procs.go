package loadtest

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"
)

// process is one sudokubot serving interactions over HTTP.
type process struct {
	cmd    *exec.Cmd
	origin string // "http://127.0.0.1:port"
	log    string // its standard error
	exited chan error
}

// startProcess runs one bot process with env added to the configured
// environment (later entries win), in dir (so no stray .env is read), and waits until its
// /healthz answers 200.
func startProcess(c Config, n int, dir string, env []string) (*process, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	p := &process{origin: "http://" + addr, log: filepath.Join(dir, fmt.Sprintf("bot-%d.log", n)), exited: make(chan error, 1)}
	logFile, err := os.Create(p.log)
	if err != nil {
		return nil, err
	}
	p.cmd = exec.Command(c.Command[0], c.Command[1:]...)
	p.cmd.Dir, p.cmd.Stdout, p.cmd.Stderr = dir, logFile, logFile
	p.cmd.Env = append(append(append([]string(nil), c.Env...), env...), "INTERACTIONS_ADDR="+addr, "METRICS_ADDR="+addr)
	if err := p.cmd.Start(); err != nil {
		logFile.Close()
		return nil, fmt.Errorf("start %s: %w", c.Command[0], err)
	}
	go func() { p.exited <- p.cmd.Wait(); logFile.Close() }()
	return p, p.waitHealthy(30 * time.Second)
}

func (p *process) waitHealthy(limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		select {
		case err := <-p.exited:
			p.exited <- err
			return fmt.Errorf("bot process exited before serving (%v); its log ends:\n%s", err, tail(p.log))
		default:
		}
		if resp, err := http.Get(p.origin + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("bot process not healthy after %v; its log ends:\n%s", limit, tail(p.log))
}

// tail returns the end of a log file, for an error message.
func tail(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return "(no log: " + err.Error() + ")"
	}
	return string(b[max(0, len(b)-2000):])
}

// kill ends the process at once, as a crash or an OOM kill would.
func (p *process) kill() {
	_ = p.cmd.Process.Kill()
	<-p.exited
	p.exited <- nil
}

// stop asks the process to finish its work and exit, and waits.
func (p *process) stop() error {
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-p.exited:
		p.exited <- err
		return err
	case <-time.After(30 * time.Second):
		p.kill()
		return fmt.Errorf("bot process did not stop within 30s; killed")
	}
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}
