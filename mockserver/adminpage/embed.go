// Package adminpage holds the admin page of the mock (GET /__admin/):
// plain HTML, CSS and JavaScript embedded in the binary, with no build
// step and nothing fetched from the network, so the page works offline
// and under a strict Content-Security-Policy (no inline script or style).
package adminpage

import "embed"

// Files are index.html, app.js and app.css.
//
//go:embed index.html app.js app.css
var Files embed.FS
