package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Peer versions the benchmark was written and checked against; run.sh
// installs exactly these into .tools/peers.
const (
	wiremockJar = "node_modules/wiremock/build/wiremock-standalone-3.13.2.jar"
	prismBin    = "node_modules/@stoplight/prism-cli/dist/index.js"
	mockoonBin  = "node_modules/@mockoon/cli/bin/run.js"
)

// peer is another mock server set up to serve the same getRecord answer.
type peer struct {
	name string
	// setup writes the peer's configuration into dir and returns the
	// command line that serves it on port.
	setup func(dir string, port int, body []byte) ([]string, error)
}

func peers(peersDir string) []peer {
	return []peer{
		{"wiremock", func(dir string, port int, body []byte) ([]string, error) {
			return wiremockSetup(peersDir, dir, port, body)
		}},
		{"prism", func(dir string, port int, body []byte) ([]string, error) {
			return prismSetup(peersDir, dir, port, body)
		}},
		{"mockoon", func(dir string, port int, body []byte) ([]string, error) {
			return mockoonSetup(peersDir, dir, port, body)
		}},
	}
}

// wiremockSetup: one stub mapping with the answer as base64Body, so the
// bytes go out untouched; the JVM and WireMock otherwise at their defaults
// (request journal on, as rtq's).
func wiremockSetup(peersDir, dir string, port int, body []byte) ([]string, error) {
	mapping := map[string]any{
		"request": map[string]any{"method": "POST", "urlPath": pathGetRecord},
		"response": map[string]any{
			"status":     200,
			"headers":    map[string]string{"Content-Type": "application/json; charset=utf-8"},
			"base64Body": base64.StdEncoding.EncodeToString(body),
		},
	}
	if err := writeJSON(filepath.Join(dir, "mappings", "getRecord.json"), mapping); err != nil {
		return nil, err
	}
	return []string{"java", "-jar", filepath.Join(peersDir, wiremockJar),
		"--port", strconv.Itoa(port), "--bind-address", "127.0.0.1",
		"--root-dir", dir, "--disable-banner"}, nil
}

// prismSetup: an OpenAPI 3.1 document whose one operation has the answer as
// its example; Prism in static mode (its default) serves the example.
func prismSetup(peersDir, dir string, port int, body []byte) ([]string, error) {
	doc := map[string]any{
		"openapi": "3.1.0",
		"info":    map[string]any{"title": "rtq benchmark", "version": "1"},
		"paths": map[string]any{pathGetRecord: map[string]any{"post": map[string]any{
			"requestBody": map[string]any{"content": map[string]any{
				"application/json": map[string]any{"schema": map[string]any{"type": "object"}},
			}},
			"responses": map[string]any{"200": map[string]any{
				"description": "getRecord answer",
				"content": map[string]any{"application/json": map[string]any{
					"example": json.RawMessage(body),
				}},
			}},
		}}},
	}
	file := filepath.Join(dir, "openapi.json")
	if err := writeJSON(file, doc); err != nil {
		return nil, err
	}
	return []string{"node", filepath.Join(peersDir, prismBin), "mock",
		"-h", "127.0.0.1", "-p", strconv.Itoa(port), file}, nil
}

// mockoonSetup: an environment with one route whose inline body is the
// answer, templating off (so the bytes go out as they are) and CORS off.
func mockoonSetup(peersDir, dir string, port int, body []byte) ([]string, error) {
	resp := map[string]any{
		"uuid": "b0000000-0000-4000-8000-000000000002", "body": string(body), "latency": 0,
		"statusCode": 200, "label": "", "bodyType": "INLINE", "filePath": "", "databucketID": "",
		"headers":        []any{map[string]string{"key": "Content-Type", "value": "application/json; charset=utf-8"}},
		"sendFileAsBody": false, "rules": []any{}, "rulesOperator": "OR", "disableTemplating": true,
		"fallbackTo404": false, "default": true, "crudKey": "id", "callbacks": []any{},
	}
	route := map[string]any{
		"uuid": "b0000000-0000-4000-8000-000000000001", "type": "http", "documentation": "",
		"method": "post", "endpoint": strings.TrimPrefix(pathGetRecord, "/"),
		"responses": []any{resp}, "responseMode": nil, "streamingMode": nil, "streamingInterval": 0,
	}
	env := map[string]any{
		"uuid": "b0000000-0000-4000-8000-000000000000", "lastMigration": 33, "name": "rtq benchmark",
		"endpointPrefix": "", "latency": 0, "port": port, "hostname": "127.0.0.1", "folders": []any{},
		"routes": []any{route}, "rootChildren": []any{map[string]string{"type": "route", "uuid": "b0000000-0000-4000-8000-000000000001"}},
		"proxyMode": false, "proxyHost": "", "proxyRemovePrefix": false,
		"tlsOptions": map[string]any{"enabled": false, "type": "CERT", "pfxPath": "", "certPath": "", "keyPath": "", "caPath": "", "passphrase": ""},
		"cors":       false, "headers": []any{}, "proxyReqHeaders": []any{}, "proxyResHeaders": []any{},
		"data": []any{}, "callbacks": []any{},
	}
	file := filepath.Join(dir, "environment.json")
	if err := writeJSON(file, env); err != nil {
		return nil, err
	}
	return []string{"node", filepath.Join(peersDir, mockoonBin), "start",
		"--data", file, "--port", strconv.Itoa(port), "--hostname", "127.0.0.1", "--disable-log-to-file"}, nil
}

func writeJSON(file string, v any) error {
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("write %s: %w", file, err)
	}
	return os.WriteFile(file, buf.Bytes(), 0o644)
}

// sameBytes fetches the getRecord answer from a peer and compares it byte
// for byte with want: a peer is measured only while it sends what rtq sends.
func sameBytes(ctx context.Context, base, key, reqBody string, want []byte) error {
	_, got, err := send(ctx, base+pathGetRecord, key, reqBody)
	if err != nil {
		return err
	}
	if !bytes.Equal(got, want) {
		return fmt.Errorf("answer differs: got %d bytes, want %d (first difference at byte %d)",
			len(got), len(want), firstDiff(got, want))
	}
	return nil
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
