package bot

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"
)

// listen serves h on addr with timeouts on every phase and returns the
// address it got and a function that stops it, letting requests in flight
// finish for up to 10 seconds.
func (b *Bot) listen(what, addr string, h http.Handler) (string, func(), error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", nil, fmt.Errorf("bot: %s on %s: %w", what, addr, err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second,
		WriteTimeout: 30 * time.Second, IdleTimeout: 2 * time.Minute, MaxHeaderBytes: 64 << 10}
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

// Health returns nil while the bot takes interactions (its gateway
// session is up, or its HTTP endpoint serves) or, under RunScheduler,
// makes the daily posts; else an error that says what is down, for the
// operations endpoint's /healthz.
func (b *Bot) Health() error {
	switch {
	case b.schedulerOnly.Load():
	case b.opt.InteractionsAddr != "" && !b.ready.Load():
		return errors.New("endpoint: not serving")
	case !b.ready.Load():
		return errors.New("gateway: not connected")
	}
	return nil
}

// RunScheduler makes the daily posts until ctx is done, without a gateway
// session: for deployments where interactions come over HTTP and one
// process (sudokubot scheduler) posts.
func (b *Bot) RunScheduler(ctx context.Context) error {
	if b.opt.Schedule == nil {
		return fmt.Errorf("bot: no daily schedule to run")
	}
	b.schedulerOnly.Store(true)
	b.log.Info("scheduler running", "every", b.opt.Schedule.Every)
	b.schedule(ctx, b.opt.Schedule)
	b.log.Info("scheduler stopped")
	return nil
}

// runHTTP serves interactions on Options.InteractionsAddr until ctx is
// done, with Options.Routes beside them, and the daily posts when
// scheduled. No gateway session is opened.
func (b *Bot) runHTTP(ctx context.Context) error {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /interactions", b.serveInteraction)
	if b.opt.Routes != nil {
		b.opt.Routes(mux)
	}
	addr, stop, err := b.listen("interactions endpoint", b.opt.InteractionsAddr, mux)
	if err != nil {
		return err
	}
	b.httpAddr.Store(addr)
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
