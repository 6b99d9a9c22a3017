# A directive no assembler knows.
	.text
	.frobnicate 1
