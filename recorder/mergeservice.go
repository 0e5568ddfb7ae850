package recorder

import (
	"cmp"
	"maps"
	"slices"

	"github.com/rtq-kit/rtq/scenario"
)

// mergeService folds the recording's service block into the file's: what
// this recording saw replaces what the file held of the same thing (a
// message by endpoint, a status line by code, an error answer by endpoint
// and situation, an exact answer by request, an error rule), and the rest
// of the file's stays. The order of forms is this recording's when it recorded forms,
// and newest first when it timed a listing (it could judge); else the
// file's. Without this, a proxy's write after a flush would lose every
// choice of the service the first write kept.
func mergeService(old, rec *scenario.Service, built *Built) *scenario.Service {
	if old == nil {
		return rec
	}
	out := &scenario.Service{FormsInFileOrder: old.FormsInFileOrder, NewestFirst: old.NewestFirst}
	var fresh scenario.Service
	if rec != nil {
		fresh = *rec
	}
	if len(built.Scenario.Forms) > 0 {
		out.FormsInFileOrder = fresh.FormsInFileOrder
	}
	if judged(built) {
		out.NewestFirst = fresh.NewestFirst
	}
	out.Messages = mergeMaps(old.Messages, fresh.Messages)
	out.StatusByCode = mergeMaps(old.StatusByCode, fresh.StatusByCode)
	out.ErrorMessages = mergeMaps(old.ErrorMessages, fresh.ErrorMessages)
	out.DetailIn = mergeMaps(old.DetailIn, fresh.DetailIn)
	out.DetailJoin = cmp.Or(fresh.DetailJoin, old.DetailJoin)
	out.OtherErrorStatus = cmp.Or(fresh.OtherErrorStatus, old.OtherErrorStatus)
	out.Search = cmp.Or(fresh.Search, old.Search)
	out.IntegerStrings = fresh.IntegerStrings || old.IntegerStrings
	out.Errors = mergeBy(old.Errors, fresh.Errors, func(e scenario.ErrorAnswer) string { return e.Endpoint + " " + e.Situation })
	out.Replay = mergeBy(old.Replay, fresh.Replay, func(r scenario.Replay) string { return r.Endpoint + " " + r.Request })
	return out
}

// judged says whether the recording timed a listing of two or more items,
// and so could tell the service's list order.
func judged(built *Built) bool {
	for _, t := range built.Scenario.Templates {
		if len(t.SubCodes) > 1 && !built.Placeholders.SubCodes[t.ID] {
			return true
		}
	}
	return len(built.Scenario.Templates) > 1 && !built.Placeholders.Templates
}

// mergeMaps is old with fresh's entries over it; nil when both are empty.
func mergeMaps[K comparable, V any](old, fresh map[K]V) map[K]V {
	if len(old) == 0 && len(fresh) == 0 {
		return nil
	}
	out := maps.Clone(old)
	if out == nil {
		out = map[K]V{}
	}
	maps.Copy(out, fresh)
	return out
}

// mergeBy keeps old's order, each entry replaced by fresh's of the same
// key (an id, or what names an error answer), then appends fresh's new
// ones: how a re-recording merges every list of a scenario.
func mergeBy[T any, K comparable](old, fresh []T, key func(T) K) []T {
	byKey := make(map[K]T, len(fresh))
	for _, x := range fresh {
		byKey[key(x)] = x
	}
	out := make([]T, 0, len(old)+len(fresh))
	done := map[K]bool{}
	for _, x := range old {
		if y, ok := byKey[key(x)]; ok {
			x = y
		}
		done[key(x)] = true
		out = append(out, x)
	}
	for _, x := range fresh {
		if !done[key(x)] {
			done[key(x)] = true
			out = append(out, x)
		}
	}
	return out
}

// inServiceOrder puts the recording's forms first, in the order the
// service listed them (the order it serves, service.form_order), then the
// forms only the file holds: merged by id, the file's order would win.
func inServiceOrder(rec, merged []*scenario.Form) []*scenario.Form {
	out := append(make([]*scenario.Form, 0, len(merged)), rec...)
	for _, f := range merged {
		if !slices.Contains(rec, f) {
			out = append(out, f)
		}
	}
	return out
}
