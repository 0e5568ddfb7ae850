package hangtarget

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestAnswersTheProbeThenHoldsUntilTheClientGoes: the first request gets
// a whole JSON answer; the second closes started and is held until its
// client cancels it.
func TestAnswersTheProbeThenHoldsUntilTheClientGoes(t *testing.T) {
	url, started := Start(t)
	resp, err := http.Post(url, "application/json", strings.NewReader(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"code":0`) {
		t.Fatalf("probe: %d %s; want a success", resp.StatusCode, body)
	}
	select {
	case <-started:
		t.Fatal("started is closed before any request was held")
	default:
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-started; cancel() }()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(`{}`))
	if resp, err := http.DefaultClient.Do(req); !errors.Is(err, context.Canceled) {
		if err == nil {
			resp.Body.Close()
		}
		t.Fatalf("second request: %v; want it held until the client cancels", err)
	}
}
