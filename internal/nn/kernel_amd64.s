//go:build amd64

#include "textflag.h"

// func fmaRuns(acc, wt, x *float32, n, runs, gap, stride, blocks int)
//
// For each of runs runs of n inputs (run r starts at x + r·gap floats),
// in turn, each input x[j] adds x[j] times the next row of wt (rows are
// stride floats apart) to acc[0:8·blocks]. The sums stay in Y0–Y3
// throughout.
TEXT ·fmaRuns(SB), NOSPLIT, $0-64
	MOVQ acc+0(FP), DI
	MOVQ wt+8(FP), SI
	MOVQ x+16(FP), DX
	MOVQ n+24(FP), R9
	MOVQ runs+32(FP), R10
	MOVQ gap+40(FP), R11
	SHLQ $2, R11 // bytes from a run's start to the next's
	MOVQ stride+48(FP), R8
	SHLQ $2, R8 // bytes a row
	MOVQ blocks+56(FP), BX
	TESTQ R9, R9
	JEQ done
	TESTQ R10, R10
	JEQ done
	CMPQ BX, $1
	JEQ one
	CMPQ BX, $2
	JEQ two
	CMPQ BX, $3
	JEQ three

four:
	VMOVUPS 0(DI), Y0
	VMOVUPS 32(DI), Y1
	VMOVUPS 64(DI), Y2
	VMOVUPS 96(DI), Y3
fourRun:
	MOVQ DX, AX
	MOVQ R9, CX
loop4:
	VBROADCASTSS (AX), Y4
	VFMADD231PS 0(SI), Y4, Y0
	VFMADD231PS 32(SI), Y4, Y1
	VFMADD231PS 64(SI), Y4, Y2
	VFMADD231PS 96(SI), Y4, Y3
	ADDQ R8, SI
	ADDQ $4, AX
	DECQ CX
	JNE loop4
	ADDQ R11, DX
	DECQ R10
	JNE fourRun
	JMP store

three:
	VMOVUPS 0(DI), Y0
	VMOVUPS 32(DI), Y1
	VMOVUPS 64(DI), Y2
threeRun:
	MOVQ DX, AX
	MOVQ R9, CX
loop3:
	VBROADCASTSS (AX), Y4
	VFMADD231PS 0(SI), Y4, Y0
	VFMADD231PS 32(SI), Y4, Y1
	VFMADD231PS 64(SI), Y4, Y2
	ADDQ R8, SI
	ADDQ $4, AX
	DECQ CX
	JNE loop3
	ADDQ R11, DX
	DECQ R10
	JNE threeRun
	JMP store

two:
	VMOVUPS 0(DI), Y0
	VMOVUPS 32(DI), Y1
twoRun:
	MOVQ DX, AX
	MOVQ R9, CX
loop2:
	VBROADCASTSS (AX), Y4
	VFMADD231PS 0(SI), Y4, Y0
	VFMADD231PS 32(SI), Y4, Y1
	ADDQ R8, SI
	ADDQ $4, AX
	DECQ CX
	JNE loop2
	ADDQ R11, DX
	DECQ R10
	JNE twoRun
	JMP store

one:
	VMOVUPS 0(DI), Y0
oneRun:
	MOVQ DX, AX
	MOVQ R9, CX
loop1:
	VBROADCASTSS (AX), Y4
	VFMADD231PS 0(SI), Y4, Y0
	ADDQ R8, SI
	ADDQ $4, AX
	DECQ CX
	JNE loop1
	ADDQ R11, DX
	DECQ R10
	JNE oneRun

store:
	CMPQ BX, $1
	JEQ store1
	CMPQ BX, $2
	JEQ store2
	CMPQ BX, $3
	JEQ store3
	VMOVUPS Y3, 96(DI)
store3:
	VMOVUPS Y2, 64(DI)
store2:
	VMOVUPS Y1, 32(DI)
store1:
	VMOVUPS Y0, 0(DI)

done:
	VZEROUPPER
	RET
