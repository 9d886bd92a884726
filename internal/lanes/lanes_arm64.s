//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// The lane kernels for arm64: each keep row of a LaneKeeps is 64 bytes,
// eight float64 lanes, held in four V registers of two (V0-V3 the row
// being built, V4-V7 the row read). The assembler has no mnemonics for
// the floating-point vector operations, so they are spelled as words:
// Vd.2D = Vn.2D op Vm.2D.
#define FADD2D(m, n, d) WORD $(0x4E60D400 | ((m)<<16) | ((n)<<5) | (d))
#define FMUL2D(m, n, d) WORD $(0x6E60DC00 | ((m)<<16) | ((n)<<5) | (d))
#define FMAX2D(m, n, d) WORD $(0x4E60F400 | ((m)<<16) | ((n)<<5) | (d))

// ADD4 adds V4-V7 to V0-V3, lane by lane.
#define ADD4 \
	FADD2D(4, 0, 0); \
	FADD2D(5, 1, 1); \
	FADD2D(6, 2, 2); \
	FADD2D(7, 3, 3)

// MAX4 sets V0-V3 to the larger of them and V4-V7, lane by lane.
#define MAX4 \
	FMAX2D(4, 0, 0); \
	FMAX2D(5, 1, 1); \
	FMAX2D(6, 2, 2); \
	FMAX2D(7, 3, 3)

// NEXTROW loads into V4-V7 the row at the byte offset that R7 points at,
// and moves R7 to the next offset.
#define NEXTROW \
	MOVHU.P 2(R7), R4; \
	ADD R0, R4, R4; \
	VLD1 (R4), [V4.D2, V5.D2, V6.D2, V7.D2]

// func meanLanesNEON(v *LaneKeeps, rows []laneRow)
TEXT ·meanLanesNEON(SB), NOSPLIT, $0-32
	MOVD v+0(FP), R0
	LDP rows_base+8(FP), (R1, R2) // the rows' base and length
	MOVD $0x3fc5555555555555, R3 // 1.0/6, as the Go kernel's constant rounds
	VDUP R3, V31.D2
	CBZ R2, meandone
meanloop:
	MOVHU 2(R1), R4
	ADD R0, R4, R4
	VLD1 (R4), [V0.D2, V1.D2, V2.D2, V3.D2]
	ADD $4, R1, R7
	MOVD $5, R6
meanchild:
	NEXTROW
	ADD4
	SUBS $1, R6, R6
	BNE meanchild
	FMUL2D(31, 0, 0)
	FMUL2D(31, 1, 1)
	FMUL2D(31, 2, 2)
	FMUL2D(31, 3, 3)
	MOVHU (R1), R4
	ADD R0, R4, R4
	VST1 [V0.D2, V1.D2, V2.D2, V3.D2], (R4)
	ADD $16, R1, R1
	SUBS $1, R2, R2
	BNE meanloop
meandone:
	RET

// func maxLanesNEON(v *LaneKeeps, rows []laneRow, parents int)
// parents is 1 to 5, as in every maxGroup.
TEXT ·maxLanesNEON(SB), NOSPLIT, $0-40
	MOVD v+0(FP), R0
	LDP rows_base+8(FP), (R1, R2) // the rows' base and length
	MOVD parents+32(FP), R3
	CBZ R2, maxdone
maxloop:
	MOVHU (R1), R5
	ADD R0, R5, R5
	VLD1 (R5), [V0.D2, V1.D2, V2.D2, V3.D2]
	MOVD R3, R6
	ADD $2, R1, R7
parentloop:
	NEXTROW
	MAX4
	SUBS $1, R6, R6
	BNE parentloop
	VST1 [V0.D2, V1.D2, V2.D2, V3.D2], (R5)
	ADD $16, R1, R1
	SUBS $1, R2, R2
	BNE maxloop
maxdone:
	RET

// func expectLanesNEON(r *LaneRolls, e *[Lanes]float64)
TEXT ·expectLanesNEON(SB), NOSPLIT, $0-16
	MOVD r+0(FP), R0
	MOVD e+8(FP), R1
	MOVD $·rollProbs(SB), R2
	MOVD $const_numRolls, R3
	VEOR V0.B16, V0.B16, V0.B16
	VEOR V1.B16, V1.B16, V1.B16
	VEOR V2.B16, V2.B16, V2.B16
	VEOR V3.B16, V3.B16, V3.B16
expectloop:
	VLD1R.P 8(R2), [V8.D2]
	VLD1.P 64(R0), [V4.D2, V5.D2, V6.D2, V7.D2]
	FMUL2D(8, 4, 4)
	FMUL2D(8, 5, 5)
	FMUL2D(8, 6, 6)
	FMUL2D(8, 7, 7)
	ADD4
	SUBS $1, R3, R3
	BNE expectloop
	VST1 [V0.D2, V1.D2, V2.D2, V3.D2], (R1)
	RET
