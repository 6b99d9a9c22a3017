	.text
	.file	"x.c"
	.file	1 "/tmp" "x.c"
	.globl	f
	.type	f,@function
f:
	.loc 1 3 0
	.cfi_startproc
	pushq	%rbp
	.loc 1 4 5 prologue_end
	movl	$0, %eax
	.loc 1 5 1
	popq	%rbp
	retq
.Lfunc_end0:
	.size	f, .Lfunc_end0-f
	.cfi_endproc
