# Big-endian ELF for llvmext-objcopy round trips (llvm-mc-19 -triple=powerpc64-linux-gnu).
	.text
	.globl	f
f:
	bl	ext
	nop
	blr
	.data
	.quad	f+4
	.long	0x01020304
	.section .grp,"axG",@progbits,sig,comdat
	.globl	sig
sig:	blr
