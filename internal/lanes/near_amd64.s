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

// NEARHALF does a maxGroups row's step for one half of the lanes, at
// byte offset h of each row, its offsets in registers (the keep's in R12,
// its own value's in R11, its parents' in AX, BX, R8, R9, R10), with the
// parents that LOADS and NEARS take (LOADk and NEARk for k parents):
// their chances are loaded once into Y2..Y6, the best into Y0, the bar
// into Y1, the second maximum into Y7.
#define NEARHALF(h, LOADS, NEARS) \
	VMOVUPD h(DI)(R11*1), Y8; \
	VMOVUPD h(DX)(R11*1), Y9; \
	VMOVAPD Y8, Y0; \
	LOADS(h); \
	VMULPD Y15, Y0, Y1; \
	VSUBPD Y1, Y0, Y1; \
	VCMPPD $2, Y8, Y1, Y8; \
	VANDPD Y9, Y8, Y7; \
	NEARS(h); \
	VMOVUPD Y0, h(DI)(R12*1); \
	VMOVUPD Y7, h(DX)(R12*1)

// P(h, R, Y) loads the chances of the parent at offset R into Y and takes
// the best.
#define P(h, R, Y) \
	VMOVUPD h(DI)(R*1), Y; \
	VMAXPD Y, Y0, Y0

// N(h, R, Y) takes the second value of the parent at offset R into the
// second maximum where its chance, in Y, is near the best.
#define N(h, R, Y) \
	VCMPPD $2, Y, Y1, Y; \
	VANDPD h(DX)(R*1), Y, Y; \
	VMAXPD Y, Y7, Y7

#define LOAD1(h) P(h, AX, Y2)
#define LOAD2(h) LOAD1(h); P(h, BX, Y3)
#define LOAD3(h) LOAD2(h); P(h, R8, Y4)
#define LOAD4(h) LOAD3(h); P(h, R9, Y5)
#define LOAD5(h) LOAD4(h); P(h, R10, Y6)
#define NEAR1(h) N(h, AX, Y2)
#define NEAR2(h) NEAR1(h); N(h, BX, Y3)
#define NEAR3(h) NEAR2(h); N(h, R8, Y4)
#define NEAR4(h) NEAR3(h); N(h, R9, Y5)
#define NEAR5(h) NEAR4(h); N(h, R10, Y6)

// OFFS1..OFFS5 load a row's offsets: the keep's, its own value's and
// those of its 1 to 5 parents.
#define OFFS1 \
	MOVWQZX (SI), R12; \
	MOVWQZX 14(SI), R11; \
	MOVWQZX 2(SI), AX
#define OFFS2 OFFS1; MOVWQZX 4(SI), BX
#define OFFS3 OFFS2; MOVWQZX 6(SI), R8
#define OFFS4 OFFS3; MOVWQZX 8(SI), R9
#define OFFS5 OFFS4; MOVWQZX 10(SI), R10

// NEARBOTH is a row's step for both halves of the lanes.
#define NEARBOTH(LOADS, NEARS) \
	NEARHALF(0, LOADS, NEARS); \
	NEARHALF(32, LOADS, NEARS)

// NEARROWS loops over the rows with k parents: OFFS for k, then BODY,
// the row's step, then a jump to done.
#define NEARROWS(label, OFFS, BODY, done) \
label: \
	OFFS; \
	BODY; \
	ADDQ $16, SI; \
	DECQ CX; \
	JNZ label; \
	JMP done

// NEARKERNEL dispatches on the parents in BX (1 to 5), two compares
// finding any count (below 3, 3, or above), to the loops of a near
// kernel whose row step is STEP(LOADS, NEARS), with the LOADS and
// NEARS for k parents Lk and Nk, its labels p1..p5.
#define NEARKERNEL(p1, p2, p3, p4, p5, few, done, STEP, L1, L2, L3, L4, L5, N1, N2, N3, N4, N5) \
	CMPQ BX, $3; \
	JLT few; \
	JEQ p3; \
	CMPQ BX, $4; \
	JEQ p4; \
	NEARROWS(p5, OFFS5, STEP(L5, N5), done); \
few: \
	CMPQ BX, $2; \
	JEQ p2; \
	JMP p1; \
	NEARROWS(p4, OFFS4, STEP(L4, N4), done); \
	NEARROWS(p3, OFFS3, STEP(L3, N3), done); \
	NEARROWS(p2, OFFS2, STEP(L2, N2), done); \
	NEARROWS(p1, OFFS1, STEP(L1, N1), done)

// func bestNearAVX(v, e *LaneTurn, rows []laneRow, parents int, tol float64)
// parents is 1 to 5, as in every maxGroup; each row's entry 7 is the
// offset of the keep's own value.
TEXT ·bestNearAVX(SB), NOSPLIT, $0-56
	VBROADCASTSD tol+48(FP), Y15
	MOVQ rows_len+24(FP), CX
	TESTQ CX, CX
	JZ nbdone
	MOVQ v+0(FP), DI
	MOVQ e+8(FP), DX
	MOVQ rows_base+16(FP), SI
	MOVQ parents+40(FP), BX
	NEARKERNEL(nb1, nb2, nb3, nb4, nb5, nbfew, nbdone, NEARBOTH, LOAD1, LOAD2, LOAD3, LOAD4, LOAD5, NEAR1, NEAR2, NEAR3, NEAR4, NEAR5)
nbdone:
	VZEROUPPER
	RET

