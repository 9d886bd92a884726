//go:build !purego

#include "go_asm.h"
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

// func firstBestAVX(v, f *LaneKeeps, rows []laneRow, parents int, rolls bool)
// Each row: the keep's best into Y0, Y1, read from v for a keep with
// fewer than five dice, the largest of its parents' for a roll (rolls);
// its own keep index into Y2, Y3, or noKeep for a roll; then for each
// parent whose best is the keep's, the smaller of that and the parent's
// first (a blend with noKeep, Y15, where it is not); then the first into
// f. rows is not empty, and parents at least 1, as in every maxGroup.
TEXT ·firstBestAVX(SB), NOSPLIT, $0-49
	MOVQ v+0(FP), DI
	MOVQ f+8(FP), R8
	MOVQ rows_base+16(FP), SI
	MOVQ rows_len+24(FP), CX
	SHLQ $4, CX
	ADDQ SI, CX // the end of the rows
	MOVQ parents+40(FP), BX
	MOVBQZX rolls+48(FP), R9
	MOVQ $const_noKeep, AX
	VCVTSI2SDQ AX, X15, X15
	VMOVDDUP X15, X15
	VINSERTF128 $1, X15, Y15, Y15
firstrow:
	MOVWQZX (SI), R12
	TESTQ R9, R9
	JNZ firstroll
	VMOVUPD (DI)(R12*1), Y0
	VMOVUPD 32(DI)(R12*1), Y1
	MOVQ R12, AX
	SHRQ $6, AX
	VCVTSI2SDQ AX, X2, X2
	VMOVDDUP X2, X2
	VINSERTF128 $1, X2, Y2, Y2
	VMOVAPD Y2, Y3
	JMP firstparents
firstroll:
	MOVWQZX 2(SI), AX
	VMOVUPD (DI)(AX*1), Y0
	VMOVUPD 32(DI)(AX*1), Y1
	MOVQ $2, DX
firstrollmax:
	CMPQ DX, BX
	JA firstrollnone
	MOVWQZX (SI)(DX*2), AX
	VMAXPD (DI)(AX*1), Y0, Y0
	VMAXPD 32(DI)(AX*1), Y1, Y1
	INCQ DX
	JMP firstrollmax
firstrollnone:
	VMOVAPD Y15, Y2
	VMOVAPD Y15, Y3
firstparents:
	MOVQ $1, DX
firstparent:
	MOVWQZX (SI)(DX*2), AX
	VCMPPD $0, (DI)(AX*1), Y0, Y4
	VCMPPD $0, 32(DI)(AX*1), Y1, Y5
	VBLENDVPD Y4, (R8)(AX*1), Y15, Y6
	VBLENDVPD Y5, 32(R8)(AX*1), Y15, Y7
	VMINPD Y6, Y2, Y2
	VMINPD Y7, Y3, Y3
	INCQ DX
	CMPQ DX, BX
	JLE firstparent
	VMOVUPD Y2, (R8)(R12*1)
	VMOVUPD Y3, 32(R8)(R12*1)
	ADDQ $16, SI
	CMPQ SI, CX
	JB firstrow
	VZEROUPPER
	RET

// moveFirst is engine.FirstRollKeep, the first keep that is a roll, as
// four int32s; moveSpare is the last row of a
// LaneKeeps as four int32s, where a roll that stays adds to no purpose;
// moveLanes are the byte offsets of the eight lanes in a row.
DATA moveFirst<>+0(SB)/4, $const_keepParents
DATA moveFirst<>+4(SB)/4, $const_keepParents
DATA moveFirst<>+8(SB)/4, $const_keepParents
DATA moveFirst<>+12(SB)/4, $const_keepParents
GLOBL moveFirst<>(SB), RODATA|NOPTR, $16
DATA moveSpare<>+0(SB)/4, $(const_keepsLen-1)
DATA moveSpare<>+4(SB)/4, $(const_keepsLen-1)
DATA moveSpare<>+8(SB)/4, $(const_keepsLen-1)
DATA moveSpare<>+12(SB)/4, $(const_keepsLen-1)
GLOBL moveSpare<>(SB), RODATA|NOPTR, $16
DATA moveLanes<>+0(SB)/4, $0
DATA moveLanes<>+4(SB)/4, $8
DATA moveLanes<>+8(SB)/4, $16
DATA moveLanes<>+12(SB)/4, $24
DATA moveLanes<>+16(SB)/4, $32
DATA moveLanes<>+20(SB)/4, $40
DATA moveLanes<>+24(SB)/4, $48
DATA moveLanes<>+28(SB)/4, $56
GLOBL moveLanes<>(SB), RODATA|NOPTR, $32

// MOVELANE adds lane j's probability (at R8) to the row whose byte
// offset (lane included) is the j-th int32 on the stack.
#define MOVELANE(j) \
	MOVL (4*j)(SP), AX \
	VMOVSD (DI)(AX*1), X6 \
	VADDSD (8*j)(R8), X6, X6 \
	VMOVSD X6, (DI)(AX*1)

// MOVELANES adds each of the eight lanes of the roll at R8 to the row
// whose byte offset (plus the lane's) lies on the stack.
#define MOVELANES \
	MOVELANE(0); MOVELANE(1); MOVELANE(2); MOVELANE(3) \
	MOVELANE(4); MOVELANE(5); MOVELANE(6); MOVELANE(7)

// func moveAVX(v *LaneKeeps, choice *LaneRolls)
// Each roll (its row at R8, its choices at SI): the eight choices to
// int32s, clamped to 0 and up, the rolls' own (FirstRollKeep and up)
// to the spare row, times a row's bytes plus the lane's, onto the stack;
// then lane by lane an add to that row; then the roll's row cleared
// where it chose a keep. The spare row is cleared at the end. Choices
// must be keep indices, as MoveToChoices says: the clamps keep the
// addresses inside v, they do not make other values mean anything (a
// NaN would be added to keep 0 and also stay in its roll's row).
TEXT ·moveAVX(SB), NOSPLIT, $32-16
	MOVQ v+0(FP), DI
	MOVQ choice+8(FP), SI
	LEAQ (const_keepParents*64)(DI), R8
	MOVQ $const_numRolls, CX
	VPXOR X10, X10, X10
	VMOVDQU moveFirst<>(SB), X11
	VMOVDQU moveSpare<>(SB), X12
	VMOVDQU moveLanes<>(SB), X13
	VMOVDQU moveLanes<>+16(SB), X14
	VCVTDQ2PD X11, Y15
moveroll:
	VMOVUPD (SI), Y7
	VMOVUPD 32(SI), Y9
	VCVTTPD2DQY Y7, X0
	VCVTTPD2DQY Y9, X1
	VPMAXSD X10, X0, X0
	VPMAXSD X10, X1, X1
	VPCMPGTD X0, X11, X2
	VPCMPGTD X1, X11, X3
	VBLENDVPS X2, X0, X12, X4
	VBLENDVPS X3, X1, X12, X5
	VPSLLD $6, X4, X4
	VPSLLD $6, X5, X5
	VPADDD X13, X4, X4
	VPADDD X14, X5, X5
	VMOVDQU X4, 0(SP)
	VMOVDQU X5, 16(SP)
	MOVELANES
	VCMPPD $1, Y15, Y7, Y8
	VCMPPD $1, Y15, Y9, Y9
	VANDNPD (R8), Y8, Y7
	VANDNPD 32(R8), Y9, Y9
	VMOVUPD Y7, (R8)
	VMOVUPD Y9, 32(R8)
	ADDQ $64, SI
	ADDQ $64, R8
	DECQ CX
	JNZ moveroll
	VXORPD Y0, Y0, Y0
	VMOVUPD Y0, ((const_keepsLen-1)*64)(DI)
	VMOVUPD Y0, ((const_keepsLen-1)*64+32)(DI)
	VZEROUPPER
	RET

// func addToRowsAVX(r *LaneRolls, rows [][Lanes]float64, at *LaneRolls)
// Each roll (its row at R8, its rows named at SI): the eight to int32s,
// clamped to 0..len(rows)-1, times a row's bytes plus the lane's, onto
// the stack; then lane by lane an add to that row. rows is not empty.
// The clamp keeps the addresses inside rows, where plain Go would panic
// on an index out of range: a guard, not behaviour to rely on.
TEXT ·addToRowsAVX(SB), NOSPLIT, $32-40
	MOVQ r+0(FP), R8
	MOVQ rows_base+8(FP), DI
	MOVQ rows_len+16(FP), AX
	DECQ AX
	MOVQ at+32(FP), SI
	MOVQ $const_numRolls, CX
	VMOVD AX, X12
	VPSHUFD $0, X12, X12
	VPXOR X10, X10, X10
	VMOVDQU moveLanes<>(SB), X13
	VMOVDQU moveLanes<>+16(SB), X14
addrowsroll:
	VCVTTPD2DQY (SI), X0
	VCVTTPD2DQY 32(SI), X1
	VPMAXSD X10, X0, X0
	VPMAXSD X10, X1, X1
	VPMINSD X12, X0, X0
	VPMINSD X12, X1, X1
	VPSLLD $6, X0, X0
	VPSLLD $6, X1, X1
	VPADDD X13, X0, X0
	VPADDD X14, X1, X1
	VMOVDQU X0, 0(SP)
	VMOVDQU X1, 16(SP)
	MOVELANES
	ADDQ $64, SI
	ADDQ $64, R8
	DECQ CX
	JNZ addrowsroll
	VZEROUPPER
	RET

// func chooseAVX(to, a, b, x, y *LaneRolls)
// Four lanes a step: a compare of b with a, then a blend of x's with
// y's, each roll's row in two steps.
TEXT ·chooseAVX(SB), NOSPLIT, $0-40
	MOVQ to+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ x+24(FP), R8
	MOVQ y+32(FP), R9
	XORQ AX, AX
	MOVQ $const_numRolls, CX
chooseroll:
	VMOVUPD (DX)(AX*1), Y0
	VMOVUPD 32(DX)(AX*1), Y1
	VCMPPD $1, (SI)(AX*1), Y0, Y0
	VCMPPD $1, 32(SI)(AX*1), Y1, Y1
	VMOVUPD (R9)(AX*1), Y2
	VMOVUPD 32(R9)(AX*1), Y3
	VBLENDVPD Y0, (R8)(AX*1), Y2, Y2
	VBLENDVPD Y1, 32(R8)(AX*1), Y3, Y3
	VMOVUPD Y2, (DI)(AX*1)
	VMOVUPD Y3, 32(DI)(AX*1)
	ADDQ $64, AX
	DECQ CX
	JNZ chooseroll
	VZEROUPPER
	RET
