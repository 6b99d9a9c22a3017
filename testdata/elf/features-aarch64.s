# ELF features for llvmext-objcopy round trips (llvm-mc-19 -triple=aarch64-linux-gnu).
	.text
	.globl	f
	.type	f,@function
f:
	adrp	x0, .Lstr
	add	x0, x0, :lo12:.Lstr
	adrp	x1, :got:ext
	ldr	x1, [x1, :got_lo12:ext]
	bl	ext
	mrs	x8, TPIDR_EL0
	add	x8, x8, :tprel_hi12:tls
	add	x8, x8, :tprel_lo12_nc:tls
	b	f
	.size	f, .-f
	.section .rodata.str1.1,"aMS",@progbits,1
.Lstr:	.asciz	"hi"
	.data
	.xword	f+4
	.word	ext-8
	.section .tbss,"awT",@nobits
	.globl	tls
tls:	.zero	4
	.section .text.g,"axG",@progbits,g,comdat
	.weak	g
g:	ret
