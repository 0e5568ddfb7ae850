package svcclient

import (
	"errors"
	"testing"
)

func TestWalk(t *testing.T) {
	for _, tc := range []struct {
		name   string
		tokens []string // what page n gives as its next token; past the end: none
		max    int
		pages  int
		check  func(error) bool
	}{
		{"ends", []string{"a", "b"}, 0, 3, func(err error) bool { return err == nil }},
		{"repeats", []string{"a", "b", "a"}, 0, 3, func(err error) bool {
			var r *RepeatError
			return errors.As(err, &r) && r.Page == 3 && r.Token == "a"
		}},
		{"an empty token is followed once", []string{"", ""}, 0, 2, func(err error) bool {
			var r *RepeatError
			return errors.As(err, &r) && r.Page == 2
		}},
		{"too long", []string{"1", "2", "3", "4"}, 3, 3, func(err error) bool {
			var l *TooLongError
			return errors.As(err, &l) && l.Pages == 3
		}},
	} {
		var sent []string
		err := Walk(tc.max, func(n int, token string) (string, bool, error) {
			sent = append(sent, token)
			if n > len(tc.tokens) {
				return "", false, nil
			}
			return tc.tokens[n-1], true, nil
		})
		if !tc.check(err) || len(sent) != tc.pages {
			t.Errorf("%s: err %v after %d pages (tokens sent %q); want %d pages", tc.name, err, len(sent), sent, tc.pages)
		}
		for i := 1; i < len(sent) && err == nil; i++ {
			if sent[i] != tc.tokens[i-1] {
				t.Errorf("%s: page %d sent token %q, want %q", tc.name, i+1, sent[i], tc.tokens[i-1])
			}
		}
	}
	boom := errors.New("boom")
	if err := Walk(0, func(int, string) (string, bool, error) { return "x", true, boom }); err != boom {
		t.Errorf("a failing page: %v, want its error", err)
	}
}
