//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// sixth is 1/6 as a float64 (0x3fc5555555555555), which the Go kernel's
// constant 1.0/6 rounds to as well.
DATA sixth<>+0(SB)/8, $0x3fc5555555555555
GLOBL sixth<>(SB), RODATA|NOPTR, $8

// The lane kernels for AVX: each keep row of a LaneKeeps is 64 bytes,
// eight float64 lanes, held in two Y registers (Y0 low half, Y1 high).

// LOAD2 loads the row at byte offset off(SI) into Y0, Y1.
#define LOAD2(off) \
	MOVWQZX off(SI), AX; \
	VMOVUPD (DI)(AX*1), Y0; \
	VMOVUPD 32(DI)(AX*1), Y1

// ADD2 adds the row at byte offset off(SI) to Y0, Y1.
#define ADD2(off) \
	MOVWQZX off(SI), AX; \
	VADDPD (DI)(AX*1), Y0, Y0; \
	VADDPD 32(DI)(AX*1), Y1, Y1

// MAX2 takes the maximum of Y0, Y1 and the row at byte offset off(SI).
#define MAX2(off) \
	MOVWQZX off(SI), AX; \
	VMAXPD (DI)(AX*1), Y0, Y0; \
	VMAXPD 32(DI)(AX*1), Y1, Y1

// STORE2 stores Y0, Y1 into the row at the first offset of the row at SI.
#define STORE2 \
	MOVWQZX (SI), AX; \
	VMOVUPD Y0, (DI)(AX*1); \
	VMOVUPD Y1, 32(DI)(AX*1)

// LEVELS loads the rolls (DI), their levels (SI), the totals (DX) and
// the count of rolls (CX) of levelsAVX.
#define LEVELS \
	MOVQ r+0(FP), DI; \
	MOVQ level+8(FP), SI; \
	MOVQ totals+16(FP), DX; \
	MOVQ $const_numRolls, CX

// LEVELAT sets AX to the byte offset of the level of the roll at SI.
#define LEVELAT \
	MOVBQZX (SI), AX; \
	ANDQ $(const_Levels-1), AX; \
	SHLQ $6, AX

// MEANROWS is a mean kernel's loop over the rows in CX at SI: each row's
// first child loaded (LOAD), the other five added (ADD), times a sixth
// in R (MUL R), stored (STORE).
#define MEANROWS(label, LOAD, ADD, MUL, STORE) \
label: \
	LOAD(2); \
	ADD(4); \
	ADD(6); \
	ADD(8); \
	ADD(10); \
	ADD(12); \
	MUL; \
	STORE; \
	ADDQ $16, SI; \
	DECQ CX; \
	JNZ label

// MAXROWS is a max kernel's loop over the rows in CX at SI, rows with 1
// to 5 parents (BODY: the keep loaded, each parent's maximum taken),
// stored (STORE), then a jump to done.
#define MAXROWS(label, BODY, STORE, done) \
label: \
	BODY; \
	STORE; \
	ADDQ $16, SI; \
	DECQ CX; \
	JNZ label; \
	JMP done

// MAXn(LOAD, MAX) loads a row's keep and takes the maximum with its n
// parents.
#define MAX1(LOAD, MAX) LOAD(0); MAX(2)
#define MAX2P(LOAD, MAX) MAX1(LOAD, MAX); MAX(4)
#define MAX3(LOAD, MAX) MAX2P(LOAD, MAX); MAX(6)
#define MAX4(LOAD, MAX) MAX3(LOAD, MAX); MAX(8)
#define MAX5(LOAD, MAX) MAX4(LOAD, MAX); MAX(10)

// MAXKERNEL dispatches on the parents in BX (1 to 5) to the loops of a
// max kernel with LOAD, MAX and STORE, its labels prefixed by p.
#define MAXKERNEL(p1, p2, p3, p4, p5, done, LOAD, MAX, STORE) \
	CMPQ BX, $1; \
	JEQ p1; \
	CMPQ BX, $2; \
	JEQ p2; \
	CMPQ BX, $3; \
	JEQ p3; \
	CMPQ BX, $4; \
	JEQ p4; \
	MAXROWS(p5, MAX5(LOAD, MAX), STORE, done); \
	MAXROWS(p4, MAX4(LOAD, MAX), STORE, done); \
	MAXROWS(p3, MAX3(LOAD, MAX), STORE, done); \
	MAXROWS(p2, MAX2P(LOAD, MAX), STORE, done); \
	MAXROWS(p1, MAX1(LOAD, MAX), STORE, done)

