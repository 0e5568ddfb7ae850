// Package fake generates realistic Chinese sample data for scenarios: names,
// mobile numbers, identity numbers, plates, addresses, media items and a
// field_value for every field type of contract.FieldTypes. It is deterministic: the same
// seed gives byte-identical output, and nothing reads the clock.
package fake

import (
	"math/rand/v2"
	"strconv"
	"strings"
)

// Time range generated timestamps fall in: 2024-11-01 00:00:00 to
// 2026-11-30 23:59:59, UTC+08:00 (the default scenario's two years).
const (
	EpochStart int64 = 1730390400
	EpochEnd   int64 = 1796054399
)

// Faker draws sample data from one seeded PCG generator. A Faker is not
// safe for concurrent use; give each goroutine its own (seeds are cheap).
//
// Its draws (IntN, Float64, Uint64, uuid) are the ones gofakeit made from
// the same generator, which the golden files pin: only those four of
// gofakeit were ever used, and its package kept every one of its
// generators alive in any binary that imported it (8 MB of the
// WebAssembly module, docs/performance.md).
type Faker struct {
	g    *rand.Rand
	pcg  *rand.PCG
	seed int64  // the seed of the last Reseed: field values derive from it
	sub  *Faker // draws field values by type (TypeValue), made on first use
}

// New returns a Faker seeded with seed. Every seed, 0 included, is an
// ordinary reproducible seed.
func New(seed int64) *Faker {
	pcg := rand.NewPCG(0, 0)
	f := &Faker{g: rand.New(pcg), pcg: pcg}
	f.Reseed(seed)
	return f
}

// Reseed makes f continue exactly as New(seed) would start, without
// allocating: generators reseed one Faker per record instead of making one.
func (f *Faker) Reseed(seed int64) {
	f.seed = seed
	s := mix(uint64(seed))
	f.pcg.Seed(s, s^0xda942042e4dd58b5)
}

// Derive returns the seed of the n-th independent stream of seed: records
// generated from one scenario seed each get their own stream, so they can be
// generated in any order, in parallel, and still come out the same.
func Derive(seed int64, n int64) int64 {
	return int64(mix(uint64(seed) ^ mix(uint64(n)+0x9e3779b97f4a7c15)))
}

// mix is SplitMix64's finaliser: nearby seeds give unrelated streams.
func mix(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Intn returns a number in [0, n); 0 when n <= 0.
func (f *Faker) Intn(n int) int { return f.intn(n) }

func (f *Faker) intn(n int) int {
	if n <= 0 {
		return 0
	}
	return f.g.IntN(n)
}

// Between returns a number in [lo, hi] (lo when hi < lo).
func (f *Faker) Between(lo, hi int64) int64 {
	if hi <= lo {
		return lo
	}
	return lo + int64(f.g.Uint64()%uint64(hi-lo+1))
}

// Pick returns one element of list ("" for an empty list).
func (f *Faker) Pick(list []string) string { return pick(f, list) }

func pick(f *Faker, list []string) string {
	if len(list) == 0 {
		return ""
	}
	return list[f.intn(len(list))]
}

func (f *Faker) digits(n int) string {
	var b strings.Builder
	b.Grow(n)
	for i := 0; i < n; i++ {
		b.WriteByte(byte('0' + f.intn(10)))
	}
	return b.String()
}

// Digits returns n random decimal digits (leading zeros allowed).
func (f *Faker) Digits(n int) string { return f.digits(n) }

// Hex returns n random lowercase hexadecimal characters.
func (f *Faker) Hex(n int) string { return string(f.AppendHex(make([]byte, 0, n), n)) }

// AppendHex appends what Hex(n) would return (the same draws), so that
// bulk generators can build several values in one allocation.
func (f *Faker) AppendHex(b []byte, n int) []byte {
	const hex = "0123456789abcdef"
	for i := 0; i < n; i++ {
		b = append(b, hex[f.intn(16)])
	}
	return b
}

// Name returns a Chinese personal name: a surname and one or two characters.
func (f *Faker) Name() string { return string(f.AppendName(make([]byte, 0, 9))) }

// AppendName appends what Name would return (the same draws).
func (f *Faker) AppendName(b []byte) []byte {
	b = append(b, pick(f, surnames)...)
	b = append(b, pick(f, givenChars)...)
	if f.intn(3) > 0 {
		b = append(b, pick(f, givenChars)...)
	}
	return b
}

// Mobile returns a mainland mobile number, 1[3-9] followed by nine digits.
func (f *Faker) Mobile() string { return pick(f, mobilePrefixes) + f.digits(8) }

// IdentityNumber returns an 18-character resident identity number with a
// real area code, a birth date between 1960 and 2005 and a valid GB 11643
// check character.
func (f *Faker) IdentityNumber() string {
	p := places[f.intn(len(places))]
	birth := strconv.Itoa(1960+f.intn(46)) + pad2(1+f.intn(12)) + pad2(1+f.intn(28))
	body := p.areaCode + birth + f.digits(3)
	return body + string(IdentityCheck(body))
}

// IdentityCheck computes the GB 11643-1999 check character of the first 17
// digits of an identity number ('X' stands for 10).
func IdentityCheck(body17 string) byte {
	weights := [17]int{7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2}
	sum := 0
	for i := 0; i < 17 && i < len(body17); i++ {
		sum += int(body17[i]-'0') * weights[i]
	}
	return "10X98765432"[sum%11]
}

// Plate returns a Chinese number plate such as 京A·12345: province, issuing
// letter, a middle dot and five characters (letters without I and O).
func (f *Faker) Plate() string {
	var b strings.Builder
	b.WriteString(pick(f, plateProvinces))
	b.WriteByte(plateLetters[f.intn(len(plateLetters))])
	b.WriteString("·")
	for i := 0; i < 5; i++ {
		if i < 2 && f.intn(3) == 0 {
			b.WriteByte(plateChars[f.intn(len(plateChars))])
			continue
		}
		b.WriteByte(plateDigits[f.intn(10)])
	}
	return b.String()
}

// Company returns a company name such as 北京华信科技有限公司.
func (f *Faker) Company() string {
	p := places[f.intn(len(places))]
	city := strings.TrimSuffix(p.city, "市")
	return city + pick(f, companyWords) + pick(f, companyTrades) + pick(f, companySuffixes)
}

// FormTitle returns a Chinese form title such as 消防设备巡检记录表.
func (f *Faker) FormTitle() string { return pick(f, formSubjects) + pick(f, formActions) }

// Phrase returns a short Chinese remark, as text fields hold.
func (f *Faker) Phrase() string { return pick(f, textPhrases) }

// Time returns Unix seconds in [EpochStart, EpochEnd].
func (f *Faker) Time() int64 { return f.Between(EpochStart, EpochEnd) }

func pad2(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// uuid is a version 4 UUID made of two draws, low byte first, as
// gofakeit's UUID made it.
func (f *Faker) uuid() string {
	var b [16]byte
	for half := range 2 {
		r := f.g.Uint64()
		for i := range 8 {
			b[half*8+i] = byte(r)
			r >>= 8
		}
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	const hex = "0123456789abcdef"
	out := make([]byte, 0, 36)
	for i, c := range b {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			out = append(out, '-')
		}
		out = append(out, hex[c>>4], hex[c&0x0f])
	}
	return string(out)
}
