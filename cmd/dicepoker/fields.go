package main

import "strings"

// flagOf names a request's field as the command line does, by its flag:
// rolls_left is --rolls-left, opponents --opponent (given once for each).
func flagOf(field string) string {
	if field == "opponents" {
		return "--opponent"
	}
	return "--" + strings.ReplaceAll(field, "_", "-")
}
