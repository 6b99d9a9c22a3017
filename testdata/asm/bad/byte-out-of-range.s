# A byte value out of range.
	.data
	.byte 300
