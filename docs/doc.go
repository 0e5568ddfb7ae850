// Package docs holds the project's documentation as Markdown. Its only Go
// is a test that keeps every citation in the repository pointing at a file
// and a section that exist, so a clone is self-contained.
package docs
