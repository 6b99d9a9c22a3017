# ELF features for llvmext-objcopy round trips (llvm-mc-19 -triple=riscv64-linux-gnu -mattr=+relax).
	.text
	.globl	f
	.type	f,@function
f:
	call	ext
	lla	a0, .Lstr
	la	a1, ext
	ret
	.size	f, .-f
	.section .rodata.str1.1,"aMS",@progbits,1
.Lstr:	.asciz	"hi"
	.data
	.quad	f+4
	.uleb128 .Lend-f
	.text
.Lend:
