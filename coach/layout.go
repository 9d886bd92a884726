package coach

// Layout is a sheet laid out box by box, as the web page draws it and as
// its JSON carries it: a single sheet's boxes and upper section, or
// school's rows, columns and reserve.
type Layout struct {
	Score int  `json:"score"`
	Turn  int  `json:"turn"` // the turn about to be played, from 1
	Turns int  `json:"turns"`
	Over  bool `json:"over"`
	// single sheets
	Boxes          []Box  `json:"boxes,omitempty"`
	UpperTotal     *int   `json:"upper_total,omitempty"`
	UpperThreshold int    `json:"upper_threshold,omitempty"`
	UpperBonus     int    `json:"upper_bonus,omitempty"` // what the upper bonus pays; 0: none
	BonusKey       string `json:"bonus_key,omitempty"`   // the five-alike bonus's sheet key
	FiveBonus      *int   `json:"five_bonus,omitempty"`  // its points earned so far
	// school
	Rows    []Row    `json:"rows,omitempty"`
	Columns []Column `json:"columns,omitempty"`
	Reserve *int     `json:"reserve,omitempty"`
	Bonuses *int     `json:"bonuses,omitempty"`
}

// Box is a box of a single sheet.
type Box struct {
	Name   string `json:"name"`
	Upper  bool   `json:"upper,omitempty"`
	Points *int   `json:"points"` // null while open
}

// Row is a row of the school sheet.
type Row struct {
	Name   string   `json:"name"`
	School bool     `json:"school,omitempty"`
	Cells  []string `json:"cells"` // the written cells, in the notation: x, r, 0, - or points
	Bonus  int      `json:"bonus"` // earned
	// HasBonus reports whether the row has a bonus (sum has none), and
	// InReach whether it can still be earned.
	HasBonus bool `json:"has_bonus"`
	InReach  bool `json:"in_reach"`
	Taken    bool `json:"taken"` // by another player
}

// Column is a column's bonus on the school sheet.
type Column struct {
	Bonus   int  `json:"bonus"`
	InReach bool `json:"in_reach"`
	Taken   bool `json:"taken"` // by another player
}
