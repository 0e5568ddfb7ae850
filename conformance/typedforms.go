package conformance

import (
	"fmt"
	"strings"
	"unicode"
)

// Typed forms of a value. What a person types for a value a filter or a
// target takes is often not what the service holds: a word processor
// turns a hyphen into an en dash, a chat writes a number #FX-001, a
// clerk leaves out the zeros of FX-001, a user pastes two numbers
// joined by a comma or types a status in traditional characters. The
// contract reads such values as they are written: a form number and a
// record code are exact (docs/contract.md §C5, §C10), a status is named
// exactly (§3.1, §C6), a search key is a substring, found as written
// (§C5). So each typed form names what it spells, nothing the service
// holds under the other spelling: a number filter lists no form by it
// (or only a form whose number is the typed form, character for
// character), a target named so moves no record. A service whose input
// normaliser folds or splits the spelling answers the held value, and
// the relations already over the answer fail it (onlyNumber, the verify
// cases' unmoved record).
//
// The classes are a product: each class has variants (which dash,
// which separator), and every class is sent on every run, to typedSpread
// of the filter's values turned by the seed: the first with the
// class's commonest variant (the first of its list: an en dash, a comma,
// a #), the next with one the seed picks, so that over the run's values
// and seeds every cell is sent.

// typedClass is one class of typed forms: form is the typed form of v
// with variant alt ("" when the class has none of v: no hyphen to
// replace, no zero to leave out); others are the filter's other values
// (one may be joined to v).
type typedClass struct {
	name string
	form func(v string, alt int, others []string) string
}

// dashLookalikes are the characters typed for a hyphen: an en dash and
// an em dash (a word processor's autocorrect), a minus sign, a figure
// dash, Unicode's own hyphen and a non-breaking hyphen.
var dashLookalikes = []string{"\u2013", "\u2014", "\u2212", "\u2012", "\u2010", "\u2011"}

// listSeparators join two values in one field: a batch lookup or a
// pasted column.
var listSeparators = []string{",", ", ", ";", "|", "、", "，", "/"}

// typedPrefixes are what numbers are written after on labels and in
// chat.
var typedPrefixes = []string{"#", "＃", "No.", "№", "NO:"}

var typedClasses = []typedClass{
	{"dashLookalike", func(v string, alt int, _ []string) string {
		if !strings.Contains(v, "-") {
			return ""
		}
		return strings.ReplaceAll(v, "-", dashLookalikes[alt%len(dashLookalikes)])
	}},
	{"joined", func(v string, alt int, others []string) string {
		other := v
		if len(others) > 0 {
			other = others[alt%len(others)]
		}
		return v + listSeparators[alt%len(listSeparators)] + other
	}},
	{"prefixed", func(v string, alt int, _ []string) string {
		return typedPrefixes[alt%len(typedPrefixes)] + v
	}},
	{"zerosDropped", zerosDropped},
}

