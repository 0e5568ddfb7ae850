// Command ogen-client calls every endpoint of a running rtq mock
// ($RTQ_BASE_URL) through the client ogen generated, and wants a typed
// success and a typed error answer from each. Run by
// scripts/check-clients.sh. An answer is an interface with one type per
// status (a type switch picks it); the payload and each field are sum
// types read through their Get accessors, with no type assertion.
package main

import (
	"context"
	"fmt"
	"os"
	"strconv"

	"example.com/rtqogen/rtq"
)

// key is the bearer key a client sends.
type key string

func (k key) RTQAPIKEY(context.Context, rtq.OperationName) (rtq.RTQAPIKEY, error) {
	return rtq.RTQAPIKEY{Token: string(k)}, nil
}

func main() {
	if err := run(context.Background(), os.Getenv("RTQ_BASE_URL")); err != nil {
		fmt.Fprintln(os.Stderr, "ogen client:", err)
		os.Exit(1)
	}
}

// fieldTypes is how many field types the document defines:
// scripts/check-clients.sh counts them in the field_type enums of the
// OpenAPI document (RTQ_FIELD_TYPES). Written here, the number would go
// stale the day a type is added.
var fieldTypes, _ = strconv.Atoi(os.Getenv("RTQ_FIELD_TYPES"))

