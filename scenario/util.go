package scenario

import (
	"strconv"
	"strings"
)

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// article puts "a" or "an" before a word ("an image", "a string").
func article(word string) string {
	if word == "null" {
		return word
	}
	if word != "" && strings.ContainsRune("aeiou", rune(word[0])) {
		return "an " + word
	}
	return "a " + word
}
