	.text
	.globl main
	.type main,@function
main:
	.cfi_startproc
	callq f
	retq
	.cfi_endproc
f:	ret
	.cg_profile main, f, 100
	.cg_profile f, puts, 3
	.addrsig
	.addrsig_sym main
