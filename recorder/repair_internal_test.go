package recorder

import (
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/scenarios"
)

// A form updated before it was created, and a QR code the service linked
// to two forms, are repaired (each told in the header), not the recording
// lost whole.
func TestRepairsFormTimesAndAQRCodeOfTwoForms(t *testing.T) {
	sc, err := scenarios.Default()
	if err != nil {
		t.Fatal(err)
	}
	f := sc.Forms[0]
	f.UpdatedAt = f.CreatedAt - 10
	var shared *scenario.Record
	for _, r := range sc.Records {
		if shared == nil && r.QRCode != nil && r.QRCode.Form != nil && r.Form != nil {
			shared = r
		}
	}
	if shared == nil {
		t.Fatal("the default scenario has no record with a QR code of a form")
	}
	var other *scenario.Record
	for _, r := range sc.Records {
		if r.Form != nil && r.Form != shared.QRCode.Form && r.QRCode != nil && r.QRCode != shared.QRCode {
			other = r
			break
		}
	}
	if other == nil {
		t.Fatal("the default scenario has no record of another form")
	}
	other.QRCode = shared.QRCode
	data, _, err := renderRepaired(sc, nil)
	if err != nil {
		t.Fatalf("the recording was lost: %v", err)
	}
	for _, want := range []string{"is before its created_at", "the record's link to it is dropped"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the header should tell the repair %q:\n%.2000s", want, data)
		}
	}
	got, err := scenario.Parse("repaired.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	for _, gf := range got.Forms {
		if gf.ID == f.ID && gf.UpdatedAt != f.CreatedAt {
			t.Errorf("form %d updated_at %d; want its created_at %d", f.ID, gf.UpdatedAt, f.CreatedAt)
		}
	}
}
