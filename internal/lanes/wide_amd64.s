//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// sixthw is 1/6 as a float32, as near32_amd64.s's sixth32.
DATA sixthw<>+0(SB)/4, $0x3e2aaaab
GLOBL sixthw<>(SB), RODATA|NOPTR, $4

// The WideTurn kernels for AVX-512: a row of sixteen float32 lanes, 64
// bytes, in one Z register, at a LaneTurn's offsets; otherwise as
// near32_amd64.s, operation for operation.

// MW(off, R) loads the byte offset at off(SI) into R.
#define MW(off, R) MOVWQZX off(SI), R

// func mean32AVX512(v, e *WideTurn, rows []laneRow)
// Each row's mean in v (Z0) and in e (Z1), adding in face order.
TEXT ·mean32AVX512(SB), NOSPLIT, $0-40
	MOVQ rows_len+24(FP), CX
	TESTQ CX, CX
	JZ mwdone
	VBROADCASTSS sixthw<>(SB), Z15
	MOVQ v+0(FP), DI
	MOVQ e+8(FP), DX
	MOVQ rows_base+16(FP), SI
mwloop:
	MW(2, AX)
	MW(4, BX)
	MW(6, R8)
	MW(8, R9)
	MW(10, R10)
	MW(12, R11)
	MW(0, R12)
	VMOVUPS (DI)(AX*1), Z0
	VMOVUPS (DX)(AX*1), Z1
	VADDPS (DI)(BX*1), Z0, Z0
	VADDPS (DX)(BX*1), Z1, Z1
	VADDPS (DI)(R8*1), Z0, Z0
	VADDPS (DX)(R8*1), Z1, Z1
	VADDPS (DI)(R9*1), Z0, Z0
	VADDPS (DX)(R9*1), Z1, Z1
	VADDPS (DI)(R10*1), Z0, Z0
	VADDPS (DX)(R10*1), Z1, Z1
	VADDPS (DI)(R11*1), Z0, Z0
	VADDPS (DX)(R11*1), Z1, Z1
	VMULPS Z15, Z0, Z0
	VMULPS Z15, Z1, Z1
	VMOVUPS Z0, (DI)(R12*1)
	VMOVUPS Z1, (DX)(R12*1)
	ADDQ $16, SI
	DECQ CX
	JNZ mwloop
mwdone:
	VZEROUPPER
	RET

// NEARW is near32_amd64.s's NEAR32 on Z registers: the best into Z0, the
// bar into Z1, the second maximum into Z7; a compare's lanes go to K1
// and the second values are loaded where it is set, +0 elsewhere, as the
// AND of NEAR32 makes them.
#define NEARW(LOADS, NEARS) \
	VMOVUPS (DI)(R11*1), Z8; \
	VMOVAPS Z8, Z0; \
	LOADS; \
	VMULPS Z15, Z0, Z1; \
	VSUBPS Z1, Z0, Z1; \
	VCMPPS $2, Z8, Z1, K1; \
	VMOVUPS.Z (DX)(R11*1), K1, Z7; \
	NEARS; \
	VMOVUPS Z0, (DI)(R12*1); \
	VMOVUPS Z7, (DX)(R12*1)

// PW(R, ZR) loads the chances of the parent at offset R into ZR and takes
// the best.
#define PW(R, ZR) \
	VMOVUPS (DI)(R*1), ZR; \
	VMAXPS ZR, Z0, Z0

// NW(R, ZR, K) takes the second value of the parent at offset R into the
// second maximum where its chance, in ZR, is near the best (the lanes in K).
#define NW(R, ZR, K) \
	VCMPPS $2, ZR, Z1, K; \
	VMOVUPS.Z (DX)(R*1), K, ZR; \
	VMAXPS ZR, Z7, Z7

#define WL1 PW(AX, Z2)
#define WL2 WL1; PW(BX, Z3)
#define WL3 WL2; PW(R8, Z4)
#define WL4 WL3; PW(R9, Z5)
#define WL5 WL4; PW(R10, Z6)
#define WN1 NW(AX, Z2, K2)
#define WN2 WN1; NW(BX, Z3, K3)
#define WN3 WN2; NW(R8, Z4, K4)
#define WN4 WN3; NW(R9, Z5, K5)
#define WN5 WN4; NW(R10, Z6, K6)

