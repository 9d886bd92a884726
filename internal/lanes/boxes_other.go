//go:build !amd64 || purego

package lanes

// activeBoxesChoosing is MaxByBoxesChoosing's kernel: plain Go where
// there is no assembly for the architecture, or the purego build tag
// asks for none.
var activeBoxesChoosing = boxesChoosingGo
