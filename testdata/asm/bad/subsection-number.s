# Subsection numbers that are not absolute or not in [0, 2^31): llvm-mc-19
# places a constant's error nowhere (<unknown>:0).
	.text 2147483648
	.subsection undefined_symbol
	.subsection -1
	.byte 1