#define WO1 \
	MW(0, R12); \
	MW(14, R11); \
	MW(2, AX)
#define WO2 WO1; MW(4, BX)
#define WO3 WO2; MW(6, R8)
#define WO4 WO3; MW(8, R9)
#define WO5 WO4; MW(10, R10)

// func bestNear32AVX512(v, e *WideTurn, rows []laneRow, parents int, tol float32)
// As bestNear32AVX. CX points past the last row.
TEXT ·bestNear32AVX512(SB), NOSPLIT, $0-52
	MOVQ rows_base+16(FP), SI
	MOVQ rows_len+24(FP), CX
	SHLQ $4, CX
	JZ nwdone
	ADDQ SI, CX
	MOVQ v+0(FP), DI
	MOVQ e+8(FP), DX
	VBROADCASTSS tol+48(FP), Z15
	MOVQ parents+40(FP), BX
	DECQ BX
	JZ nwp1
	DECQ BX
	JZ nwp2
	DECQ BX
	JZ nwp3
	DECQ BX
	JZ nwp4
nwp5:
	WO5
	NEARW(WL5, WN5)
	ADDQ $16, SI
	CMPQ SI, CX
	JLT nwp5
	JMP nwdone
nwp4:
	WO4
	NEARW(WL4, WN4)
	ADDQ $16, SI
	CMPQ SI, CX
	JLT nwp4
	JMP nwdone
nwp3:
	WO3
	NEARW(WL3, WN3)
	ADDQ $16, SI
	CMPQ SI, CX
	JLT nwp3
	JMP nwdone
nwp2:
	WO2
	NEARW(WL2, WN2)
	ADDQ $16, SI
	CMPQ SI, CX
	JLT nwp2
	JMP nwdone
nwp1:
	WO1
	NEARW(WL1, WN1)
	ADDQ $16, SI
	CMPQ SI, CX
	JLT nwp1
nwdone:
	VZEROUPPER
	RET

// func expect32AVX512(r, s *WideRolls, e, f *[WideLanes]float64)
// Each roll's lanes of r and of s widened to float64 (Z3, Z4 and Z7,
// Z8), multiplied by the roll's probability and added, in roll order,
// into Z0, Z1 for e and Z5, Z6 for f; AX counts the rolls.
TEXT ·expect32AVX512(SB), NOSPLIT, $0-32
	VPXORQ Z0, Z0, Z0
	VPXORQ Z1, Z1, Z1
	VPXORQ Z5, Z5, Z5
	VPXORQ Z6, Z6, Z6
	XORQ AX, AX
	MOVQ r+0(FP), DI
	MOVQ s+8(FP), R8
	LEAQ ·rollProbs(SB), SI
ewloop:
	VBROADCASTSD (SI)(AX*8), Z2
	VCVTPS2PD (DI), Z3
	VMULPD Z3, Z2, Z3
	VADDPD Z3, Z0, Z0
	VCVTPS2PD 32(DI), Z4
	VMULPD Z4, Z2, Z4
	VADDPD Z4, Z1, Z1
	VCVTPS2PD (R8), Z7
	VMULPD Z7, Z2, Z7
	VADDPD Z7, Z5, Z5
	VCVTPS2PD 32(R8), Z8
	VMULPD Z8, Z2, Z8
	VADDPD Z8, Z6, Z6
	ADDQ $64, DI
	ADDQ $64, R8
	INCQ AX
	CMPQ AX, $const_numRolls
	JLT ewloop
	MOVQ e+16(FP), DX
	VMOVUPD Z0, (DX)
	VMOVUPD Z1, 64(DX)
	MOVQ f+24(FP), DX
	VMOVUPD Z5, (DX)
	VMOVUPD Z6, 64(DX)
	VZEROUPPER
	RET

// func stage32AVX512(f *NearFinals[float32], st *WideStage, used []uint16)
// stage32AVX in sixteen lanes: each level of used (SI walks it to its
// end, CX) has the sixteen first values from its First on copied to
// st.First and as many second values plus its Add to st.Second, at its
// index shifted by 6, a row's bytes (R15 points at st).
TEXT ·stage32AVX512(SB), NOSPLIT, $0-40
	MOVQ used_base+16(FP), SI
	MOVQ used_len+24(FP), CX
	LEAQ (SI)(CX*2), CX
	MOVQ f+0(FP), R8
	MOVQ st+8(FP), R15
