//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// minusInf is -Inf as a float64.
DATA minusInf<>+0(SB)/8, $0xfff0000000000000
GLOBL minusInf<>(SB), RODATA|NOPTR, $8

// func boxesChoosingAVX(r *LaneRolls, boxes []LevelBox, choice *LaneRolls)
// For each roll (SI), -Inf into Y0, Y1 and the first box's choice for
// its level into Y6, Y7; for each box (a LevelBox at R11), its level's
// totals into Y2, Y3; the lanes where the roll's value is less blend the
// box's choice for the level (Y15) into its choice, and its value
// becomes the maximum, as levelsAVX's; then the row and choice stored.
// boxes is not empty.
TEXT ·boxesChoosingAVX(SB), NOSPLIT, $0-40
	XORQ SI, SI
	VBROADCASTSD minusInf<>(SB), Y8
	MOVQ boxes_base+8(FP), R9
	MOVQ boxes_len+16(FP), R10
	MOVQ r+0(FP), DI
	MOVQ choice+32(FP), R8
boxesroll:
	VMOVAPD Y8, Y0
	VMOVAPD Y8, Y1
	MOVQ LevelBox_Level(R9), AX
	MOVBQZX (AX)(SI*1), AX
	ANDQ $(const_Levels-1), AX
	MOVQ LevelBox_Choices(R9), BX
	VBROADCASTSD (BX)(AX*8), Y6
	VMOVAPD Y6, Y7
	MOVQ R9, R11
	MOVQ R10, DX
boxesbox:
	MOVQ LevelBox_Level(R11), AX
	MOVBQZX (AX)(SI*1), AX
	ANDQ $(const_Levels-1), AX
	MOVQ LevelBox_Choices(R11), BX
	VBROADCASTSD (BX)(AX*8), Y15
	SHLQ $6, AX
	ADDQ LevelBox_Totals(R11), AX
	VMOVUPD (AX), Y2
	VMOVUPD 32(AX), Y3
	VCMPPD $1, Y2, Y0, Y4
	VCMPPD $1, Y3, Y1, Y5
	VBLENDVPD Y4, Y15, Y6, Y6
	VBLENDVPD Y5, Y15, Y7, Y7
	VMAXPD Y2, Y0, Y0
	VMAXPD Y3, Y1, Y1
	ADDQ $LevelBox__size, R11
	DECQ DX
	JNZ boxesbox
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	VMOVUPD Y6, (R8)
	VMOVUPD Y7, 32(R8)
	ADDQ $64, DI
	ADDQ $64, R8
	INCQ SI
	CMPQ SI, $const_numRolls
	JNE boxesroll
	VZEROUPPER
	RET