#define MUL2 VMULPD Y15, Y0, Y0; VMULPD Y15, Y1, Y1

// func meanLanesAVX(v *LaneKeeps, rows []laneRow)
TEXT ·meanLanesAVX(SB), NOSPLIT, $0-32
	MOVQ v+0(FP), DI
	MOVQ rows_base+8(FP), SI
	MOVQ rows_len+16(FP), CX
	VBROADCASTSD sixth<>(SB), Y15
	TESTQ CX, CX
	JZ meandone
	MEANROWS(meanloop, LOAD2, ADD2, MUL2, STORE2)
meandone:
	VZEROUPPER
	RET

// func maxLanesAVX(v *LaneKeeps, rows []laneRow, parents int)
// parents is 1 to 5, as in every maxGroup.
TEXT ·maxLanesAVX(SB), NOSPLIT, $0-40
	MOVQ v+0(FP), DI
	MOVQ rows_base+8(FP), SI
	MOVQ rows_len+16(FP), CX
	MOVQ parents+32(FP), BX
	TESTQ CX, CX
	JZ maxdone
	MAXKERNEL(max1, max2, max3, max4, max5, maxdone, LOAD2, MAX2, STORE2)
maxdone:
	VZEROUPPER
	RET

// func expectLanesAVX(r *LaneRolls, e *[Lanes]float64)
TEXT ·expectLanesAVX(SB), NOSPLIT, $0-16
	MOVQ r+0(FP), DI
	MOVQ e+8(FP), DX
	LEAQ ·rollProbs(SB), SI
	MOVQ $const_numRolls, CX
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
expectloop:
	VBROADCASTSD (SI), Y2
	VMULPD (DI), Y2, Y3
	VMULPD 32(DI), Y2, Y4
	VADDPD Y3, Y0, Y0
	VADDPD Y4, Y1, Y1
	ADDQ $8, SI
	ADDQ $64, DI
	DECQ CX
	JNZ expectloop
	VMOVUPD Y0, (DX)
	VMOVUPD Y1, 32(DX)
	VZEROUPPER
	RET

// func levelsAVX(r *LaneRolls, level *[engine.NumRolls]uint8, totals *LaneLevels)
TEXT ·levelsAVX(SB), NOSPLIT, $0-24
	LEVELS
levelsloop:
	LEVELAT
	VMOVUPD (DI), Y0
	VMOVUPD 32(DI), Y1
	VMAXPD (DX)(AX*1), Y0, Y0
	VMAXPD 32(DX)(AX*1), Y1, Y1
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	INCQ SI
	ADDQ $64, DI
	DECQ CX
	JNZ levelsloop
	VZEROUPPER
	RET

// func sparseAVX(v *LaneKeeps, list []ScoredRoll, add *[Lanes]float64)
TEXT ·sparseAVX(SB), NOSPLIT, $0-40
	MOVQ v+0(FP), DI
	MOVQ list_base+8(FP), SI
	MOVQ list_len+16(FP), CX
	MOVQ add+32(FP), DX
	VMOVUPD (DX), Y2
	VMOVUPD 32(DX), Y3
	TESTQ CX, CX
	JZ sparsedone
sparseloop:
	VBROADCASTSD ScoredRoll_Points(SI), Y4
	MOVWQZX ScoredRoll_Off(SI), AX
	VADDPD Y2, Y4, Y0
	VADDPD Y3, Y4, Y1
	VMAXPD (DI)(AX*1), Y0, Y0
	VMAXPD 32(DI)(AX*1), Y1, Y1
	VMOVUPD Y0, (DI)(AX*1)
	VMOVUPD Y1, 32(DI)(AX*1)
	ADDQ $ScoredRoll__size, SI
	DECQ CX
	JNZ sparseloop
sparsedone:
	VZEROUPPER
	RET

// func pointsAVX(v *LaneKeeps, points *[engine.NumRolls]float64, add *[Lanes]float64)
TEXT ·pointsAVX(SB), NOSPLIT, $0-24
	MOVQ v+0(FP), DI
	MOVQ points+8(FP), SI
	MOVQ add+16(FP), DX
	ADDQ $const_firstRollOffset, DI
	MOVQ $const_numRolls, CX
	VMOVUPD (DX), Y2
	VMOVUPD 32(DX), Y3
