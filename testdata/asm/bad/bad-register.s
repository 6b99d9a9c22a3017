# A register name that does not exist.
	.text
	movl %eqx, %eax
