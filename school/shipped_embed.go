//go:build !js

package school

import (
	"embed"
	"io/fs"
)

// shipped holds the estimates fitted for ShippedColumns with the default
// rules: each the file that "dicepoker solve --game school --columns N"
// writes (DefaultFit, fitted the same whatever the threads), gzipped
// ("gzip -9n"), under the file's own name with ".gz" added, in the folder
// estimates. The fit takes minutes; the program reads a shipped one in
// milliseconds.
//
//go:embed estimates
var shipped embed.FS

// Shipped returns the estimates that ship inside the program, each
// estimates/NAME.gz: what the offline app's site serves in their place
// (see shipped_js.go).
func Shipped() fs.FS { return shipped }
