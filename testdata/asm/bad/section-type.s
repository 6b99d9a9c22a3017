# An unknown section type: llvm-mc-19 reports it at the token after the
# statement (here a comment on the next line).
	.section .foo,"",@bogus
   # next
	.byte 1
