# A macro definition without .endm.
	.macro twice insn
	\insn
	\insn
