# A two-operand instruction with one operand.
	.text
	movl %eax
