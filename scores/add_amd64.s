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
