//go:build !purego

#include "textflag.h"

// func addScaledAVX(dst, src []float64, a float64)
// Eight totals a step in two Y registers, then four, then one at a time.
TEXT ·addScaledAVX(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	VBROADCASTSD a+48(FP), Y15
	CMPQ CX, $8
	JLT four
eight:
	VMULPD (SI), Y15, Y0
	VMULPD 32(SI), Y15, Y1
	VADDPD (DI), Y0, Y0
	VADDPD 32(DI), Y1, Y1
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $8, CX
	CMPQ CX, $8
	JGE eight
four:
	CMPQ CX, $4
	JLT one
	VMULPD (SI), Y15, Y0
	VADDPD (DI), Y0, Y0
	VMOVUPD Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	SUBQ $4, CX
one:
	TESTQ CX, CX
	JZ done
onestep:
	VMULSD (SI), X15, X0
	VADDSD (DI), X0, X0
	VMOVSD X0, (DI)
	ADDQ $8, SI
	ADDQ $8, DI
	DECQ CX
	JNZ onestep
done:
	VZEROUPPER
	RET

// func addShiftedAVX(to, pad, q []float64, at []int)
// Four totals a step in Y0, each arc's product added in turn, then one
// at a time; SI walks pad along with to.
TEXT ·addShiftedAVX(SB), NOSPLIT, $0-96
	MOVQ to_base+0(FP), DI
	MOVQ to_len+8(FP), CX
	MOVQ pad_base+24(FP), SI
	MOVQ q_base+48(FP), R8
	MOVQ q_len+56(FP), BX
	MOVQ at_base+72(FP), R9
	CMPQ CX, $4
	JLT shiftone
shiftfour:
	VMOVUPD (DI), Y0
	XORQ R10, R10
shiftfourarc:
	MOVQ (R9)(R10*8), AX
	VBROADCASTSD (R8)(R10*8), Y1
	VMULPD (SI)(AX*8), Y1, Y2
	VADDPD Y2, Y0, Y0
	INCQ R10
	CMPQ R10, BX
	JLT shiftfourarc
	VMOVUPD Y0, (DI)
	ADDQ $32, DI
	ADDQ $32, SI
	SUBQ $4, CX
	CMPQ CX, $4
	JGE shiftfour
shiftone:
	TESTQ CX, CX
	JZ shiftdone
shiftonestep:
	VMOVSD (DI), X0
	XORQ R10, R10
shiftonearc:
	MOVQ (R9)(R10*8), AX
	VMOVSD (R8)(R10*8), X1
	VMULSD (SI)(AX*8), X1, X2
	VADDSD X2, X0, X0
	INCQ R10
	CMPQ R10, BX
	JLT shiftonearc
	VMOVSD X0, (DI)
	ADDQ $8, DI
	ADDQ $8, SI
	DECQ CX
	JNZ shiftonestep
shiftdone:
	VZEROUPPER
	RET
