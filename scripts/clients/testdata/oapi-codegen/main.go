// Command oapi-codegen-client calls every endpoint of a running rtq mock
// ($RTQ_BASE_URL) through the client oapi-codegen generated, and wants a
// typed success and a typed error answer from each. It is run by
// scripts/check-clients.sh beside the docs/ecosystem.md recipe (recipe.go).
package main

import (
	"context"
	"fmt"
	"os"
	"strconv"

	"example.com/rtqclient/rtq"
)

func main() {
	if err := run(context.Background(), os.Getenv("RTQ_BASE_URL")); err != nil {
		fmt.Fprintln(os.Stderr, "oapi-codegen client:", err)
		os.Exit(1)
	}
}

func ptr[T any](v T) *T { return &v }

// fieldTypes is how many field types the document defines:
// scripts/check-clients.sh counts them in the field_type enums of the
// OpenAPI document (RTQ_FIELD_TYPES). Written here, the number would go
// stale the day a type is added.
var fieldTypes, _ = strconv.Atoi(os.Getenv("RTQ_FIELD_TYPES"))

func run(ctx context.Context, base string) error {
	if fieldTypes == 0 {
		return fmt.Errorf("RTQ_FIELD_TYPES is not set: scripts/check-clients.sh sets it")
	}
	read, err := newClient(base, "rtq-demo-read")
	if err != nil {
		return err
	}
	write, _ := newClient(base, "rtq-demo-write")
	none, _ := rtq.NewClientWithResponses(base)
	calls := 0

	// getRecord: the recipe, then every field of a record with every field type.
	addrs, err := addresses(ctx, read, 100001)
	if err != nil || len(addrs) == 0 || addrs[0].Lat == 0 {
		return fmt.Errorf("getRecord: addresses %v, %v", addrs, err)
	}
	if _, err := addresses(ctx, read, 190001); err == nil {
		return fmt.Errorf("getRecord of another organization's record: no typed 404")
	}
	rec, err := read.GetRecordWithResponse(ctx, rtq.RecordGetRecordRequest{RecordId: ptr(100001)})
	if err != nil || rec.JSON200 == nil {
		return fmt.Errorf("getRecord 100001: %v %v", err, rec)
	}
	payload, err := rec.JSON200.Data.AsRecordGetRecordResponseEnvelopeJson()
	if err != nil {
		return err
	}
	kinds := map[string]bool{}
	checked := 0
	for _, g := range payload.Data.TplGroups {
		for _, f := range g.Fields {
			kind, err := f.Discriminator()
			if err != nil {
				return err
			}
			kinds[kind] = true
			if _, err := f.ValueByDiscriminator(); err != nil {
				return fmt.Errorf("field of type %s: %w", kind, err)
			}
			if kind == "checkbox" {
				cb, err := f.AsRecordFieldCheckbox()
				if err != nil || len(cb.FieldValue.Values) == 0 || cb.FieldValue.Values[0].OptionText == "" {
					return fmt.Errorf("checkbox: %+v %v", cb, err)
				}
				checked++
			}
		}
	}
	if len(kinds) != fieldTypes || checked == 0 {
		return fmt.Errorf("record 100001: %d field types decoded, %d checkboxes; want %d and some", len(kinds), checked, fieldTypes)
	}
	md, err := read.GetRecordWithResponse(ctx, rtq.RecordGetRecordRequest{RecordId: ptr(100001), Format: ptr(rtq.RecordGetRecordRequestFormatMarkdown)})
	if err != nil || md.JSON200 == nil {
		return fmt.Errorf("getRecord markdown: %v", err)
	}
	if m, err := md.JSON200.Data.AsRecordGetRecordResponseEnvelopeMarkdown(); err != nil || len(m.Data) < 4 || m.Data[:4] != "---\n" {
		return fmt.Errorf("getRecord markdown: %q %v", m.Data, err)
	}
	calls += 4

	// getFormList: a page, and a typed 401 without a key.
	forms, err := read.GetFormListWithResponse(ctx, rtq.RecordGetFormListRequest{Page: ptr(1), PageSize: ptr(2)})
	if err != nil || forms.JSON200 == nil || len(forms.JSON200.Data.List) != 2 || forms.JSON200.Data.List[0].Name == "" {
		return fmt.Errorf("getFormList: %v %s", err, body(forms.Body))
	}
	noKey, err := none.GetFormListWithResponse(ctx, rtq.RecordGetFormListRequest{})
	if err != nil || noKey.JSON401 == nil || noKey.JSON401.Code != 401 {
		return fmt.Errorf("getFormList without a key: want a typed 401: %v %s", err, body(noKey.Body))
	}

	// listTemplates: a page, and a typed 400 naming the parameter.
	tpls, err := read.ListTemplatesWithResponse(ctx, rtq.TemplatesListRequest{StartTime: ptr("2025-01-01"), EndTime: ptr("2025-12-31"), PageSize: ptr(2)})
	if err != nil || tpls.JSON200 == nil || len(tpls.JSON200.Data.List) == 0 {
		return fmt.Errorf("listTemplates: %v %s", err, body(tpls.Body))
	}
	bad, err := read.ListTemplatesWithResponse(ctx, rtq.TemplatesListRequest{StartTime: ptr("yesterday")})
	if err != nil || bad.JSON400 == nil || bad.JSON400.Message == "" {
		return fmt.Errorf("listTemplates with a bad time: want a typed 400: %v %s", err, body(bad.Body))
	}

	// listQrcodes: a page, and a typed 404.
	codes, err := read.ListQrcodesWithResponse(ctx, rtq.TemplatesListQrcodesRequest{Template: "demo-tpl-big", PageSize: ptr(2)})
	if err != nil || codes.JSON200 == nil || len(codes.JSON200.Data.List) != 2 {
		return fmt.Errorf("listQrcodes: %v %s", err, body(codes.Body))
	}
	unknown, err := read.ListQrcodesWithResponse(ctx, rtq.TemplatesListQrcodesRequest{Template: "no-such-template"})
	if err != nil || unknown.JSON404 == nil {
		return fmt.Errorf("listQrcodes of an unknown template: want a typed 404: %v %s", err, body(unknown.Body))
	}

	// verifyCertificate: a write, and a typed 403 for a read-only key.
	ok, err := write.VerifyCertificateWithResponse(ctx, rtq.CertificatesVerifyRequest{CertificateCode: "demo-cert-a-pending-01", ActionType: rtq.SetNextCertificateStatus})
	if err != nil || ok.JSON200 == nil || ok.JSON200.Data.CertificateStatus == "" {
		return fmt.Errorf("verifyCertificate: %v %s", err, body(ok.Body))
	}
	denied, err := read.VerifyCertificateWithResponse(ctx, rtq.CertificatesVerifyRequest{CertificateCode: "demo-cert-a-pending-02", ActionType: rtq.SetNextCertificateStatus})
	if err != nil || denied.JSON403 == nil {
		return fmt.Errorf("verifyCertificate with a read key: want a typed 403: %v %s", err, body(denied.Body))
	}
	calls += 8
	fmt.Printf("oapi-codegen client: %d calls, every endpoint, typed successes and errors; %d field types decoded\n", calls, fieldTypes)
	return nil
}

func body(b []byte) string { return string(b) }
