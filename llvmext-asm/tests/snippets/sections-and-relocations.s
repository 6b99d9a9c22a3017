	.text
	.globl f
	.type f,@function
f:
	.cfi_startproc
	pushq %rbp
	.cfi_def_cfa_offset 16
	jmp .L1
	call g
	movl x(%rip), %eax
.L1:
	popq %rbp
	retq
.Lfe:
	.size f, .Lfe-f
	.cfi_endproc
	.data
x:	.long 5
	.section .rodata.str1.1,"aMS",@progbits,1
.Ls:	.asciz "hi"
	.text
	leaq .Ls(%rip), %rax
	.local loc
	.comm c,8,8
