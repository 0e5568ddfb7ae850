package svcclient

import "fmt"

// Page reads page n (from 1) of a cursor listing, sending token ("" on
// the first page, and when the service gave "" as a token to follow). It
// says the token of the next page and whether to follow it; an error ends
// the walk with that error.
type Page func(n int, token string) (next string, more bool, err error)

// Walk reads a cursor listing page by page until page says there is no
// next page or fails. A next token the walk already followed ends it with
// a *RepeatError (a service that repeats itself would otherwise be walked
// until the budget is spent), and so does maxPages pages read with more to
// come, with a *TooLongError (maxPages 0: no bound). What ends a listing
// and what a page must hold are the caller's judgement; the walk only
// guarantees that it ends.
func Walk(maxPages int, page Page) error {
	seen := map[string]bool{}
	token := ""
	for n := 1; maxPages <= 0 || n <= maxPages; n++ {
		next, more, err := page(n, token)
		if err != nil || !more {
			return err
		}
		if seen[next] {
			return &RepeatError{Page: n, Token: next}
		}
		seen[next], token = true, next
	}
	return &TooLongError{Pages: maxPages}
}

// RepeatError says page Page gave a next token an earlier page gave.
type RepeatError struct {
	Page  int
	Token string
}

func (e *RepeatError) Error() string {
	return fmt.Sprintf("page %d repeats the earlier next_page_token %q", e.Page, Escape(e.Token))
}

// TooLongError says a listing had more than Pages pages.
type TooLongError struct{ Pages int }

func (e *TooLongError) Error() string { return fmt.Sprintf("no last page after %d pages", e.Pages) }