pointsloop:
	VBROADCASTSD (SI), Y4
	VADDPD Y2, Y4, Y0
	VADDPD Y3, Y4, Y1
	VMAXPD (DI), Y0, Y0
	VMAXPD 32(DI), Y1, Y1
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	ADDQ $8, SI
	ADDQ $64, DI
	DECQ CX
	JNZ pointsloop
	VZEROUPPER
	RET

// func raisedAVX(v *LaneKeeps, list []LevelRoll, totals *BoxLevels)
TEXT ·raisedAVX(SB), NOSPLIT, $0-40
	MOVQ v+0(FP), DI
	MOVQ list_base+8(FP), SI
	MOVQ list_len+16(FP), CX
	MOVQ totals+32(FP), DX
	TESTQ CX, CX
	JZ raiseddone
raisedloop:
	MOVWQZX LevelRoll_Off(SI), AX
	MOVBQZX LevelRoll_Level(SI), BX
	ANDQ $(const_PointLevels-1), BX
	SHLQ $6, BX
	VMOVUPD (DI)(AX*1), Y0
	VMOVUPD 32(DI)(AX*1), Y1
	VMAXPD (DX)(BX*1), Y0, Y0
	VMAXPD 32(DX)(BX*1), Y1, Y1
	VMOVUPD Y0, (DI)(AX*1)
	VMOVUPD Y1, 32(DI)(AX*1)
	ADDQ $LevelRoll__size, SI
	DECQ CX
	JNZ raisedloop
raiseddone:
	VZEROUPPER
	RET

// func pointsOneAVX(f, points *[engine.NumRolls]float64, add float64)
// engine.NumRolls is a multiple of four.
TEXT ·pointsOneAVX(SB), NOSPLIT, $0-24
	MOVQ f+0(FP), DI
	MOVQ points+8(FP), SI
	VBROADCASTSD add+16(FP), Y2
	MOVQ $(const_numRolls/4), CX
pointsoneloop:
	VADDPD (SI), Y2, Y0
	VMAXPD (DI), Y0, Y0
	VMOVUPD Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ pointsoneloop
	VZEROUPPER
	RET

// rowMasks<>+32*(n-1) selects the first n of four float64 lanes.
DATA rowMasks<>+0(SB)/8, $-1
DATA rowMasks<>+8(SB)/8, $0
DATA rowMasks<>+16(SB)/8, $0
DATA rowMasks<>+24(SB)/8, $0
DATA rowMasks<>+32(SB)/8, $-1
DATA rowMasks<>+40(SB)/8, $-1
DATA rowMasks<>+48(SB)/8, $0
DATA rowMasks<>+56(SB)/8, $0
DATA rowMasks<>+64(SB)/8, $-1
DATA rowMasks<>+72(SB)/8, $-1
DATA rowMasks<>+80(SB)/8, $-1
DATA rowMasks<>+88(SB)/8, $0
DATA rowMasks<>+96(SB)/8, $-1
DATA rowMasks<>+104(SB)/8, $-1
DATA rowMasks<>+112(SB)/8, $-1
DATA rowMasks<>+120(SB)/8, $-1
GLOBL rowMasks<>(SB), RODATA|NOPTR, $128

// KEEPROW sums the children of the keepRow at SI, in face order, and
// takes a sixth of the sums: the row's means in Y0.
#define KEEPROW \
	MOVWQZX 2(SI), AX; \
	VMOVUPD (DI)(AX*1), Y0; \
	MOVWQZX 4(SI), AX; \
	VADDPD (DI)(AX*1), Y0, Y0; \
	MOVWQZX 6(SI), AX; \
	VADDPD (DI)(AX*1), Y0, Y0; \
	MOVWQZX 8(SI), AX; \
	VADDPD (DI)(AX*1), Y0, Y0; \
	MOVWQZX 10(SI), AX; \
	VADDPD (DI)(AX*1), Y0, Y0; \
	VADDPD 8(DI)(AX*1), Y0, Y0; \
	VMULPD Y15, Y0, Y0; \
	MOVWQZX (SI), AX