swloop:
	CMPQ SI, CX
	JGE swdone
	MOVWQZX (SI), AX
	MOVQ const_finals32First(R8)(AX*8), BX
	VMOVUPS (BX), Z0
	MOVQ const_finals32Second(R8)(AX*8), DX
	VBROADCASTSS const_finals32Add(R8)(AX*4), Z6
	VADDPS (DX), Z6, Z7
	SHLQ $6, AX
	VMOVUPS Z0, (R15)(AX*1)
	VMOVUPS Z7, const_wideStageSecond(R15)(AX*1)
	ADDQ $2, SI
	JMP swloop
swdone:
	VZEROUPPER
	RET

// WIDEMAX takes the first values of the level at (R14) of the stage at
// R15 into the largest so far, Z0, and steps R14 to the next level;
// WIDENEAR takes its second values, where its first is at or above the
// bar in Z2 (else +0), into the largest so far, Z4, and steps SI: a
// roll's choice in final32WideAVX512 and choose32AVX512.
#define WIDEMAX \
	MOVWQZX (R14), AX \
	SHLQ $6, AX \
	VMAXPS (R15)(AX*1), Z0, Z0 \
	ADDQ $2, R14

#define WIDENEAR \
	MOVWQZX (SI), AX \
	SHLQ $6, AX \
	VCMPPS $2, (R15)(AX*1), Z2, K1 \
	VMOVUPS.Z const_wideStageSecond(R15)(AX*1), K1, Z8 \
	VMAXPS Z8, Z4, Z4 \
	ADDQ $2, SI

// func final32WideAVX512(f *NearFinals[float32], st *WideStage, v, e *WideRolls, baseFirst, baseSecond *[WideLanes]float32, tol float32)
// final32StagedAVX on Z registers, from the levels that stage32AVX512
// laid out in st (R15), rows of 64 bytes at their index shifted by 6,
// and the base at baseFirst and baseSecond (Z10, Z11); the bar's
// compares go to K1 and the second values are loaded where it is set, +0
// elsewhere, as the AND of final32StagedAVX makes them. No bars are
// written.
TEXT ·final32WideAVX512(SB), NOSPLIT, $0-52
	MOVQ f+0(FP), R8
	MOVQ st+8(FP), R15
	VBROADCASTSS tol+48(FP), Z15
	MOVQ const_finals32Rolls(R8), R11
	LEAQ const_finals32Starts(R8), R12
	MOVQ v+16(FP), DI
	MOVQ e+24(FP), R9
	MOVQ baseFirst+32(FP), BX
	VMOVUPS (BX), Z10
	MOVQ baseSecond+40(FP), DX
	VMOVUPS (DX), Z11
	MOVQ $const_numRolls, CX
fwroll:
	MOVWQZX (R12), SI
	LEAQ (R11)(SI*2), SI
	MOVWQZX 2(R12), R13
	LEAQ (R11)(R13*2), R13
	VMOVAPS Z10, Z0
	MOVQ SI, R14
fwmax:
	CMPQ R14, R13
	JGE fwbar
	WIDEMAX
	JMP fwmax
fwbar:
	VMULPS Z15, Z0, Z2
	VSUBPS Z2, Z0, Z2
	VCMPPS $2, Z10, Z2, K1
	VMOVAPS.Z Z11, K1, Z4
fwnear:
	CMPQ SI, R13
	JGE fwstore
	WIDENEAR
	JMP fwnear
fwstore:
	VMOVUPS Z0, (DI)
	VMOVUPS Z4, (R9)
	ADDQ $64, DI
	ADDQ $64, R9
	ADDQ $2, R12
	DECQ CX
	JNZ fwroll
	VZEROUPPER
	RET

// func choose32AVX512(st *WideStage, levels []uint16, v, e *[WideLanes]float32, tol float32)
// final32WideAVX512's choice for one roll between the levels of st
// listed (SI walks them to their end, R13), from a base of 0 in both:
// the largest first value into Z0, the bar into Z2, the largest second
// value at or above it into Z4.
TEXT ·choose32AVX512(SB), NOSPLIT, $0-52
	MOVQ st+0(FP), R15
	MOVQ levels_base+8(FP), SI
	MOVQ levels_len+16(FP), CX
	LEAQ (SI)(CX*2), R13
	VBROADCASTSS tol+48(FP), Z15
	VPXORQ Z0, Z0, Z0
	VPXORQ Z4, Z4, Z4
	MOVQ SI, R14