// func finalAVX(f *Finals, v, e, bar *LaneRolls, tol float64)
// Each roll in turn: the largest first value in Y0, Y1 (from the base's,
// then the roll's levels), the bar in Y2, Y3, the second maximum in Y4,
// Y5 (from the base's, where it is given and near, then the levels').
TEXT ·finalAVX(SB), NOSPLIT, $0-40
	MOVQ f+0(FP), R8
	MOVQ v+8(FP), DI
	MOVQ e+16(FP), R9
	MOVQ bar+24(FP), R10
	VBROADCASTSD tol+32(FP), Y15
	MOVQ Finals_Rolls(R8), R11
	LEAQ Finals_Starts(R8), R12
	XORQ CX, CX
finalroll:
	MOVWQZX (R12)(CX*2), SI
	MOVWQZX 2(R12)(CX*2), R13
	MOVQ Finals_BaseFirst(R8), AX
	VMOVUPD (AX), Y0
	VMOVUPD 32(AX), Y1
	MOVQ SI, R14
	CMPQ R14, R13
	JGE finalbar
finalmax:
	MOVWQZX (R11)(R14*2), AX
	MOVQ Finals_First(R8)(AX*8), BX
	VMAXPD (BX), Y0, Y0
	VMAXPD 32(BX), Y1, Y1
	INCQ R14
	CMPQ R14, R13
	JLT finalmax
finalbar:
	VMULPD Y15, Y0, Y2
	VSUBPD Y2, Y0, Y2
	VMULPD Y15, Y1, Y3
	VSUBPD Y3, Y1, Y3
	MOVQ Finals_BaseSecond(R8), AX
	MOVQ Finals_BaseFirst(R8), BX
	VCMPPD $2, (BX), Y2, Y4
	VANDPD (AX), Y4, Y4
	VCMPPD $2, 32(BX), Y3, Y5
	VANDPD 32(AX), Y5, Y5
finalnear:
	CMPQ SI, R13
	JGE finalstore
	MOVWQZX (R11)(SI*2), AX
	MOVQ Finals_First(R8)(AX*8), BX
	MOVQ Finals_Second(R8)(AX*8), DX
	VBROADCASTSD Finals_Add(R8)(AX*8), Y6
	VADDPD (DX), Y6, Y7
	VCMPPD $2, (BX), Y2, Y8
	VANDPD Y7, Y8, Y8
	VMAXPD Y8, Y4, Y4
	VADDPD 32(DX), Y6, Y9
	VCMPPD $2, 32(BX), Y3, Y10
	VANDPD Y9, Y10, Y10
	VMAXPD Y10, Y5, Y5
	INCQ SI
	JMP finalnear
finalstore:
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	VMOVUPD Y4, (R9)
	VMOVUPD Y5, 32(R9)
	VMOVUPD Y2, (R10)
	VMOVUPD Y3, 32(R10)
	ADDQ $64, DI
	ADDQ $64, R9
	ADDQ $64, R10
	INCQ CX
	CMPQ CX, $const_numRolls
	JLT finalroll
	VZEROUPPER
	RET

// The near kernel's best step for AVX-512: a row's eight lanes in one Z
// register, as NEARHALF's two halves at once; a compare's lanes go to a
// K register and the second values are loaded where it is set, +0
// elsewhere, as NEARHALF's AND makes them.
#define NEARZ(LOADS, NEARS) \
	VMOVUPD (DI)(R11*1), Z8; \
	VMOVAPD Z8, Z0; \
	LOADS; \
	VMULPD Z15, Z0, Z1; \
	VSUBPD Z1, Z0, Z1; \
	VCMPPD $2, Z8, Z1, K1; \
	VMOVUPD.Z (DX)(R11*1), K1, Z7; \
	NEARS; \
	VMOVUPD Z0, (DI)(R12*1); \
	VMOVUPD Z7, (DX)(R12*1)

// PZ(R, ZR) loads the chances of the parent at offset R into ZR and takes
// the best.
#define PZ(R, ZR) \
	VMOVUPD (DI)(R*1), ZR; \
	VMAXPD ZR, Z0, Z0

// NZ(R, ZR, K) takes the second value of the parent at offset R into the
// second maximum where its chance, in ZR, is near the best (the lanes in K).
#define NZ(R, ZR, K) \
	VCMPPD $2, ZR, Z1, K; \
	VMOVUPD.Z (DX)(R*1), K, ZR; \
	VMAXPD ZR, Z7, Z7

#define ZL1 PZ(AX, Z2)
#define ZL2 ZL1; PZ(BX, Z3)
#define ZL3 ZL2; PZ(R8, Z4)
#define ZL4 ZL3; PZ(R9, Z5)
#define ZL5 ZL4; PZ(R10, Z6)
#define ZN1 NZ(AX, Z2, K2)
#define ZN2 ZN1; NZ(BX, Z3, K3)
#define ZN3 ZN2; NZ(R8, Z4, K4)
#define ZN4 ZN3; NZ(R9, Z5, K5)
#define ZN5 ZN4; NZ(R10, Z6, K6)

// func bestNearAVX512(v, e *LaneTurn, rows []laneRow, parents int, tol float64)
// As bestNearAVX.
TEXT ·bestNearAVX512(SB), NOSPLIT, $0-56
	VBROADCASTSD tol+48(FP), Z15
	MOVQ rows_len+24(FP), CX
	TESTQ CX, CX
	JZ nzdone
	MOVQ v+0(FP), DI
	MOVQ e+8(FP), DX
	MOVQ rows_base+16(FP), SI
	MOVQ parents+40(FP), BX
	NEARKERNEL(nz1, nz2, nz3, nz4, nz5, nzfew, nzdone, NEARZ, ZL1, ZL2, ZL3, ZL4, ZL5, ZN1, ZN2, ZN3, ZN4, ZN5)
nzdone:
	VZEROUPPER
	RET