// zerosDropped is v with the leading zeros of its digit runs left out
// (FX-1 for FX-001): of the last run only for an even alt (XJ-2025-1),
// of every run for an odd one; "" where no such run has a leading zero.
func zerosDropped(v string, alt int, _ []string) string {
	r := []rune(v)
	var runs [][2]int
	for i := 0; i < len(r); {
		if !unicode.IsDigit(r[i]) {
			i++
			continue
		}
		j := i
		for j < len(r) && unicode.IsDigit(r[j]) {
			j++
		}
		runs = append(runs, [2]int{i, j})
		i = j
	}
	if alt%2 == 0 && len(runs) > 0 {
		runs = runs[len(runs)-1:]
	}
	drop := map[int]bool{}
	for _, run := range runs {
		for k := run[0]; k < run[1]-1 && r[k] == '0'; k++ {
			drop[k] = true
		}
	}
	if len(drop) == 0 {
		return ""
	}
	var b strings.Builder
	for k, c := range r {
		if !drop[k] {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// Marks: what a value picks up on its way from where it was read. A
// number copied out of a sentence ends with its full stop ("FX-001."),
// one copied out of a list with a comma, a Chinese text's number with
// 。 or ，; a value quoted in a chat or a document comes in quotation
// marks or brackets ("“FX-001”", 「FX-001」); a value typed on a phone
// or copied from a page in another script holds letters that look like
// ours and are not (a Cyrillic А, Е, О, Р, С, Х; a Greek Α, Ο), or an
// accented letter for a plain one (é for e, a dead key or an
// autocorrect). The contract reads values as they are written (§C5,
// §C10): each names nothing, and a service that trims punctuation,
// strips quotes or folds lookalike or accented letters (a
// transliteration, an accent-insensitive collation) answers the value it holds for a value nobody
// issued. markClasses are sent beside typedClasses: every class on one
// of a filter's values (checkFormNumber), one class on each other
// identifier the run respells (markedOne).

// trailingMarks are the punctuation a value is copied with after it, the
// commonest first; leadingMarks before it; wrapMarks around it.
var (
	trailingMarks = []string{".", ",", "。", "，", ";", ":", "!", "?", "、", ")"}
	leadingMarks  = []string{".", ":", "(", "-", "'", "`"}
	wrapMarks     = [][2]string{{"\"", "\""}, {"“", "”"}, {"「", "」"}, {"'", "'"}, {"(", ")"}, {"[", "]"}, {"<", ">"}, {"《", "》"}}
)

// lookalikes are Latin letters and the letters of other scripts that
// look like them (Unicode's confusables: Cyrillic and Greek).
var lookalikes = map[rune]rune{
	'A': 'А', 'B': 'В', 'C': 'С', 'E': 'Е', 'H': 'Н', 'K': 'К', 'M': 'М', 'O': 'О', 'P': 'Р', 'T': 'Т', 'X': 'Х', 'Y': 'У',
	'a': 'а', 'c': 'с', 'e': 'е', 'o': 'о', 'p': 'р', 'x': 'х', 'y': 'у', 'i': 'і', 'j': 'ј', 's': 'ѕ',
	'I': 'Ι', 'N': 'Ν', 'Z': 'Ζ', 'J': 'Ј', 'S': 'Ѕ',
}

// accents are Latin letters and a precomposed accented form of each (a
// keyboard's dead key, an autocorrect, a name typed in a language that
// writes them), which a transliteration (unidecode) or an
// accent-insensitive collation folds back.
var accents = map[rune]rune{
	'a': 'á', 'c': 'ç', 'd': 'ď', 'e': 'é', 'g': 'ĝ', 'h': 'ĥ', 'i': 'í', 'j': 'ĵ', 'k': 'ķ', 'l': 'ĺ',
	'n': 'ñ', 'o': 'ó', 'r': 'ŕ', 's': 'ś', 't': 'ţ', 'u': 'ú', 'w': 'ŵ', 'y': 'ý', 'z': 'ź',
	'A': 'Á', 'C': 'Ç', 'D': 'Ď', 'E': 'É', 'G': 'Ĝ', 'H': 'Ĥ', 'I': 'Í', 'J': 'Ĵ', 'K': 'Ķ', 'L': 'Ĺ',
	'N': 'Ñ', 'O': 'Ó', 'R': 'Ŕ', 'S': 'Ś', 'T': 'Ţ', 'U': 'Ú', 'W': 'Ŵ', 'Y': 'Ý', 'Z': 'Ź',
}

// replaced is v with the letters table has a form of in their place:
// every one (an even alt) or only the first (an odd one); "" where v has
// none.
func replaced(v string, alt int, table map[rune]rune) string {
	r := []rune(v)
	changed := false
	for i, c := range r {
		if l, ok := table[c]; ok {
			r[i] = l
			changed = true
			if alt%2 == 1 {
				break
			}
		}
	}
	if !changed {
		return ""
	}
	return string(r)
}

var markClasses = []typedClass{
	// alt picks the mark: below len(trailingMarks) one after the value
	// (variant 0, a full stop, the commonest), then one before it, then
	// a pair around it.
	{"punctuated", func(v string, alt int, _ []string) string {
		alt %= len(trailingMarks) + len(leadingMarks) + len(wrapMarks)
		switch {
		case alt < len(trailingMarks):
			return v + trailingMarks[alt]
		case alt < len(trailingMarks)+len(leadingMarks):
			return leadingMarks[alt-len(trailingMarks)] + v
		}
		w := wrapMarks[alt-len(trailingMarks)-len(leadingMarks)]
		return w[0] + v + w[1]
	}},
	// Every letter that has a lookalike in its place (an even alt), or
	// only the first (an odd one: one letter typed in another layout).
	{"lookalike", func(v string, alt int, _ []string) string {
		return replaced(v, alt, lookalikes)
	}},
	// The same with accented letters (é for e).
	{"accented", func(v string, alt int, _ []string) string {
		return replaced(v, alt, accents)
	}},
}

// markedOne is one form of v at site (a template's coding, a
// certificate code) of markClasses: of the class the seed picks, in a
// variant it picks; a class without a form of v, or whose form is one
// of ours (known), gives way to the next.
func markedOne(seed uint64, site, v string, known map[string]bool) []string {
	start := pick(seed, "marked one "+site, len(markClasses))
	for i := range markClasses {
		c := markClasses[(start+i)%len(markClasses)]
		f := c.form(v, pick(seed, "marked one "+site+" "+c.name, 1<<20), nil)
		if f != "" && f != v && !known[f] {
			return []string{f}
		}
	}
	return nil
}

// typedSpread is how many of a filter's values each class is sent on:
// two, so that a class whose form one value does not show (no zero
// left out, FX-C01) shows it on another.
const typedSpread = 2

// typedForm is one typed form: its class and the value it spells.
type typedForm struct {
	class, of, form string
}

// typedForms are the typed forms of values for site (the filter:
// "number", "search_key") by classes: each class on spread consecutive values
// from the one the seed picks for the class, the variant picked by the
// seed for the second value on (the first takes variant 0); a form that is one of the values (known) names
// another object, not none, and gives way.
func typedForms(seed uint64, site string, classes []typedClass, spread int, values []string, known map[string]bool) []typedForm {
	var out []typedForm
	if len(values) == 0 {
		return nil
	}
	for _, c := range classes {
		start := pick(seed, "typed "+site+" "+c.name, len(values))
		for i := 0; i < min(spread, len(values)); i++ {
			k := (start + i) % len(values)
			v := values[k]
			others := make([]string, 0, len(values)-1)
			others = append(append(others, values[k+1:]...), values[:k]...)
			alt := 0
			if i > 0 {
				alt = 1 + pick(seed, fmt.Sprintf("typed %s %s %d", site, c.name, i), 1<<20)
			}
			f := c.form(v, alt, others)
			if f != "" && f != v && !known[f] {
				out = append(out, typedForm{c.name, v, f})
			}
		}
	}
	return out
}

// searchClasses are the typed forms of a search key: a space inside it
// (two words, or a word split where a client wraps it), a + where a
// space would go (a form-encoded space, sent in JSON where nothing
// decodes it) and the key percent-escaped (a URL's query pasted into the
// search box). A search key is a case-insensitive substring, found as
// written (§C5: "fuzzy" may read it as words, every word then found in
// a hit): a + and a % are characters like any other, a hit holds them,
// and a key with a space has as many hits as its total says.
var searchClasses = []typedClass{
	{"innerSpace", func(v string, alt int, others []string) string {
		return splitWith(v, " ", alt, others)
	}},
	{"plus", func(v string, alt int, others []string) string {
		return splitWith(v, "+", alt, others)
	}},
	{"percentEscaped", percentEscaped},
}

// splitWith is v split in the middle by sep (alt even), or v and another
// key joined by it (alt odd, where there is another key); "" for a v of
// one character and no other key.
func splitWith(v, sep string, alt int, others []string) string {
	if alt%2 == 1 && len(others) > 0 {
		return v + sep + others[(alt/2)%len(others)]
	}
	r := []rune(v)
	if len(r) < 2 {
		return ""
	}
	return string(r[:len(r)/2]) + sep + string(r[len(r)/2:])
}

// percentEscaped is v with each of its bytes outside ASCII letters and
// digits percent-escaped (%E5%B7%A1 for 巡), in upper-case hex for an
// even alt and lower-case for an odd one; every byte where v has none
// such.
func percentEscaped(v string, alt int, _ []string) string {
	hex := "%%%02X"
	if alt%2 == 1 {
		hex = "%%%02x"
	}
	plain := func(c byte) bool { return c < 0x80 && (unicode.IsLetter(rune(c)) || unicode.IsDigit(rune(c))) }
	every := true
	for i := 0; i < len(v); i++ {
		every = every && plain(v[i])
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if plain(v[i]) && !every {
			b.WriteByte(v[i])
			continue
		}
		fmt.Fprintf(&b, hex, v[i])
	}
	return b.String()
}

// traditional are simplified characters of status names and form texts
// and their traditional forms, as a converter for Hong Kong and Taiwan
// clients writes them (OpenCC's and Unicode's Unihan mappings agree on
// these; a character outside the table is written as it is).
var traditional = map[rune]rune{
	'销': '銷', '归': '歸', '档': '檔', '废': '廢', '注': '註', '无': '無', '验': '驗', '证': '證',
	'书': '書', '过': '過', '审': '審', '签': '簽', '发': '發', '领': '領', '处': '處', '补': '補',
	'暂': '暫', '态': '態', '状': '狀', '记': '記', '录': '錄', '备': '備', '检': '檢', '设': '設',
	'电': '電', '员': '員', '会': '會', '单': '單', '号': '號', '码': '碼', '扫': '掃', '关': '關',
	'开': '開', '闭': '閉', '启': '啟', '冻': '凍', '结': '結', '变': '變', '还': '還', '务': '務',
	'认': '認', '确': '確', '办': '辦', '应': '應', '缴': '繳', '费': '費', '报': '報',
	'约': '約', '预': '預', '进': '進', '试': '試', '离': '離', '线': '線', '时': '時',
	'执': '執', '实': '實', '际': '際', '维': '維', '修': '修', '护': '護', '险': '險', '导': '導',
}

// traditionalForm is s written in traditional characters, "" where the
// table has none of its characters.
func traditionalForm(s string) string {
	changed := false
	out := strings.Map(func(r rune) rune {
		if t, ok := traditional[r]; ok {
			changed = true
			return t
		}
		return r
	}, s)
	if !changed {
		return ""
	}
	return out
}

// typedOne are n typed forms of one identifier v at site (a template's
// coding, a certificate code), of consecutive classes of typedClasses
// from the one the seed picks, each in a variant the seed picks; a class
// without a form of v, or whose form is one of ours (known), gives way
// to the next.
func typedOne(seed uint64, site, v string, known map[string]bool, n int) []string {
	var out []string
	start := pick(seed, "typed one "+site, len(typedClasses))
	for i := 0; i < len(typedClasses) && len(out) < n; i++ {
		c := typedClasses[(start+i)%len(typedClasses)]
		f := c.form(v, pick(seed, "typed one "+site+" "+c.name, 1<<20), nil)
		if f != "" && f != v && !known[f] {
			out = append(out, f)
		}
	}
	return out
}
