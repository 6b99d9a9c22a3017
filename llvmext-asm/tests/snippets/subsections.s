# Subsections: `.text N`, `.data N`, `.subsection N`, `.pushsection name, N`;
# each section's subsections laid out in increasing order. `.previous`
# returns to the last place even when the last switch went nowhere new.
# A line table whose rows go back and forth between subsections, and the
# end of its sequence at the end of subsection 0 (where llvm-mc-19 puts it).
	.file 1 "/tmp" "sub.c"
	.text
	.loc 1 1 0
	nop
	.text 2
two:
	.byte 2
	.text 1
	.loc 1 2 0
one:
	.byte 1
	jmp two
	.subsection 3
	.byte 3
	.previous
	.byte 0x11
	.section .data
	.long 5
	.previous
	.byte 0x12
	.pushsection .text, 4
	.byte 4
	.popsection
	.byte 0x13
	.text
	.loc 1 3 0
	ret
	.subsection 1
	.long one - two
	.data 1
	.byte 0xd1
	.data
	.byte 0xd0
	.data
	.previous
	.byte 0xd2
	.pushsection .rodata, 2, "a", @progbits
	.byte 0x22
	.popsection
	.pushsection .rodata, 1
	.byte 0x21
	.subsection
	.byte 0x20
	.popsection
	.text 1
	.loc 1 4 0
	ret
# A difference within one subsection folds before layout across another
# subsection's fragments emitted in between (llvm-mc-19 folds it too).
	.text 5
b1:
	.byte 1
	.text 6
	.byte 9
	.text 5
	.byte 2
b2:
	.if b2 - b1 == 2
	.byte 0xaa
	.endif
