package web

import "io/fs"

// Page returns the page's files as serve serves them: index.html, its
// scripts and its style sheet.
func Page() fs.FS {
	files, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // "static" is a valid path: never
	}
	return files
}
