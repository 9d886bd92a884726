//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// sixth32 is 1/6 as a float32 (0x3e2aaaab), which Go's float32(1.0/6)
// rounds to as well.
DATA sixth32<>+0(SB)/4, $0x3e2aaaab
GLOBL sixth32<>(SB), RODATA|NOPTR, $4

// The float32 near kernels for AVX: a row of eight float32 lanes, 32
// bytes, in one Y register; otherwise as near_amd64.s.

// M32(off, R) loads the byte offset at off(SI) into R.
#define M32(off, R) MOVWQZX off(SI), R

// func mean32AVX(v, e *NearTurn[float32], rows []laneRow)
// Each row's mean in v (Y0) and in e (Y1), adding in face order.
TEXT ·mean32AVX(SB), NOSPLIT, $0-40
	MOVQ rows_len+24(FP), CX
	TESTQ CX, CX
	JZ m32done
	VBROADCASTSS sixth32<>(SB), Y15
	MOVQ v+0(FP), DI
	MOVQ e+8(FP), DX
	MOVQ rows_base+16(FP), SI
m32loop:
	M32(2, AX)
	M32(4, BX)
	M32(6, R8)
	M32(8, R9)
	M32(10, R10)
	M32(12, R11)
	M32(0, R12)
	VMOVUPS (DI)(AX*1), Y0
	VMOVUPS (DX)(AX*1), Y1
	VADDPS (DI)(BX*1), Y0, Y0
	VADDPS (DX)(BX*1), Y1, Y1
	VADDPS (DI)(R8*1), Y0, Y0
	VADDPS (DX)(R8*1), Y1, Y1
	VADDPS (DI)(R9*1), Y0, Y0
	VADDPS (DX)(R9*1), Y1, Y1
	VADDPS (DI)(R10*1), Y0, Y0
	VADDPS (DX)(R10*1), Y1, Y1
	VADDPS (DI)(R11*1), Y0, Y0
	VADDPS (DX)(R11*1), Y1, Y1
	VMULPS Y15, Y0, Y0
	VMULPS Y15, Y1, Y1
	VMOVUPS Y0, (DI)(R12*1)
	VMOVUPS Y1, (DX)(R12*1)
	ADDQ $16, SI
	DECQ CX
	JNZ m32loop
m32done:
	VZEROUPPER
	RET

// NEAR32 does a maxGroups32 row's step, its offsets in registers (the
// keep's in R12, its own value's in R11, its parents' in AX, BX, R8, R9,
// R10), with the parents that LOADS and NEARS take: their chances are
// loaded once into Y2..Y6, the best into Y0, the bar into Y1, the second
// maximum into Y7.
#define NEAR32(LOADS, NEARS) \
	VMOVUPS (DI)(R11*1), Y8; \
	VMOVUPS (DX)(R11*1), Y9; \
	VMOVAPS Y8, Y0; \
	LOADS; \
	VMULPS Y15, Y0, Y1; \
	VSUBPS Y1, Y0, Y1; \
	VCMPPS $2, Y8, Y1, Y8; \
	VANDPS Y9, Y8, Y7; \
	NEARS; \
	VMOVUPS Y0, (DI)(R12*1); \
	VMOVUPS Y7, (DX)(R12*1)

// P32(R, Y) loads the chances of the parent at offset R into Y and takes
// the best.
#define P32(R, Y) \
	VMOVUPS (DI)(R*1), Y; \
	VMAXPS Y, Y0, Y0

// N32(R, Y) takes the second value of the parent at offset R into the
// second maximum where its chance, in Y, is near the best.
#define N32(R, Y) \
	VCMPPS $2, Y, Y1, Y; \
	VANDPS (DX)(R*1), Y, Y; \
	VMAXPS Y, Y7, Y7

#define L1 P32(AX, Y2)
#define L2 L1; P32(BX, Y3)
#define L3 L2; P32(R8, Y4)
#define L4 L3; P32(R9, Y5)
#define L5 L4; P32(R10, Y6)
#define N1 N32(AX, Y2)
#define N2 N1; N32(BX, Y3)
#define N3 N2; N32(R8, Y4)
#define N4 N3; N32(R9, Y5)
#define N5 N4; N32(R10, Y6)

