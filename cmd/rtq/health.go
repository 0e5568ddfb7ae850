package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/rtq-kit/rtq/internal/svcclient"
	"github.com/spf13/cobra"
)

// healthTimeout bounds one health check: a container runtime calls it
// every few seconds and must not pile them up.
const healthTimeout = 3 * time.Second

// healthPath is where the mock answers {"status":"ok"}.
const healthPath = "/__admin/health"

func newHealthCmd() *cobra.Command {
	var token string
	var reach accessFlags
	cmd := &cobra.Command{
		Use:   "health URL",
		Short: "Exit 0 when URL/__admin/health answers ok (container health checks)",
		Long: `Ask a running mock whether it is healthy: GET URL/__admin/health must answer
200 with {"status":"ok"} within 3 seconds. Exit 0 when it does; otherwise print
why and exit 1 (2 for a URL that is not one, 3 for a connection that cannot
be made: TLS, a proxy, a gateway, with the flag that fixes it). It needs no shell and no curl, so
a scratch container image can use it as its health check. A mock started with
--admin-token answers only with the same token: --admin-token, or
RTQ_ADMIN_TOKEN (the variable the mock reads too).`,
		Example: `  rtq health http://127.0.0.1:8080
  HEALTHCHECK CMD ["/rtq", "health", "http://127.0.0.1:8080"]`,
		Args: countArgs(1, 1, "the mock's URL", "rtq health http://127.0.0.1:8080"),
		RunE: func(cmd *cobra.Command, args []string) error {
			target, err := healthURL(args[0])
			if err != nil {
				return withExit(2, err)
			}
			ctx, cancel := context.WithTimeout(cmd.Context(), healthTimeout)
			defer cancel()
			if token == "" {
				token = os.Getenv("RTQ_ADMIN_TOKEN")
			}
			access, err := reach.load(ctx, "health", cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			if err := checkHealth(ctx, target, token, access); err != nil {
				if cerr := connectFailure("health", target, err); cerr != nil {
					return cerr
				}
				return withExit(1, fmt.Errorf("health: %s: %w", target, err))
			}
			fmt.Fprintf(cmd.OutOrStdout(), "ok %s\n", target)
			return nil
		},
	}
	cmd.Flags().StringVar(&token, "admin-token", "", "token of the mock's admin API, as given to rtq mock --admin-token (env RTQ_ADMIN_TOKEN)")
	reach.register(cmd)
	return cmd
}

// healthURL turns the mock's base URL into its health URL; a URL that
// already ends in /__admin/health is taken as it is.
func healthURL(raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("health: URL %q: want the mock's base URL, such as http://127.0.0.1:8080", raw)
	}
	u.Path = strings.TrimSuffix(strings.TrimSuffix(u.Path, "/"), healthPath) + healthPath
	u.RawQuery, u.Fragment = "", ""
	return u.String(), nil
}

// checkHealth is nil when target answers 200 {"status":"ok"}. It calls
// through rtq's client of a service (internal/svcclient), since it may
// carry the admin token: no redirect followed, the token scrubbed and
// the answer escaped in what it prints.
func checkHealth(ctx context.Context, target, token string, access *svcclient.Access) error {
	c := svcclient.New(svcclient.Config{MaxAnswerBytes: 4096, Secrets: []string{token}, Access: access})
	defer c.CloseIdleConnections()
	a, err := c.Send(ctx, http.MethodGet, target, token, nil)
	if d := c.Diagnose(err); d != nil {
		return d
	}
	switch {
	case err != nil && ctx.Err() != nil:
		return fmt.Errorf("no answer within %s: the mock is stuck or overloaded, or what listens there is not the mock", healthTimeout)
	case errors.Is(err, svcclient.ErrTooLarge):
		return fmt.Errorf("not healthy: HTTP %d, %w", a.Status, err)
	case err != nil && a.Status != 0:
		return fmt.Errorf("reading the answer: %w", err)
	case err != nil:
		return fmt.Errorf("not reachable: %w: is rtq mock running, listening at that address (its --addr)?", err)
	}
	if a.Status == http.StatusUnauthorized {
		if token == "" {
			return errors.New("not healthy: HTTP 401: the mock wants its admin token: pass --admin-token (or set RTQ_ADMIN_TOKEN) as given to rtq mock")
		}
		return errors.New("not healthy: HTTP 401: the mock refused the admin token sent: check --admin-token (or RTQ_ADMIN_TOKEN) against the one rtq mock was given")
	}
	var got struct {
		Status string `json:"status"`
		Error  string `json:"error"`
	}
	if a.Status == http.StatusServiceUnavailable && json.Unmarshal(a.Body, &got) == nil && strings.HasPrefix(got.Error, "store unreachable") {
		return fmt.Errorf("not healthy: HTTP 503: %.300s: the mock serves but cannot reach its shared store (rtq mock --store); it recovers by itself once the store answers", svcclient.Escape(got.Error))
	}
	if a.Status != http.StatusOK || json.Unmarshal(a.Body, &got) != nil || got.Status != "ok" {
		return fmt.Errorf("not healthy: HTTP %d %.200s: check that the URL is the mock's base URL, and its log", a.Status, svcclient.Escape(strings.TrimSpace(string(a.Body))))
	}
	return nil
}
