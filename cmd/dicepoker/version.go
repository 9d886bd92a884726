package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// runVersion prints the version of dicepoker.
func runVersion(e env, args []string, stdout io.Writer) error {
	fs := newFlagSet("version")
	if err := parseFlags(fs, args, stdout, "version", "Print the version of dicepoker, the Go that built it and the commit."); err != nil {
		return err
	}
	_, err := fmt.Fprintln(stdout, versionLine(debug.ReadBuildInfo()))
	return err
}

// versionLine writes the version line from the build information:
// "dicepoker v1.2.0 (go1.26.0, commit 8519180c4f2e, modified)". Without
// it (a binary built without module support) it says "devel".
func versionLine(info *debug.BuildInfo, ok bool) string {
	version, commit, modified := "devel", "", false
	goVersion := runtime.Version()
	if ok {
		if v := info.Main.Version; v != "" && v != "(devel)" {
			version = v
		}
		goVersion = info.GoVersion
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				commit = s.Value[:min(12, len(s.Value))]
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	line := "dicepoker " + version + " (" + goVersion
	if commit != "" {
		line += ", commit " + commit
		if modified {
			line += ", modified"
		}
	}
	return line + ")"
}
