//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// sixth is 1/6 as a float64, as in lanes_amd64.s.
DATA sixth<>+0(SB)/8, $0x3fc5555555555555
GLOBL sixth<>(SB), RODATA|NOPTR, $8

// The near kernels for AVX, as the lane kernels: a row of eight float64
// lanes in two Y registers. A mask of "near" (VCMPPD predicate 2, LE: the
// bar at most the first value) ANDed with the second values leaves them
// where near and +0 elsewhere, which VMAXPD then takes as nearGo's
// branches do.

// ADDPAIR adds the rows at byte offset off(SI) of v (DI) and e (DX) to
// Y0, Y1 and Y2, Y3.
#define ADDPAIR(off) \
	MOVWQZX off(SI), AX; \
	VADDPD (DI)(AX*1), Y0, Y0; \
	VADDPD 32(DI)(AX*1), Y1, Y1; \
	VADDPD (DX)(AX*1), Y2, Y2; \
	VADDPD 32(DX)(AX*1), Y3, Y3

// func meanPairAVX(v, e *LaneTurn, rows []laneRow)
// KeepValues' steps in v and e at once, adding in meanLanesAVX's order.
TEXT ·meanPairAVX(SB), NOSPLIT, $0-40
	MOVQ v+0(FP), DI
	MOVQ e+8(FP), DX
	MOVQ rows_base+16(FP), SI
	MOVQ rows_len+24(FP), CX
	VBROADCASTSD sixth<>(SB), Y15
	TESTQ CX, CX
	JZ mpdone
mploop:
	MOVWQZX 2(SI), AX
	VMOVUPD (DI)(AX*1), Y0
	VMOVUPD 32(DI)(AX*1), Y1
	VMOVUPD (DX)(AX*1), Y2
	VMOVUPD 32(DX)(AX*1), Y3
	ADDPAIR(4)
	ADDPAIR(6)
	ADDPAIR(8)
	ADDPAIR(10)
	ADDPAIR(12)
	VMULPD Y15, Y0, Y0
	VMULPD Y15, Y1, Y1
	VMULPD Y15, Y2, Y2
	VMULPD Y15, Y3, Y3
	MOVWQZX (SI), AX
	VMOVUPD Y0, (DI)(AX*1)
	VMOVUPD Y1, 32(DI)(AX*1)
	VMOVUPD Y2, (DX)(AX*1)
	VMOVUPD Y3, 32(DX)(AX*1)
	ADDQ $16, SI
	DECQ CX
	JNZ mploop
mpdone:
	VZEROUPPER
	RET

// NEARHALF does a nearGroups row's step for one half of the lanes, at
// byte offset h of each row, with the parents that LOADS and NEARS take
// (LOADk and NEARk for k parents): their chances are
// loaded once into Y2..Y6, the best into Y0, the bar into Y1, the second
// maximum into Y7.
#define NEARHALF(h, LOADS, NEARS) \
	MOVWQZX 14(SI), AX; \
	VMOVUPD h(DI)(AX*1), Y8; \
	VMOVUPD h(DX)(AX*1), Y9; \
	VMOVAPD Y8, Y0; \
	LOADS(h); \
	VMULPD Y15, Y0, Y1; \
	VSUBPD Y1, Y0, Y1; \
	VCMPPD $2, Y8, Y1, Y8; \
	VANDPD Y9, Y8, Y7; \
	NEARS(h); \
	MOVWQZX (SI), AX; \
	VMOVUPD Y0, h(DI)(AX*1); \
	VMOVUPD Y7, h(DX)(AX*1)

// P(h, k, Y) loads parent k's chances into Y and takes the best.
#define P(h, k, Y) \
	MOVWQZX (2*k)(SI), AX; \
	VMOVUPD h(DI)(AX*1), Y; \
	VMAXPD Y, Y0, Y0

// N(h, k, Y) takes parent k's second value into the second maximum where
// its chance, in Y, is near the best.
#define N(h, k, Y) \
	MOVWQZX (2*k)(SI), AX; \
	VCMPPD $2, Y, Y1, Y; \
	VANDPD h(DX)(AX*1), Y, Y; \
	VMAXPD Y, Y7, Y7

#define LOAD1(h) P(h, 1, Y2)
#define LOAD2(h) LOAD1(h); P(h, 2, Y3)
#define LOAD3(h) LOAD2(h); P(h, 3, Y4)
#define LOAD4(h) LOAD3(h); P(h, 4, Y5)
#define LOAD5(h) LOAD4(h); P(h, 5, Y6)
#define NEAR1(h) N(h, 1, Y2)
#define NEAR2(h) NEAR1(h); N(h, 2, Y3)
#define NEAR3(h) NEAR2(h); N(h, 3, Y4)
#define NEAR4(h) NEAR3(h); N(h, 4, Y5)
#define NEAR5(h) NEAR4(h); N(h, 5, Y6)

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
	CMPQ BX, $1
	JEQ nb1
	CMPQ BX, $2
	JEQ nb2
	CMPQ BX, $3
	JEQ nb3
	CMPQ BX, $4
	JEQ nb4
nb5:
	NEARHALF(0, LOAD5, NEAR5)
	NEARHALF(32, LOAD5, NEAR5)
	ADDQ $16, SI
	DECQ CX
	JNZ nb5
	JMP nbdone
nb4:
	NEARHALF(0, LOAD4, NEAR4)
	NEARHALF(32, LOAD4, NEAR4)
	ADDQ $16, SI
	DECQ CX
	JNZ nb4
	JMP nbdone
nb3:
	NEARHALF(0, LOAD3, NEAR3)
	NEARHALF(32, LOAD3, NEAR3)
	ADDQ $16, SI
	DECQ CX
	JNZ nb3
	JMP nbdone
nb2:
	NEARHALF(0, LOAD2, NEAR2)
	NEARHALF(32, LOAD2, NEAR2)
	ADDQ $16, SI
	DECQ CX
	JNZ nb2
	JMP nbdone
nb1:
	NEARHALF(0, LOAD1, NEAR1)
	NEARHALF(32, LOAD1, NEAR1)
	ADDQ $16, SI
	DECQ CX
	JNZ nb1
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