cwmax:
	CMPQ R14, R13
	JGE cwbar
	WIDEMAX
	JMP cwmax
cwbar:
	VMULPS Z15, Z0, Z2
	VSUBPS Z2, Z0, Z2
cwnear:
	CMPQ SI, R13
	JGE cwstore
	WIDENEAR
	JMP cwnear
cwstore:
	MOVQ v+32(FP), DI
	VMOVUPS Z0, (DI)
	MOVQ e+40(FP), DI
	VMOVUPS Z4, (DI)
	VZEROUPPER
	RET

// func outdone32AVX512(st *WideStage, zero, from, n int) bool
// outdone32AVX in sixteen lanes: whether no level from..from+n-1 of st
// has, in any lane, a first or a second value below level zero's (Z0,
// Z1); the lanes where one has gather in K2.
TEXT ·outdone32AVX512(SB), NOSPLIT, $0-33
	MOVQ st+0(FP), DI
	MOVQ zero+8(FP), AX
	SHLQ $6, AX
	VMOVUPS (DI)(AX*1), Z0
	VMOVUPS const_wideStageSecond(DI)(AX*1), Z1
	MOVQ from+16(FP), SI
	SHLQ $6, SI
	ADDQ DI, SI
	MOVQ n+24(FP), CX
	KXORW K2, K2, K2
	TESTQ CX, CX
	JZ odwdone
odwloop:
	VCMPPS $0x0e, (SI), Z0, K1
	KORW K1, K2, K2
	VCMPPS $0x0e, const_wideStageSecond(SI), Z1, K1
	KORW K1, K2, K2
	ADDQ $64, SI
	DECQ CX
	JNZ odwloop
odwdone:
	KORTESTW K2, K2
	SETEQ ret+32(FP)
	VZEROUPPER
	RET

// func base32AVX512(st *WideStage, zeros []uint16, dense uint32, tol float32, first, second *[WideLanes]float32) uint32
// The largest first value of the levels of zeros not in dense (DX) into
// Z0, then the bar into Z2 and, of the levels whose first value (Z3) is
// Z0's (K1), the largest second value into Z4, merge-masked; the levels
// near but not at it (K3, in some lane) gather in R9. BX counts zeros'
// entries up to CX, from SI, its base; DI points at st.
TEXT ·base32AVX512(SB), NOSPLIT, $0-60
	MOVQ st+0(FP), DI
	MOVQ zeros_base+8(FP), SI
	MOVQ zeros_len+16(FP), CX
	MOVL dense+32(FP), DX
	VBROADCASTSS tol+36(FP), Z15
	VPXORQ Z0, Z0, Z0
	XORQ BX, BX
bwmax:
	CMPQ BX, CX
	JGE bwbar
	BTL BX, DX
	JCS bwmaxnext
	MOVWQZX (SI)(BX*2), AX
	SHLQ $6, AX
	VMAXPS (DI)(AX*1), Z0, Z0
bwmaxnext:
	INCQ BX
	JMP bwmax
bwbar:
	VMULPS Z15, Z0, Z2
	VSUBPS Z2, Z0, Z2
	VPXORQ Z4, Z4, Z4
	XORQ BX, BX
	XORL R9, R9
bwnear:
	CMPQ BX, CX
	JGE bwdone
	BTL BX, DX
	JCS bwnearnext
	MOVWQZX (SI)(BX*2), AX
	SHLQ $6, AX
	VMOVUPS (DI)(AX*1), Z3
	VCMPPS $0, Z0, Z3, K1
	VMAXPS const_wideStageSecond(DI)(AX*1), Z4, K1, Z4
	VCMPPS $2, Z3, Z2, K2
	KANDNW K2, K1, K3
	KORTESTW K3, K3
	JZ bwnearnext
	BTSL BX, R9
bwnearnext:
	INCQ BX
	JMP bwnear
bwdone:
	MOVQ first+40(FP), AX
	VMOVUPS Z0, (AX)
	MOVQ second+48(FP), AX
	VMOVUPS Z4, (AX)
	MOVL R9, ret+56(FP)
	VZEROUPPER
	RET