// func keepRowsAVX(v *Keeps, rows []keepRow, masked int)
//
// The rows of one size (keepRowSize): each keepRow holds the byte offsets
// of its first keep, of the first keeps of its children's rows by faces 1
// to 4 and of its row by faces 5 and 6, and that of its lanes' mask in
// rowMasks, through which the last masked rows store.
TEXT ·keepRowsAVX(SB), NOSPLIT, $0-40
	MOVQ v+0(FP), DI
	MOVQ rows_base+8(FP), SI
	MOVQ rows_len+16(FP), CX
	MOVQ masked+32(FP), R9
	VBROADCASTSD sixth<>(SB), Y15
	LEAQ rowMasks<>(SB), R8
	SUBQ R9, CX
	JZ keeprowsmasked
keeprowsloop:
	KEEPROW
	VMOVUPD Y0, (DI)(AX*1)
	ADDQ $16, SI
	DECQ CX
	JNZ keeprowsloop
keeprowsmasked:
	// A masked store, which is slow on some CPUs: a few a size.
	TESTQ R9, R9
	JZ keeprowsdone
keeprowsmaskedloop:
	KEEPROW
	MOVWQZX 12(SI), BX
	VMOVDQU (R8)(BX*1), Y1
	VMASKMOVPD Y0, Y1, (DI)(AX*1)
	ADDQ $16, SI
	DECQ R9
	JNZ keeprowsmaskedloop
keeprowsdone:
	VZEROUPPER
	RET

// The steps of bestOneAVX: a keep's row of indices at SI, its value in
// X0 (and the next row's in X1, for two keeps at a time).
#define ONELOAD \
	MOVWQZX (SI), AX; \
	VMOVSD (DI)(AX*8), X0
#define ONEMAX(off) \
	MOVWQZX off(SI), BX; \
	VMAXSD (DI)(BX*8), X0, X0
#define ONESTORE \
	VMOVSD X0, (DI)(AX*8)
#define PAIRLOAD \
	MOVWQZX (SI), AX; \
	MOVWQZX 16(SI), DX; \
	VMOVSD (DI)(AX*8), X0; \
	VMOVSD (DI)(DX*8), X1
#define PAIRMAX(off, off2) \
	MOVWQZX off(SI), BX; \
	VMAXSD (DI)(BX*8), X0, X0; \
	MOVWQZX off2(SI), BX; \
	VMAXSD (DI)(BX*8), X1, X1
#define PAIRSTORE \
	VMOVSD X0, (DI)(AX*8); \
	VMOVSD X1, (DI)(DX*8)

// func bestOneAVX(v *Keeps, groups []parentGroup)
//
// bestKeepsBits for one state: each group's loop, by its number of
// parents, sets each keep's value to the largest of its own and its
// parents' (the row's first index, then the parents'), two keeps at a
// time after a first one for a group of odd length. VMAXSD takes one
// instruction a parent, with the value loaded in it, and is exact for
// values with the sign bit clear and no NaN (no -0 then), as the integer
// maximum of bestKeepsBits is. A NaN comes only from a damaged table,
// whose advice is refused (Table.Err), so the two may part on it.
TEXT ·bestOneAVX(SB), NOSPLIT, $0-32
	MOVQ v+0(FP), DI
	MOVQ groups_base+8(FP), R8
	MOVQ groups_len+16(FP), R9
	TESTQ R9, R9
	JZ bestonedone
bestonegroup:
	MOVQ parentGroup_parents(R8), R10
	MOVQ (parentGroup_keeps+0)(R8), SI
	MOVQ (parentGroup_keeps+8)(R8), R11
	SHLQ $4, R11
	LEAQ (SI)(R11*1), CX
	TESTQ R11, R11
	JZ bestonenext
	CMPQ R10, $1
	JEQ bestone1
	CMPQ R10, $2
	JEQ bestone2
	CMPQ R10, $3
	JEQ bestone3
	CMPQ R10, $4
	JEQ bestone4
	JMP bestone5
bestone1:
	TESTQ $16, R11
	JZ bestone1pairs
	ONELOAD
	ONEMAX(2)
	ONESTORE
	ADDQ $16, SI
	CMPQ SI, CX
	JEQ bestonenext
bestone1pairs:
	PAIRLOAD
	PAIRMAX(2, 18)
	PAIRSTORE
	ADDQ $32, SI
	CMPQ SI, CX
	JNE bestone1pairs
	JMP bestonenext
