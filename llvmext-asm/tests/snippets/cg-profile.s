	.text
	.globl a
a:	ret
b:	ret
.Lc:	ret
	.cg_profile a, b, 32
	.cg_profile b, ext, 7
	.cg_profile .Lc, a, 1
