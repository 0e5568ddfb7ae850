package profile

// schemaProblems validates the decoded document against schemas/profile.json.
// (Wired to the schemas package once it lands.)
func schemaProblems(doc any) []Problem { return nil }
