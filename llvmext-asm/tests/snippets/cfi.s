	.text
	.file	"x.c"
	.globl	f
	.p2align	4, 0x90
	.type	f,@function
f:
	.cfi_startproc
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	movq	%rsp, %rbp
	.cfi_def_cfa_register %rbp
	movl	$0, %eax
	popq	%rbp
	.cfi_def_cfa %rsp, 8
	retq
.Lfunc_end0:
	.size	f, .Lfunc_end0-f
	.cfi_endproc
	.ident	"clang version 19"
	.section	".note.GNU-stack","",@progbits
	.addrsig
