package scenario

import (
	"slices"
	"strings"
)

// Search is how a recorded service reads getFormList's search_key
// (service.search): the specification says only "fuzzy", so each service
// reads it its own way, and a recording learns which (docs/record.md).
// A scenario without one searches as the kit does (KitSearch).
type Search struct {
	// Match: SearchWhole (the key as one substring), SearchAllWords (the
	// key split at white space, every word must occur) or SearchAnyWord
	// (one word is enough).
	Match string
	// CaseExact compares as written; false ignores case.
	CaseExact bool
	// Trim drops the white space around the key first.
	Trim bool
	// Fields are the form's texts searched (SearchFields, in that order):
	// a word must occur in one of them.
	Fields []string
	// NameFirst lists the forms whose name holds the whole key first,
	// each part in the list's order; false: the list's order.
	NameFirst bool
}

// The readings of search_key (Search.Match).
const (
	SearchWhole    = "whole"
	SearchAllWords = "all_words"
	SearchAnyWord  = "any_word"
)

// SearchMatches are the values of Search.Match.
var SearchMatches = []string{SearchWhole, SearchAllWords, SearchAnyWord}

// SearchFields are the form texts a search may read, in their order.
var SearchFields = []string{"name", "note", "number"}

// KitSearch is the kit's reading: the key as one substring of the name,
// the note or the number, case ignored, in the list's order.
var KitSearch = Search{Match: SearchWhole, Fields: SearchFields}

// SearchKey is one search_key as a rule reads it.
type SearchKey struct {
	rule   *Search
	words  []string // folded; none: every form matches
	whole  string   // the key as the name-first order reads it, folded
	fields [3]bool  // which of name, note, number are read
}

// Searches is the service's reading of search_key; nil: the kit's.
func (s *Service) Searches() *Search {
	if s == nil {
		return nil
	}
	return s.Search
}

// Read prepares key for matching under s.
func (s *Search) Read(key string) SearchKey {
	k := SearchKey{rule: s}
	if s.Trim {
		key = strings.TrimSpace(key)
	}
	key = s.fold(key)
	k.whole = key
	for i, f := range SearchFields {
		k.fields[i] = slices.Contains(s.Fields, f)
	}
	switch {
	case s.Match == SearchWhole && key != "":
		k.words = []string{key}
	case s.Match != SearchWhole:
		k.words = strings.Fields(key)
	}
	return k
}

func (s *Search) fold(v string) string {
	if s.CaseExact {
		return v
	}
	return strings.ToLower(v)
}

// Matches says whether a form with these texts (name, note, number) is
// found by the key.
func (k SearchKey) Matches(name, note, number string) bool {
	texts := [3]string{name, note, number}
	return k.In(&texts, &[3]string{strings.ToLower(name), strings.ToLower(note), strings.ToLower(number)})
}

// In is Matches of a form's texts and the same lower-cased (read when
// case is ignored), which a caller holding many forms folds once.
func (k SearchKey) In(texts, lower *[3]string) bool {
	if len(k.words) == 0 {
		return true
	}
	read := texts
	if !k.rule.CaseExact {
		read = lower
	}
	for _, w := range k.words {
		in := false
		for i := range read {
			if k.fields[i] && strings.Contains(read[i], w) {
				in = true
				break
			}
		}
		if in && k.rule.Match == SearchAnyWord {
			return true
		}
		if !in && k.rule.Match != SearchAnyWord {
			return false
		}
	}
	return k.rule.Match != SearchAnyWord
}

// First says whether a found form comes in the first part of the list:
// under NameFirst, its name holds the whole key; else every form does.
func (k SearchKey) First(name string) bool {
	return k.FirstIn(name, strings.ToLower(name))
}

// FirstIn is First of a name and the same lower-cased.
func (k SearchKey) FirstIn(name, lower string) bool {
	if !k.rule.NameFirst || k.whole == "" {
		return true
	}
	if k.rule.CaseExact {
		return strings.Contains(name, k.whole)
	}
	return strings.Contains(lower, k.whole)
}
