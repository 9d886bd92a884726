//go:build !purego

#include "textflag.h"

// func addScaledAVX(to, p []float64, q float64)
// to[i] += q*p[i], a multiply then an add: eight totals a step in two Y
// registers, then four; len(to) is a multiple of four.
TEXT ·addScaledAVX(SB), NOSPLIT, $0-56
	MOVQ to_base+0(FP), DI
	MOVQ to_len+8(FP), CX
	MOVQ p_base+24(FP), SI
	VBROADCASTSD q+48(FP), Y1
	XORQ AX, AX
	MOVQ CX, DX
	ANDQ $~7, DX
scaledeight:
	CMPQ AX, DX
	JGE scaledfour
	VMULPD (SI)(AX*8), Y1, Y2
	VMULPD 32(SI)(AX*8), Y1, Y3
	VADDPD (DI)(AX*8), Y2, Y2
	VADDPD 32(DI)(AX*8), Y3, Y3
	VMOVUPD Y2, (DI)(AX*8)
	VMOVUPD Y3, 32(DI)(AX*8)
	ADDQ $8, AX
	JMP scaledeight
scaledfour:
	CMPQ AX, CX
	JGE scaleddone
	VMULPD (SI)(AX*8), Y1, Y2
	VADDPD (DI)(AX*8), Y2, Y2
	VMOVUPD Y2, (DI)(AX*8)
scaleddone:
	VZEROUPPER
	RET

// func addScaledAVX512(to, p []float64, q float64)
// addScaledAVX sixteen totals a step in two Z registers, then eight,
// then four.
TEXT ·addScaledAVX512(SB), NOSPLIT, $0-56
	MOVQ to_base+0(FP), DI
	MOVQ to_len+8(FP), CX
	MOVQ p_base+24(FP), SI
	VBROADCASTSD q+48(FP), Z1
	XORQ AX, AX
	MOVQ CX, DX
	ANDQ $~15, DX
zscaled16:
	CMPQ AX, DX
	JGE zscaled8
	VMULPD (SI)(AX*8), Z1, Z2
	VMULPD 64(SI)(AX*8), Z1, Z3
	VADDPD (DI)(AX*8), Z2, Z2
	VADDPD 64(DI)(AX*8), Z3, Z3
	VMOVUPD Z2, (DI)(AX*8)
	VMOVUPD Z3, 64(DI)(AX*8)
	ADDQ $16, AX
	JMP zscaled16
zscaled8:
	MOVQ CX, DX
	SUBQ AX, DX
	CMPQ DX, $8
	JLT zscaled4
	VMULPD (SI)(AX*8), Z1, Z2
	VADDPD (DI)(AX*8), Z2, Z2
	VMOVUPD Z2, (DI)(AX*8)
	ADDQ $8, AX
	SUBQ $8, DX
zscaled4:
	CMPQ DX, $4
	JLT zscaleddone
	VMULPD (SI)(AX*8), Y1, Y2
	VADDPD (DI)(AX*8), Y2, Y2
	VMOVUPD Y2, (DI)(AX*8)
zscaleddone:
	VZEROUPPER
	RET