bestone2:
	TESTQ $16, R11
	JZ bestone2pairs
	ONELOAD
	ONEMAX(2)
	ONEMAX(4)
	ONESTORE
	ADDQ $16, SI
	CMPQ SI, CX
	JEQ bestonenext
bestone2pairs:
	PAIRLOAD
	PAIRMAX(2, 18)
	PAIRMAX(4, 20)
	PAIRSTORE
	ADDQ $32, SI
	CMPQ SI, CX
	JNE bestone2pairs
	JMP bestonenext
bestone3:
	TESTQ $16, R11
	JZ bestone3pairs
	ONELOAD
	ONEMAX(2)
	ONEMAX(4)
	ONEMAX(6)
	ONESTORE
	ADDQ $16, SI
	CMPQ SI, CX
	JEQ bestonenext
bestone3pairs:
	PAIRLOAD
	PAIRMAX(2, 18)
	PAIRMAX(4, 20)
	PAIRMAX(6, 22)
	PAIRSTORE
	ADDQ $32, SI
	CMPQ SI, CX
	JNE bestone3pairs
	JMP bestonenext
bestone4:
	TESTQ $16, R11
	JZ bestone4pairs
	ONELOAD
	ONEMAX(2)
	ONEMAX(4)
	ONEMAX(6)
	ONEMAX(8)
	ONESTORE
	ADDQ $16, SI
	CMPQ SI, CX
	JEQ bestonenext
bestone4pairs:
	PAIRLOAD
	PAIRMAX(2, 18)
	PAIRMAX(4, 20)
	PAIRMAX(6, 22)
	PAIRMAX(8, 24)
	PAIRSTORE
	ADDQ $32, SI
	CMPQ SI, CX
	JNE bestone4pairs
	JMP bestonenext
bestone5:
	TESTQ $16, R11
	JZ bestone5pairs
	ONELOAD
	ONEMAX(2)
	ONEMAX(4)
	ONEMAX(6)
	ONEMAX(8)
	ONEMAX(10)
	ONESTORE
	ADDQ $16, SI
	CMPQ SI, CX
	JEQ bestonenext
bestone5pairs:
	PAIRLOAD
	PAIRMAX(2, 18)
	PAIRMAX(4, 20)
	PAIRMAX(6, 22)
	PAIRMAX(8, 24)
	PAIRMAX(10, 26)
	PAIRSTORE
	ADDQ $32, SI
	CMPQ SI, CX
	JNE bestone5pairs
	JMP bestonenext
bestonenext:
	ADDQ $parentGroup__size, R8
	DECQ R9
	JNZ bestonegroup
bestonedone:
	RET

// func raisedOneAVX(f *[numRolls]float64, runs []LevelRun, totals *BoxLevels)
//
// raisedOne for one state's ordered roll values: level by level, each
// level's total (lane 0 of totals) loaded once, each of its rolls' values
// becomes the larger of it and the total, two rolls at a time after a
// first one for a run of odd length. VMAXSD is exact for values with
// the sign bit clear and no NaN (see bestOneAVX).
TEXT ·raisedOneAVX(SB), NOSPLIT, $0-40
	MOVQ f+0(FP), DI
	MOVQ runs_base+8(FP), R8
	MOVQ runs_len+16(FP), R9
	MOVQ totals+32(FP), DX
	TESTQ R9, R9
	JZ raisedonedone
raisedonerun:
	MOVBQZX LevelRun_Level(R8), AX
	ANDQ $(const_PointLevels-1), AX
	SHLQ $6, AX
	VMOVSD (DX)(AX*1), X1
	MOVQ (LevelRun_Rolls+0)(R8), SI
	MOVQ (LevelRun_Rolls+8)(R8), BX
	LEAQ (SI)(BX*1), CX
	TESTQ $1, BX
	JZ raisedonepairs
	MOVBQZX (SI), AX
	VMAXSD (DI)(AX*8), X1, X0
	VMOVSD X0, (DI)(AX*8)
	INCQ SI
