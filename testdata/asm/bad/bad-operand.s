# An immediate as the destination of a move.
	.text
f:
	movl %eax, $1
