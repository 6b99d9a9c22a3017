# Errors inside a macro expansion and inside .rept copies: llvm-mc-19
# reports them in the expansion (<instantiation>:line:col, lines counted
# in the expanded text) with a note at the instantiation.
	.macro twice a
	movl \a, %eax
	bogus \a
	.endm
	.text
	nop
	twice $1
	.rept 2
	nop
	badinsn
	.endr
