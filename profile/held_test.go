package profile

import (
	"hash/fnv"
	"testing"
)

// TestFingerprintIsFNV1aOfTheFoldedValue: the fingerprint is what the
// profile format says (a writer in any language computes it from the
// definition): FNV-1a 64 of the folded value's UTF-8, separators out and
// full-width forms folded, and it reads back.
func TestFingerprintIsFNV1aOfTheFoldedValue(t *testing.T) {
	for _, tc := range []struct{ value, folded string }{
		{"138 1234-5678", "13812345678"},
		{"１３８（１２３４）５６７８", "13812345678"},
		{"赵敏", "赵敏"},
		{"沪A·12345", "沪A12345"},
	} {
		m := HeldMaskOf(1, tc.value)
		h := fnv.New64a()
		h.Write([]byte(tc.folded))
		want := h.Sum64()
		got, ok := ParseFingerprint(m.Fingerprint)
		if !ok || got != want || m.Length != len([]rune(tc.folded)) {
			t.Errorf("%q: %s (length %d), want the FNV-1a %016x of %q (length %d)", tc.value, m.Fingerprint, m.Length, want, tc.folded, len([]rune(tc.folded)))
		}
	}
	if _, ok := ParseFingerprint("sha256:00"); ok {
		t.Error("a fingerprint of another kind read back")
	}
}
