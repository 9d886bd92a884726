//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// The near kernels for AVX, as the lane kernels: a row of eight float64
// lanes in two Y registers. A mask of "near" (VCMPPD predicate 2, LE: the
// bar at most the first value) ANDed with the second values leaves them
// where near and +0 elsewhere, which VMAXPD then takes as nearGo's
// branches do.

// func bestNearAVX(v, e *LaneTurn, rows []laneRow, parents int, tol float64)
// parents is 1 to 5, as in every nearGroup; each row's entry 7 is the
// offset of the keep's own value.
TEXT ·bestNearAVX(SB), NOSPLIT, $0-56
	MOVQ v+0(FP), DI
	MOVQ e+8(FP), DX
	MOVQ rows_base+16(FP), SI
	MOVQ rows_len+24(FP), CX
	MOVQ parents+40(FP), BX
	VBROADCASTSD tol+48(FP), Y15
	TESTQ CX, CX
	JZ nbdone
nbrow:
	MOVWQZX 14(SI), AX
	VMOVUPD (DI)(AX*1), Y0
	VMOVUPD 32(DI)(AX*1), Y1
	VMOVUPD (DX)(AX*1), Y6
	VMOVUPD 32(DX)(AX*1), Y7
	VMOVAPD Y0, Y2
	VMOVAPD Y1, Y3
	LEAQ 2(SI), R8
	MOVQ BX, R9
nbmax:
	MOVWQZX (R8), AX
	VMAXPD (DI)(AX*1), Y2, Y2
	VMAXPD 32(DI)(AX*1), Y3, Y3
	ADDQ $2, R8
	DECQ R9
	JNZ nbmax
	// The bars: best - tol*best.
	VMULPD Y15, Y2, Y4
	VSUBPD Y4, Y2, Y4
	VMULPD Y15, Y3, Y5
	VSUBPD Y5, Y3, Y5
	// The keep's own second value, where its first is near.
	VCMPPD $2, Y0, Y4, Y0
	VANDPD Y6, Y0, Y6
	VCMPPD $2, Y1, Y5, Y1
	VANDPD Y7, Y1, Y7
	LEAQ 2(SI), R8
	MOVQ BX, R9
nbnear:
	MOVWQZX (R8), AX
	VCMPPD $2, (DI)(AX*1), Y4, Y8
	VANDPD (DX)(AX*1), Y8, Y8
	VMAXPD Y8, Y6, Y6
	VCMPPD $2, 32(DI)(AX*1), Y5, Y9
	VANDPD 32(DX)(AX*1), Y9, Y9
	VMAXPD Y9, Y7, Y7
	ADDQ $2, R8
	DECQ R9
	JNZ nbnear
	MOVWQZX (SI), AX
	VMOVUPD Y2, (DI)(AX*1)
	VMOVUPD Y3, 32(DI)(AX*1)
	VMOVUPD Y6, (DX)(AX*1)
	VMOVUPD Y7, 32(DX)(AX*1)
	ADDQ $16, SI
	DECQ CX
	JNZ nbrow
nbdone:
	VZEROUPPER
	RET

// func maxAtAVX(r *LaneRolls, list []LevelRoll, x *LevelRows)
TEXT ·maxAtAVX(SB), NOSPLIT, $0-40
	MOVQ r+0(FP), DI
	MOVQ list_base+8(FP), SI
	MOVQ list_len+16(FP), CX
	MOVQ x+32(FP), DX
	TESTQ CX, CX
	JZ maxatdone
maxatloop:
	MOVWQZX LevelRoll_off(SI), AX
	MOVBQZX LevelRoll_level(SI), BX
	ANDQ $(const_Levels-1), BX
	MOVQ (DX)(BX*8), R8
	VMOVUPD (DI)(AX*1), Y0
	VMOVUPD 32(DI)(AX*1), Y1
	VMAXPD (R8), Y0, Y0
	VMAXPD 32(R8), Y1, Y1
	VMOVUPD Y0, (DI)(AX*1)
	VMOVUPD Y1, 32(DI)(AX*1)
	ADDQ $LevelRoll__size, SI
	DECQ CX
	JNZ maxatloop
maxatdone:
	VZEROUPPER
	RET

// func barsAVX(r, p *LaneRolls, tol float64)
TEXT ·barsAVX(SB), NOSPLIT, $0-24
	MOVQ r+0(FP), DI
	MOVQ p+8(FP), SI
	VBROADCASTSD tol+16(FP), Y15
	MOVQ $const_numRolls, CX
barsloop:
	VMOVUPD (SI), Y0
	VMOVUPD 32(SI), Y1
	VMULPD Y15, Y0, Y2
	VSUBPD Y2, Y0, Y2
	VMULPD Y15, Y1, Y3
	VSUBPD Y3, Y1, Y3
	VMOVUPD Y2, (DI)
	VMOVUPD Y3, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DI
	DECQ CX
	JNZ barsloop
	VZEROUPPER
	RET

// func nearAtAVX(r *LaneRolls, list []LevelRoll, first, second *LevelRows, add *[Levels]float64, bar *LaneRolls)
TEXT ·nearAtAVX(SB), NOSPLIT, $0-64
	MOVQ r+0(FP), DI
	MOVQ list_base+8(FP), SI
	MOVQ list_len+16(FP), CX
	MOVQ first+32(FP), DX
	MOVQ second+40(FP), R11
	MOVQ add+48(FP), R12
	MOVQ bar+56(FP), R10
	TESTQ CX, CX
	JZ nearatdone
nearatloop:
	MOVWQZX LevelRoll_off(SI), AX
	MOVBQZX LevelRoll_level(SI), BX
	ANDQ $(const_Levels-1), BX
	MOVQ (DX)(BX*8), R8
	MOVQ (R11)(BX*8), R9
	VBROADCASTSD (R12)(BX*8), Y6
	VADDPD (R9), Y6, Y4
	VADDPD 32(R9), Y6, Y5
	VMOVUPD (R10)(AX*1), Y2
	VMOVUPD 32(R10)(AX*1), Y3
	VCMPPD $2, (R8), Y2, Y0
	VCMPPD $2, 32(R8), Y3, Y1
	VANDPD Y4, Y0, Y0
	VANDPD Y5, Y1, Y1
	VMOVUPD (DI)(AX*1), Y4
	VMOVUPD 32(DI)(AX*1), Y5
	VMAXPD Y0, Y4, Y4
	VMAXPD Y1, Y5, Y5
	VMOVUPD Y4, (DI)(AX*1)
	VMOVUPD Y5, 32(DI)(AX*1)
	ADDQ $LevelRoll__size, SI
	DECQ CX
	JNZ nearatloop
nearatdone:
	VZEROUPPER
	RET
