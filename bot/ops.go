package bot

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// serveOps starts the operations endpoint (GET /healthz and GET /metrics)
// on Options.OpsAddr and returns a function that stops it.
func (b *Bot) serveOps() (stop func(), err error) {
	if b.opt.OpsAddr == "" {
		return func() {}, nil
	}
	mux := http.NewServeMux()
	b.opsRoutes(mux)
	addr, stop, err := b.listen("operations endpoint", b.opt.OpsAddr, mux)
	if err != nil {
		return nil, err
	}
	b.opsAddr.Store(addr)
	return stop, nil
}

func (b *Bot) opsRoutes(mux *http.ServeMux) {
	mux.Handle("GET /metrics", promhttp.HandlerFor(b.metrics.registry, promhttp.HandlerOpts{}))
	mux.HandleFunc("GET /healthz", b.healthz)
}

// listen serves h on addr with timeouts on every phase and returns the
// address it got and a function that stops it, letting requests in flight
// finish for up to 10 seconds.
func (b *Bot) listen(what, addr string, h http.Handler) (string, func(), error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", nil, fmt.Errorf("bot: %s on %s: %w", what, addr, err)
	}
	if l, ok := h.(interface {
		Limit(net.Listener) net.Listener
	}); ok { // the Activity's cap on its connections
		ln = l.Limit(ln)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second,
		WriteTimeout: 30 * time.Second, IdleTimeout: 2 * time.Minute, MaxHeaderBytes: 64 << 10}
	if c, ok := h.(interface{ CloseSockets() }); ok { // the Activity's WebSockets, which Shutdown does not close
		srv.RegisterOnShutdown(c.CloseSockets)
	}
	go func() {
		if err := srv.Serve(ln); err != nil && err != http.ErrServerClosed {
			b.log.Error(what+" stopped", "err", err)
		}
	}()
	b.log.Info(what+" listening", "addr", ln.Addr().String())
	return ln.Addr().String(), func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	}, nil
}

// OpsAddr returns the address the operations endpoint listens on, once
// Run has started it ("" before, or when it is off).
func (b *Bot) OpsAddr() string {
	a, _ := b.opsAddr.Load().(string)
	return a
}

// healthz answers 200 "ok" when the gateway session is up (or the
// interactions endpoint serving) and the
// database answers, else 503 naming what is not.
func (b *Bot) healthz(w http.ResponseWriter, r *http.Request) {
	var problems []string
	switch {
	case b.schedulerOnly.Load():
	case b.opt.InteractionsAddr != "" && !b.ready.Load():
		problems = append(problems, "endpoint: not serving")
	case !b.ready.Load():
		problems = append(problems, "gateway: not connected")
	}
	if b.opt.Health != nil {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := b.opt.Health(ctx); err != nil {
			b.log.Warn("health check: database unreachable", "err", err)
			problems = append(problems, "database: unreachable")
		}
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if len(problems) > 0 {
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprintln(w, strings.Join(problems, "\n"))
		return
	}
	fmt.Fprintln(w, "ok")
}

// RunScheduler makes the daily posts until ctx is done, without a gateway
// session: for deployments where interactions come over HTTP and one
// process (sudokubot scheduler) posts. The operations endpoint runs too.
func (b *Bot) RunScheduler(ctx context.Context) error {
	if b.opt.Schedule == nil {
		return fmt.Errorf("bot: no daily schedule to run")
	}
	b.schedulerOnly.Store(true)
	stopOps, err := b.serveOps()
	if err != nil {
		return err
	}
	defer stopOps()
	b.log.Info("scheduler running", "every", b.opt.Schedule.Every)
	b.schedule(ctx, b.opt.Schedule)
	b.log.Info("scheduler stopped")
	return nil
}

// runHTTP serves interactions on Options.InteractionsAddr until ctx is
// done, with the operations endpoint beside it or on the same address,
// and the daily posts when scheduled. No gateway session is opened.
func (b *Bot) runHTTP(ctx context.Context) error {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /interactions", b.serveInteraction)
	stopOps := func() {}
	if b.opt.OpsAddr == b.opt.InteractionsAddr {
		b.opsRoutes(mux)
	} else {
		var err error
		if stopOps, err = b.serveOps(); err != nil {
			return err
		}
	}
	defer stopOps()
	addr, stop, err := b.listen("interactions endpoint", b.opt.InteractionsAddr, mux)
	if err != nil {
		return err
	}
	b.httpAddr.Store(addr)
	if b.opt.OpsAddr == b.opt.InteractionsAddr {
		b.opsAddr.Store(addr)
	}
	b.prepare(ctx) // /healthz says 503 until then, so a load balancer waits
	b.ready.Store(true)
	var scheduler sync.WaitGroup
	if b.opt.Schedule != nil {
		scheduler.Add(1)
		go func() { defer scheduler.Done(); b.schedule(ctx, b.opt.Schedule) }()
	}
	<-ctx.Done()
	b.ready.Store(false)
	scheduler.Wait()
	stop() // no new requests; those in flight get their first callback
	b.shutdown()
	return nil
}

// InteractionsAddr returns the address POST /interactions is served on,
// once Run has started it ("" before, or in gateway mode).
func (b *Bot) InteractionsAddr() string {
	a, _ := b.httpAddr.Load().(string)
	return a
}

// serveActivity serves Options.Activity on Options.ActivityAddr, when set,
// and returns what stops it.
func (b *Bot) serveActivity() (func(), error) {
	if b.opt.ActivityAddr == "" || b.opt.Activity == nil {
		return func() {}, nil
	}
	addr, stop, err := b.listen("activity", b.opt.ActivityAddr, b.opt.Activity)
	if err != nil {
		return nil, err
	}
	b.actAddr.Store(addr)
	return stop, nil
}

// ActivityAddr returns the address the Activity is served on, once Run
// has started it ("" before, or when it is off).
func (b *Bot) ActivityAddr() string {
	a, _ := b.actAddr.Load().(string)
	return a
}
