// Package readercheck holds a loader of a file a user names (a profile, a
// baseline report) to the reading of internal/userfile, with the paths of
// testkit/hostilefiles. It stands apart from hostilefiles because
// userfile's own tests use hostilefiles.
package readercheck
