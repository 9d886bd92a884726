//go:build !purego

#include "textflag.h"

// func addShiftedAVX(to, pad, q []float64, at []int)
// Four totals a step in Y0, each arc's product added in turn; SI walks
// pad along with to, BX is the last arc. len(to) is a multiple of four,
// and q not empty.
TEXT ·addShiftedAVX(SB), NOSPLIT, $0-96
	MOVQ to_len+8(FP), CX
	SHRQ $2, CX
	JZ shiftdone
	MOVQ to_base+0(FP), DI
	MOVQ pad_base+24(FP), SI
	MOVQ q_len+56(FP), BX
	DECQ BX
	MOVQ q_base+48(FP), R8
	MOVQ at_base+72(FP), R9
shiftfour:
	VMOVUPD (DI), Y0
	XORQ R10, R10
shiftarc:
	MOVQ (R9)(R10*8), AX
	VBROADCASTSD (R8)(R10*8), Y1
	VMULPD (SI)(AX*8), Y1, Y2
	VADDPD Y2, Y0, Y0
	INCQ R10
	CMPQ R10, BX
	JLE shiftarc
	VMOVUPD Y0, (DI)
	ADDQ $32, DI
	ADDQ $32, SI
	DECQ CX
	JNZ shiftfour
shiftdone:
	VZEROUPPER
	RET
