package wire

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/scenario"
)

// everyError is one of each error this package builds.
func everyError() map[string]*Error {
	return map[string]*Error{
		"Param":            Param("page_size must be an integer >= %d", 1),
		"Verify":           Verify(contract.ErrInvalidTarget, "no next status"),
		"Verify unknown":   Verify(100399, "a code of no table"),
		"RecordNotFound":   RecordNotFound("no record"),
		"TemplateNotFound": TemplateNotFound(),
		"Unauthorized":     Unauthorized("no key"),
		"Forbidden read":   Forbidden(false, "no read"),
		"Forbidden write":  Forbidden(true, "no write"),
		"Method":           Method("GET"),
		"TooLarge":         TooLarge,
		"NoEndpoint":       NoEndpoint("/x"),
		"NoNamespace":      NoNamespace("bad name"),
		"Transport":        Transport(contract.HeadersTooLarge, "headers too large"),
		"HostNotServed":    HostNotServed("not this Host"),
		"CrossSite":        CrossSite("another site"),
		"NamespacesFull":   NamespacesFull("every namespace in use"),
		"Busy":             Busy("at the connection cap"),
		"Internal":         Internal,
		"Internal getForm": InternalOf(contract.GetFormList.Name),
	}
}

// TestEveryErrorComesFromContractsTables: the message of every answer is
// the message of its code's row, so a message has one home.
func TestEveryErrorComesFromContractsTables(t *testing.T) {
	rows := map[string]bool{}
	for _, r := range append(append([]contract.ErrorCode{}, contract.VerifyErrors...), contract.KitErrors...) {
		rows[strconv.Itoa(r.Code)+" "+r.Message] = true
	}
	failed, _ := contract.VerifyError(contract.ErrVerifyFailed)
	for name, e := range everyError() {
		key := strconv.Itoa(e.ErrorCode) + " " + e.Message
		if !rows[key] && !(name == "Verify unknown" && e.Message == failed.Message) {
			t.Errorf("%s: %q is no row of contract's tables", name, key)
		}
		if e.Detail == "" {
			t.Errorf("%s: no detail", name)
		}
	}
	if InternalOf(contract.GetRecord.Name) != Internal || InternalOf("") != Internal {
		t.Error("only getFormList has its own internal answer")
	}
}

// TestNoMessageIsWrittenOutsideContract reads the mock's sources: a
// message of contract's tables written as a literal there would be a
// second home that can drift.
func TestNoMessageIsWrittenOutsideContract(t *testing.T) {
	root := filepath.Join("..", "..")
	var msgs []string
	for _, r := range append(append([]contract.ErrorCode{}, contract.VerifyErrors...), contract.KitErrors...) {
		msgs = append(msgs, strconv.Quote(r.Message))
	}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range msgs {
			if strings.Contains(string(src), m) {
				t.Errorf("%s writes the message %s; build the error with package wire", path, m)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestErrorShapes pins the three bodies of docs/contract.md §C3, member by
// member and in order.
func TestErrorShapes(t *testing.T) {
	e := &Error{Code: 400, ErrorCode: 100326, Message: "m", Detail: `d "q"`}
	want := map[contract.ErrorShape]string{
		contract.ShapeFull:      `{"code":400,"error_code":100326,"message":"m","message_detail":"d \"q\""}`,
		contract.ShapeVerify:    `{"code":400,"message":"m","data":{},"error_code":100326,"message_detail":"d \"q\""}`,
		contract.ShapeTemplates: `{"code":400,"message":"m","data":{},"message_detail":"d \"q\""}`,
	}
	for shape, w := range want {
		got := AppendError(nil, shape, e)
		if string(got) != w {
			t.Errorf("%s: %s, want %s", shape, got, w)
		}
		if !json.Valid(got) {
			t.Errorf("%s: not JSON", shape)
		}
	}
}

// TestStatusIsTheRowsColumn: the status line of every error is its row's
// status, and the body's code too; always_200 answers 200 where the
// service would, never where the mock refuses on its own.
func TestStatusIsTheRowsColumn(t *testing.T) {
	rows := map[string]contract.ErrorCode{}
	for _, r := range append(append([]contract.ErrorCode{}, contract.VerifyErrors...), contract.KitErrors...) {
		rows[strconv.Itoa(r.Code)+" "+r.Message+" "+strconv.Itoa(r.Status)+" "+strconv.FormatBool(r.Mock)] = r
	}
	for name, e := range everyError() {
		row, ok := rows[strconv.Itoa(e.ErrorCode)+" "+e.Message+" "+strconv.Itoa(e.Status)+" "+strconv.FormatBool(e.Fixed)]
		if !ok && name != "Verify unknown" {
			t.Errorf("%s: status %d is no row's", name, e.Status)
			continue
		}
		if got := Status(scenario.StatusPerCode, e); got != e.Status || e.Code != e.Status {
			t.Errorf("%s: per_code status %d, body code %d, row's status %d", name, got, e.Code, e.Status)
		}
		want := 200
		if row.Mock || e.Fixed {
			want = e.Status
		}
		if got := Status(scenario.StatusAlways200, e); got != want {
			t.Errorf("%s: always_200 status %d, want %d", name, got, want)
		}
	}
	for _, r := range append(append(append([]contract.ErrorCode{}, contract.VerifyErrors...), contract.KitErrors...), contract.AdminErrors...) {
		if r.Status < 400 || r.Status > 599 {
			t.Errorf("row %d %q: status %d is no error status", r.Code, r.Message, r.Status)
		}
	}
}

// TestInjectedStatus: a fault rule's code mirrors into the status line
// where a row's status could be that code, and the rule's own status
// holds in every mode.
func TestInjectedStatus(t *testing.T) {
	cases := []struct {
		mode               scenario.HTTPStatusMode
		code, status, want int
	}{
		{scenario.StatusPerCode, 400, 0, 400}, {scenario.StatusPerCode, 413, 0, 413},
		{scenario.StatusPerCode, 503, 0, 503}, {scenario.StatusPerCode, 0, 0, 200},
		{scenario.StatusPerCode, 418, 0, 200}, {scenario.StatusAlways200, 404, 0, 200},
		{scenario.StatusAlways200, 404, 502, 502}, {scenario.StatusPerCode, 400, 200, 200},
	}
	for _, c := range cases {
		if got := Status(c.mode, Injected(c.code, 0, "", "d", c.status)); got != c.want {
			t.Errorf("%s %d (rule status %d): %d, want %d", c.mode, c.code, c.status, got, c.want)
		}
	}
}

func TestQuoteCutsLongEchoes(t *testing.T) {
	if got := Quote(strings.Repeat("长", 50)); got != strconv.Quote(strings.Repeat("长", 40))+"…" {
		t.Errorf("long: %s", got)
	}
	if got := Quote("a\"b"); got != `"a\"b"` {
		t.Errorf("short: %s", got)
	}
}