func run(ctx context.Context, base string) error {
	if fieldTypes == 0 {
		return fmt.Errorf("RTQ_FIELD_TYPES is not set: scripts/check-clients.sh sets it")
	}
	read, err := rtq.NewClient(base, key("rtq-demo-read"))
	if err != nil {
		return err
	}
	write, _ := rtq.NewClient(base, key("rtq-demo-write"))
	none, _ := rtq.NewClient(base, key(""))
	calls := 0

	// getRecord: every field of a record with every field type, the markdown
	// payload, and a typed 404.
	res, err := read.GetRecord(ctx, &rtq.RecordGetRecordRequest{RecordID: rtq.NewOptInt(100001)})
	if err != nil {
		return fmt.Errorf("getRecord 100001: %w", err)
	}
	var lat float64
	var ticked []string
	variants := map[rtq.RecordFieldType]bool{}
	switch r := res.(type) {
	case *rtq.RecordGetRecordResponse:
		payload, ok := r.Data.GetRecordGetRecordResponseEnvelopeJSON()
		if !ok {
			return fmt.Errorf("getRecord 100001: payload of type %s", r.Data.Type)
		}
		for _, g := range payload.Data.TplGroups {
			for _, f := range g.Fields {
				variants[f.Type] = true
				if a, ok := f.GetRecordFieldAddress(); ok {
					lat = a.FieldValue.Lat
				}
				if c, ok := f.GetRecordFieldCheckbox(); ok {
					for _, o := range c.FieldValue.Values {
						ticked = append(ticked, o.OptionText)
					}
				}
			}
		}
	default:
		return fmt.Errorf("getRecord 100001: %T %+v", res, res)
	}
	if lat == 0 || len(ticked) == 0 || len(variants) != fieldTypes {
		return fmt.Errorf("getRecord 100001: lat %v, ticked %v, %d field types; want a lat, options and %d", lat, ticked, len(variants), fieldTypes)
	}
	md, err := read.GetRecord(ctx, &rtq.RecordGetRecordRequest{RecordID: rtq.NewOptInt(100001), Format: rtq.NewOptRecordGetRecordRequestFormat(rtq.RecordGetRecordRequestFormatMarkdown)})
	if r, ok := md.(*rtq.RecordGetRecordResponse); !ok || err != nil {
		return fmt.Errorf("getRecord markdown: %T %v", md, err)
	} else if m, ok := r.Data.GetRecordGetRecordResponseEnvelopeMarkdown(); !ok || len(m.Data) < 4 {
		return fmt.Errorf("getRecord markdown: %+v", r.Data)
	}
	nf, err := read.GetRecord(ctx, &rtq.RecordGetRecordRequest{RecordID: rtq.NewOptInt(190001)})
	if e, ok := nf.(*rtq.GetRecordNotFound); !ok || err != nil || e.Code != 404 {
		return fmt.Errorf("getRecord of another organization: want a typed 404: %T %v", nf, err)
	}
	calls += 3

	// getFormList: a page, and a typed 401.
	forms, err := read.GetFormList(ctx, &rtq.RecordGetFormListRequest{Page: rtq.NewOptInt(1), PageSize: rtq.NewOptInt(2)})
	if r, ok := forms.(*rtq.RecordGetFormListResponse); !ok || err != nil || len(r.Data.List) != 2 {
		return fmt.Errorf("getFormList: %T %v", forms, err)
	}
	noKey, err := none.GetFormList(ctx, &rtq.RecordGetFormListRequest{})
	if e, ok := noKey.(*rtq.GetFormListUnauthorized); !ok || err != nil || e.Message == "" {
		return fmt.Errorf("getFormList without a key: want a typed 401: %T %v", noKey, err)
	}

	// listTemplates: a page, and a typed 400.
	tpls, err := read.ListTemplates(ctx, &rtq.TemplatesListRequest{StartTime: rtq.NewOptString("2025-01-01"), EndTime: rtq.NewOptString("2025-12-31"), PageSize: rtq.NewOptInt(2)})
	if r, ok := tpls.(*rtq.TemplatesListResponse); !ok || err != nil || len(r.Data.List) == 0 {
		return fmt.Errorf("listTemplates: %T %v", tpls, err)
	}
	bad, err := read.ListTemplates(ctx, &rtq.TemplatesListRequest{StartTime: rtq.NewOptString("yesterday")})
	if _, ok := bad.(*rtq.ListTemplatesBadRequest); !ok || err != nil {
		return fmt.Errorf("listTemplates with a bad time: want a typed 400: %T %v", bad, err)
	}

	// listQrcodes: a page, and a typed 404.
	codes, err := read.ListQrcodes(ctx, &rtq.TemplatesListQrcodesRequest{Template: "demo-tpl-big", PageSize: rtq.NewOptInt(2)})
	if r, ok := codes.(*rtq.TemplatesListQrcodesResponse); !ok || err != nil || len(r.Data.List) != 2 {
		return fmt.Errorf("listQrcodes: %T %v", codes, err)
	}
	unknown, err := read.ListQrcodes(ctx, &rtq.TemplatesListQrcodesRequest{Template: "no-such-template"})
	if _, ok := unknown.(*rtq.ListQrcodesNotFound); !ok || err != nil {
		return fmt.Errorf("listQrcodes of an unknown template: want a typed 404: %T %v", unknown, err)
	}

	// verifyCertificate: a write, and a typed 403.
	moved, err := write.VerifyCertificate(ctx, &rtq.CertificatesVerifyRequest{CertificateCode: "demo-cert-a-pending-01", ActionType: rtq.CertificatesVerifyRequestActionTypeSetNextCertificateStatus})
	if r, ok := moved.(*rtq.CertificatesVerifyResponse); !ok || err != nil || r.Data.CertificateStatus == "" {
		return fmt.Errorf("verifyCertificate: %T %v", moved, err)
	}
	denied, err := read.VerifyCertificate(ctx, &rtq.CertificatesVerifyRequest{CertificateCode: "demo-cert-a-pending-02", ActionType: rtq.CertificatesVerifyRequestActionTypeSetNextCertificateStatus})
	if _, ok := denied.(*rtq.VerifyCertificateForbidden); !ok || err != nil {
		return fmt.Errorf("verifyCertificate with a read key: want a typed 403: %T %v", denied, err)
	}
	calls += 8
	fmt.Printf("ogen client: %d calls, every endpoint, typed successes and errors; %d field types decoded\n", calls, fieldTypes)
	return nil
}