raisedonepairs:
	// Two rolls at a time: a run's rolls are distinct.
	CMPQ SI, CX
	JEQ raisedonenext
	MOVBQZX (SI), AX
	MOVBQZX 1(SI), BX
	VMAXSD (DI)(AX*8), X1, X0
	VMAXSD (DI)(BX*8), X1, X2
	VMOVSD X0, (DI)(AX*8)
	VMOVSD X2, (DI)(BX*8)
	ADDQ $2, SI
	JMP raisedonepairs
raisedonenext:
	ADDQ $LevelRun__size, R8
	DECQ R9
	JNZ raisedonerun
raisedonedone:
	RET

// one is 1.0 as a float64.
DATA one<>+0(SB)/8, $0x3ff0000000000000
GLOBL one<>(SB), RODATA|NOPTR, $8

// laterLanes<>+32*l selects the lanes of four after lane l.
DATA laterLanes<>+0(SB)/8, $0
DATA laterLanes<>+8(SB)/8, $-1
DATA laterLanes<>+16(SB)/8, $-1
DATA laterLanes<>+24(SB)/8, $-1
DATA laterLanes<>+32(SB)/8, $0
DATA laterLanes<>+40(SB)/8, $0
DATA laterLanes<>+48(SB)/8, $-1
DATA laterLanes<>+56(SB)/8, $-1
DATA laterLanes<>+64(SB)/8, $0
DATA laterLanes<>+72(SB)/8, $0
DATA laterLanes<>+80(SB)/8, $0
DATA laterLanes<>+88(SB)/8, $-1
DATA laterLanes<>+96(SB)/8, $0
DATA laterLanes<>+104(SB)/8, $0
DATA laterLanes<>+112(SB)/8, $0
DATA laterLanes<>+120(SB)/8, $0
GLOBL laterLanes<>(SB), RODATA|NOPTR, $128

// RANKOUT sets order[R11] to i (BX), moves on to the next i and compares
// it with n (CX).
#define RANKOUT \
	ANDQ $(const_Rankable-1), R11; \
	MOVB BX, (DI)(R11*1); \
	INCQ BX; \
	CMPQ BX, CX

