# 32-bit ARM ELF for llvmext-objcopy round trips (llvm-mc-19 -triple=armv7-linux-gnueabihf).
	.syntax unified
	.text
	.globl	f
	.type	f,%function
f:
	movw	r0, :lower16:.Lstr
	movt	r0, :upper16:.Lstr
	bl	ext
	bx	lr
	.size	f, .-f
	.section .rodata.str1.1,"aMS",%progbits,1
.Lstr:	.asciz	"hi"
	.data
	.long	f+4