#define O1 \
	M32(0, R12); \
	M32(14, R11); \
	M32(2, AX)
#define O2 O1; M32(4, BX)
#define O3 O2; M32(6, R8)
#define O4 O3; M32(8, R9)
#define O5 O4; M32(10, R10)

// func bestNear32AVX(v, e *NearTurn[float32], rows []laneRow, parents int, tol float32)
// parents is 1 to 5, as in every maxGroup; each row's entry 7 is the
// offset of the keep's own value. CX points past the last row.
TEXT ·bestNear32AVX(SB), NOSPLIT, $0-52
	MOVQ rows_base+16(FP), SI
	MOVQ rows_len+24(FP), CX
	SHLQ $4, CX
	JZ n32done
	ADDQ SI, CX
	MOVQ v+0(FP), DI
	MOVQ e+8(FP), DX
	VBROADCASTSS tol+48(FP), Y15
	MOVQ parents+40(FP), BX
	DECQ BX
	JZ n32p1
	DECQ BX
	JZ n32p2
	DECQ BX
	JZ n32p3
	DECQ BX
	JZ n32p4
n32p5:
	O5
	NEAR32(L5, N5)
	ADDQ $16, SI
	CMPQ SI, CX
	JLT n32p5
	JMP n32done
n32p4:
	O4
	NEAR32(L4, N4)
	ADDQ $16, SI
	CMPQ SI, CX
	JLT n32p4
	JMP n32done
n32p3:
	O3
	NEAR32(L3, N3)
	ADDQ $16, SI
	CMPQ SI, CX
	JLT n32p3
	JMP n32done
n32p2:
	O2
	NEAR32(L2, N2)
	ADDQ $16, SI
	CMPQ SI, CX
	JLT n32p2
	JMP n32done
n32p1:
	O1
	NEAR32(L1, N1)
	ADDQ $16, SI
	CMPQ SI, CX
	JLT n32p1
n32done:
	VZEROUPPER
	RET

// func expect32AVX(r *NearRolls[float32], e *[Lanes]float64)
// Each roll's lanes widened to float64 (Y3, Y4), multiplied by the
// roll's probability and added, in roll order, into Y0, Y1; AX counts
// the rolls.
TEXT ·expect32AVX(SB), NOSPLIT, $0-16
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	XORQ AX, AX
	MOVQ r+0(FP), DI
	LEAQ ·rollProbs(SB), SI
e32loop:
	VBROADCASTSD (SI)(AX*8), Y2
	VCVTPS2PD (DI), Y3
	VMULPD Y3, Y2, Y3
	VADDPD Y3, Y0, Y0
	VCVTPS2PD 16(DI), Y4
	VMULPD Y4, Y2, Y4
	VADDPD Y4, Y1, Y1
	ADDQ $32, DI
	INCQ AX
	CMPQ AX, $const_numRolls
	JLT e32loop
	MOVQ e+8(FP), DX
	VMOVUPD Y0, (DX)
	VMOVUPD Y1, 32(DX)
	VZEROUPPER
	RET

// func stage32AVX(f *NearFinals[float32], st *NearStage[float32], used []uint16)
// Each level of used (SI walks it to its end, CX) has its first values
// copied to st.First and its second values plus its Add to st.Second, at
// its index shifted by 5, a row's bytes (R15 points at st).
TEXT ·stage32AVX(SB), NOSPLIT, $0-40
	MOVQ used_base+16(FP), SI
	MOVQ used_len+24(FP), CX
	LEAQ (SI)(CX*2), CX
	MOVQ f+0(FP), R8
	MOVQ st+8(FP), R15
st32loop:
	CMPQ SI, CX
	JGE st32done
	MOVWQZX (SI), AX
	MOVQ const_finals32First(R8)(AX*8), BX
	VMOVUPS (BX), Y0
	MOVQ const_finals32Second(R8)(AX*8), DX
	VBROADCASTSS const_finals32Add(R8)(AX*4), Y6
	VADDPS (DX), Y6, Y7
	SHLQ $5, AX
	VMOVUPS Y0, (R15)(AX*1)
	VMOVUPS Y7, const_stage32Second(R15)(AX*1)
	ADDQ $2, SI
	JMP st32loop
st32done:
	VZEROUPPER
	RET

// func final32StagedAVX(f *NearFinals[float32], st *NearStage[float32], v, e, bar *NearRolls[float32], tol float32)
// Each roll in turn, its levels walked from a pointer into Rolls (R14,
// then SI) to the next roll's (R13), each read from where stage32AVX laid
// it out in st (R15), at its index shifted by 5: the largest first value
// in Y0 (from the base's, held in Y10, then the levels'), the bar in Y2,
// the second maximum in Y4 (from the base's, held in Y11, where it is
// near, then the levels', their Add already added): finalOf's operations
// in its order, so its bits.
TEXT ·final32StagedAVX(SB), NOSPLIT, $0-44
	MOVQ f+0(FP), R8
	MOVQ st+8(FP), R15
	VBROADCASTSS tol+40(FP), Y15
	MOVQ const_finals32Rolls(R8), R11
	LEAQ const_finals32Starts(R8), R12
	MOVQ v+16(FP), DI
	MOVQ e+24(FP), R9
	MOVQ bar+32(FP), R10
	MOVQ const_finals32BaseFirst(R8), BX
	VMOVUPS (BX), Y10
	MOVQ const_finals32BaseSecond(R8), DX
	VMOVUPS (DX), Y11
	MOVQ $const_numRolls, CX
fs32roll:
	MOVWQZX (R12), SI
	LEAQ (R11)(SI*2), SI
	MOVWQZX 2(R12), R13
	LEAQ (R11)(R13*2), R13
	VMOVAPS Y10, Y0
	MOVQ SI, R14
fs32max:
	CMPQ R14, R13
	JGE fs32bar
	MOVWQZX (R14), AX
	SHLQ $5, AX
	VMAXPS (R15)(AX*1), Y0, Y0
	ADDQ $2, R14
	JMP fs32max
fs32bar:
	VMULPS Y15, Y0, Y2
	VSUBPS Y2, Y0, Y2
	VCMPPS $2, Y10, Y2, Y4
	VANDPS Y11, Y4, Y4
fs32near:
	CMPQ SI, R13
	JGE fs32store
	MOVWQZX (SI), AX
	SHLQ $5, AX
	VCMPPS $2, (R15)(AX*1), Y2, Y8
	VANDPS const_stage32Second(R15)(AX*1), Y8, Y8
	VMAXPS Y8, Y4, Y4
	ADDQ $2, SI
	JMP fs32near
fs32store:
	VMOVUPS Y0, (DI)
	VMOVUPS Y4, (R9)
	VMOVUPS Y2, (R10)
	ADDQ $32, DI
	ADDQ $32, R9
	ADDQ $32, R10
	ADDQ $2, R12
	DECQ CX
	JNZ fs32roll
	VZEROUPPER
	RET

// func outdone32AVX(st *NearStage[float32], zero, from, n int) bool
// Whether no level from..from+n-1 of st has, in any lane, a first or a
// second value below level zero's (Y0, Y1): the lanes where one has
// gather in Y2.
TEXT ·outdone32AVX(SB), NOSPLIT, $0-33
	MOVQ st+0(FP), DI
	MOVQ zero+8(FP), AX
	SHLQ $5, AX
	VMOVUPS (DI)(AX*1), Y0
	VMOVUPS const_stage32Second(DI)(AX*1), Y1
	MOVQ from+16(FP), SI
	SHLQ $5, SI
	ADDQ DI, SI
	MOVQ n+24(FP), CX
	VXORPS Y2, Y2, Y2
	TESTQ CX, CX
	JZ od32done
od32loop:
	VCMPPS $0x0e, (SI), Y0, Y3
	VORPS Y3, Y2, Y2
	VCMPPS $0x0e, const_stage32Second(SI), Y1, Y3
	VORPS Y3, Y2, Y2
	ADDQ $32, SI
	DECQ CX
	JNZ od32loop
od32done:
	VMOVMSKPS Y2, AX
	TESTL AX, AX
	SETEQ ret+32(FP)
	VZEROUPPER
	RET
