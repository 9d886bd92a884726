//go:build !purego

#include "textflag.h"

// sixth is 1/6 as a float64, as in lanes_amd64.s.
DATA sixth<>+0(SB)/8, $0x3fc5555555555555
GLOBL sixth<>(SB), RODATA|NOPTR, $8

// func spreadAVX(v *LaneKeeps, rows []laneRow, parents int)
// Each row: its parents' rows summed in order into Y0, Y1, times a sixth,
// added to the keep's row. rows is not empty, and parents at least 1, as
// in every maxGroup.
TEXT ·spreadAVX(SB), NOSPLIT, $0-40
	MOVQ v+0(FP), DI
	MOVQ rows_base+8(FP), SI
	MOVQ rows_len+16(FP), CX
	MOVQ parents+32(FP), BX
	VBROADCASTSD sixth<>(SB), Y15
spreadrow:
	MOVWQZX 2(SI), AX
	VMOVUPD (DI)(AX*1), Y0
	VMOVUPD 32(DI)(AX*1), Y1
	LEAQ 4(SI), R10
	MOVQ BX, DX
	DECQ DX
	JZ spreadscale
spreadparent:
	MOVWQZX (R10), AX
	VADDPD (DI)(AX*1), Y0, Y0
	VADDPD 32(DI)(AX*1), Y1, Y1
	ADDQ $2, R10
	DECQ DX
	JNZ spreadparent
spreadscale:
	VMULPD Y15, Y0, Y0
	VMULPD Y15, Y1, Y1
	MOVWQZX (SI), AX
	VADDPD (DI)(AX*1), Y0, Y0
	VADDPD 32(DI)(AX*1), Y1, Y1
	VMOVUPD Y0, (DI)(AX*1)
	VMOVUPD Y1, 32(DI)(AX*1)
	ADDQ $16, SI
	SUBQ $1, CX
	JNZ spreadrow
	VZEROUPPER
	RET

// func bestChoicesAVX(v, c *LaneKeeps, rows []laneRow, parents int)
// Each row: the keep's own value into Y8, Y9 and, with each parent's
// best folded in as maxLanesAVX folds them, its best into Y0, Y1; its own
// keep index where its own value is that best into Y2, Y3, then for each
// parent the parent's choice where the parent's best is the keep's, the
// larger kept; then the best into v and the choice
// into c. rows is not empty, and parents at least 1, as in every
// maxGroup.
TEXT ·bestChoicesAVX(SB), NOSPLIT, $0-48
	MOVQ rows_base+16(FP), SI
	MOVQ rows_len+24(FP), CX
	SHLQ $4, CX
	ADDQ SI, CX // the end of the rows
	MOVQ parents+40(FP), BX
	MOVQ v+0(FP), DI
	MOVQ c+8(FP), R8
bestchoicesrow:
	MOVWQZX (SI), R12
	VMOVUPD (DI)(R12*1), Y0
	VMOVUPD 32(DI)(R12*1), Y1
	VMOVAPD Y0, Y8
	VMOVAPD Y1, Y9
	MOVQ $1, DX
bestchoicesmax:
	MOVWQZX (SI)(DX*2), AX
	VMAXPD (DI)(AX*1), Y0, Y0
	VMAXPD 32(DI)(AX*1), Y1, Y1
	INCQ DX
	CMPQ DX, BX
	JLE bestchoicesmax
	VCMPPD $0, Y8, Y0, Y2
	VCMPPD $0, Y9, Y1, Y3
	MOVQ R12, AX
	SHRQ $6, AX
	VCVTSI2SDQ AX, X4, X4
	VMOVDDUP X4, X4
	VINSERTF128 $1, X4, Y4, Y4
	VANDPD Y4, Y2, Y2
	VANDPD Y4, Y3, Y3
	LEAQ 2(SI), R10
	MOVQ BX, DX
bestchoicesparent:
	MOVWQZX (R10), AX
	VCMPPD $0, (DI)(AX*1), Y0, Y5
	VCMPPD $0, 32(DI)(AX*1), Y1, Y6
	VANDPD (R8)(AX*1), Y5, Y5
	VANDPD 32(R8)(AX*1), Y6, Y6
	VMAXPD Y5, Y2, Y2
	VMAXPD Y6, Y3, Y3
	ADDQ $2, R10
	DECQ DX
	JNZ bestchoicesparent
	VMOVUPD Y0, (DI)(R12*1)
	VMOVUPD Y1, 32(DI)(R12*1)
	VMOVUPD Y2, (R8)(R12*1)
	VMOVUPD Y3, 32(R8)(R12*1)
	ADDQ $16, SI
	CMPQ SI, CX
	JB bestchoicesrow
	VZEROUPPER
	RET