// func rankAVX(x *[Rankable]float64, n int, order *[Rankable]uint8)
//
// laneKernel.rank by counting, with no branch on the values: value i's
// rank is the number of values j before it with x[j] >= x[i] and after it
// with x[j] > x[i], counted for four values i at a time (Y0) as each x[j]
// is broadcast and compared with them, each comparison's lanes ANDed with
// 1.0 and summed (Y1 and Y5). Then order[rank] = i. The values hold no NaN, so
// the order is total and the ranks are distinct.
TEXT ·rankAVX(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ order+16(FP), DI
	TESTQ CX, CX
	JZ rankdone
	VBROADCASTSD one<>(SB), Y15
	LEAQ laterLanes<>(SB), R10
	XORQ BX, BX
rankchunk:
	// BX is the first of the four values i; AX is j. Y1 and Y5 count.
	VMOVUPD (SI)(BX*8), Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y5, Y5, Y5
	XORQ AX, AX
	TESTQ BX, BX
	JZ rankown
rankbefore:
	// j before the four, two at a time (BX is a multiple of four):
	// x[i] <= x[j].
	VBROADCASTSD (SI)(AX*8), Y2
	VBROADCASTSD 8(SI)(AX*8), Y6
	VCMPPD $2, Y2, Y0, Y3
	VCMPPD $2, Y6, Y0, Y7
	VANDPD Y15, Y3, Y3
	VANDPD Y15, Y7, Y7
	VADDPD Y3, Y1, Y1
	VADDPD Y7, Y5, Y5
	ADDQ $2, AX
	CMPQ AX, BX
	JNE rankbefore
rankown:
	// j among the four, lane l: x[i] < x[j] in every lane, or x[i] ==
	// x[j] in the lanes after l.
	XORQ DX, DX
rankownloop:
	CMPQ AX, CX
	JEQ rankcount
	VBROADCASTSD (SI)(AX*8), Y2
	VCMPPD $1, Y2, Y0, Y3
	VCMPPD $0, Y2, Y0, Y4
	VANDPD (R10)(DX*1), Y4, Y4
	VORPD Y4, Y3, Y3
	VANDPD Y15, Y3, Y3
	VADDPD Y3, Y1, Y1
	INCQ AX
	ADDQ $32, DX
	CMPQ DX, $128
	JNE rankownloop
	// j after the four: x[i] < x[j], one first if they are odd in
	// number, then two at a time.
	MOVQ CX, DX
	SUBQ AX, DX
	JZ rankcount
	TESTQ $1, DX
	JZ rankafter
	VBROADCASTSD (SI)(AX*8), Y2
	VCMPPD $1, Y2, Y0, Y3
	VANDPD Y15, Y3, Y3
	VADDPD Y3, Y1, Y1
	INCQ AX
	CMPQ AX, CX
	JEQ rankcount
rankafter:
	VBROADCASTSD (SI)(AX*8), Y2
	VBROADCASTSD 8(SI)(AX*8), Y6
	VCMPPD $1, Y2, Y0, Y3
	VCMPPD $1, Y6, Y0, Y7
	VANDPD Y15, Y3, Y3
	VANDPD Y15, Y7, Y7
	VADDPD Y3, Y1, Y1
	VADDPD Y7, Y5, Y5
	ADDQ $2, AX
	CMPQ AX, CX
	JNE rankafter
rankcount:
	// The four ranks, for the values i below n.
	VADDPD Y5, Y1, Y1
	VCVTTPD2DQY Y1, X1
	VMOVD X1, R11
	RANKOUT
	JEQ rankdone
	VPEXTRD $1, X1, R11
	RANKOUT
	JEQ rankdone
	VPEXTRD $2, X1, R11
	RANKOUT
	JEQ rankdone
	VPEXTRD $3, X1, R11
	RANKOUT
	JNE rankchunk
rankdone:
	VZEROUPPER
	RET

// func fillOneAVX(f *[numRolls]float64, x float64)
//
// fill in AVX: eight values a loop, then the last four.
TEXT ·fillOneAVX(SB), NOSPLIT, $0-16
	MOVQ f+0(FP), DI
	VBROADCASTSD x+8(FP), Y0
	MOVQ $(const_numRolls/8), CX
fillloop:
	VMOVUPD Y0, (DI)
	VMOVUPD Y0, 32(DI)
	ADDQ $64, DI
	DECQ CX
	JNZ fillloop
	VMOVUPD Y0, (DI)
	VZEROUPPER
	RET

// The lane kernels for AVX-512: a keep row's eight lanes in one Z
// register, the same operations in the same order as the AVX kernels'.

// LOADZ loads the row at byte offset off(SI) into Z0.
#define LOADZ(off) \
	MOVWQZX off(SI), AX; \
	VMOVUPD (DI)(AX*1), Z0

// ADDZ adds the row at byte offset off(SI) to Z0.
#define ADDZ(off) \
	MOVWQZX off(SI), AX; \
	VADDPD (DI)(AX*1), Z0, Z0

// MAXZ takes the maximum of Z0 and the row at byte offset off(SI).
#define MAXZ(off) \
	MOVWQZX off(SI), AX; \
	VMAXPD (DI)(AX*1), Z0, Z0

// STOREZ stores Z0 into the row at the first offset of the row at SI.
#define STOREZ \
	MOVWQZX (SI), AX; \
	VMOVUPD Z0, (DI)(AX*1)

#define MULZ VMULPD Z15, Z0, Z0

// func meanLanesAVX512(v *LaneKeeps, rows []laneRow)
TEXT ·meanLanesAVX512(SB), NOSPLIT, $0-32
	MOVQ v+0(FP), DI
	MOVQ rows_base+8(FP), SI
	MOVQ rows_len+16(FP), CX
	VBROADCASTSD sixth<>(SB), Z15
	TESTQ CX, CX
	JZ meanzdone
	MEANROWS(meanzloop, LOADZ, ADDZ, MULZ, STOREZ)
meanzdone:
	VZEROUPPER
	RET

// func maxLanesAVX512(v *LaneKeeps, rows []laneRow, parents int)
// parents is 1 to 5, as in every maxGroup.
TEXT ·maxLanesAVX512(SB), NOSPLIT, $0-40
	MOVQ v+0(FP), DI
	MOVQ rows_base+8(FP), SI
	MOVQ rows_len+16(FP), CX
	MOVQ parents+32(FP), BX
	TESTQ CX, CX
	JZ maxzdone
	MAXKERNEL(maxz1, maxz2, maxz3, maxz4, maxz5, maxzdone, LOADZ, MAXZ, STOREZ)
maxzdone:
	VZEROUPPER
	RET
