	.text
	.globl foo
	.type foo,@function
foo:	ret
	.size foo, 1
	.symver foo, foo@VER_1, remove
	.local lfoo
lfoo:	nop
	.symver lfoo, lfoo@V
	call foo
	.data
	.quad foo
