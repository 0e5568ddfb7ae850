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
	"github.com/rtq-kit/rtq/mockserver/internal/answer"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
)

// everyError is one of each error this package builds.
func everyError() map[string]*fail.Error {
	return map[string]*fail.Error{
		"Param":            fail.Param("page_size must be an integer >= %d", 1),
		"Verify":           fail.Verify(contract.ErrInvalidTarget, "no next status"),
		"Verify unknown":   fail.Verify(100399, "a code of no table"),
		"RecordNotFound":   fail.RecordNotFound("no record"),
		"TemplateNotFound": fail.TemplateNotFound(),
		"Unauthorized":     fail.Unauthorized("no key"),
		"Forbidden read":   fail.Forbidden(false, "no read"),
		"Forbidden write":  fail.Forbidden(true, "no write"),
		"Method":           fail.Method("GET"),
		"TooLarge":         fail.TooLarge,
		"NoEndpoint":       fail.NoEndpoint("/x"),
		"NoNamespace":      fail.NoNamespace("bad name"),
		"Transport":        fail.Transport(contract.HeadersTooLarge, "headers too large"),
		"HostNotServed":    fail.HostNotServed("not this Host"),
		"CrossSite":        fail.CrossSite("another site"),
		"NamespacesFull":   fail.NamespacesFull("every namespace in use"),
		"Busy":             fail.Busy("at the connection cap"),
		"Internal":         fail.Internal,
		"Internal getForm": fail.InternalOf(contract.GetFormList.Name),
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
	if fail.InternalOf(contract.GetRecord.Name) != fail.Internal || fail.InternalOf("") != fail.Internal {
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
	e := &fail.Error{Code: 400, ErrorCode: 100326, Message: "m", Detail: `d "q"`}
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
		if got := Status(nil, e); got != e.Status || e.Code != e.Status {
			t.Errorf("%s: per_code status %d, body code %d, row's status %d", name, got, e.Code, e.Status)
		}
		want := 200
		if row.Mock || e.Fixed {
			want = e.Status
		}
		if got := Status(&answer.ErrorRules{Always200: true}, e); got != want {
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
		always200          bool
		code, status, want int
	}{
		{false, 400, 0, 400}, {false, 413, 0, 413},
		{false, 503, 0, 503}, {false, 0, 0, 200},
		{false, 418, 0, 200}, {true, 404, 0, 200},
		{true, 404, 502, 502}, {false, 400, 200, 200},
	}
	for _, c := range cases {
		if got := Status(&answer.ErrorRules{Always200: c.always200}, fail.Injected(c.code, 0, "", "d", c.status)); got != c.want {
			t.Errorf("always_200 %v, %d (rule status %d): %d, want %d", c.always200, c.code, c.status, got, c.want)
		}
	}
}
