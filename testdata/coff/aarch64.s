// COFF features for llvm-mc-19 -triple=aarch64-pc-windows-msvc.
	.file	"aarch64.c"
	.def	main;
	.scl	2;
	.type	32;
	.endef
	.text
	.globl	main
	.p2align	2
main:
	stp	x29, x30, [sp, #-16]!
	bl	external_function
	adrp	x0, global_data
	add	x0, x0, :lo12:global_data
	ldr	x1, [x0, :lo12:global_data]
	adrp	x2, local_data
	ldr	w3, [x2, :lo12:local_data]
	add	x0, x0, :secrel_hi12:tls_var
	add	x0, x0, :secrel_lo12:tls_var
	ldr	x0, [x0, :secrel_lo12:tls_var]
	add	x1, x1, :secrel_hi12:tls_var
	add	x1, x1, :secrel_lo12:tls_var
	adr	x4, helper
	b.eq	external_function
	tbz	x0, #3, external_function
	cbz	x1, helper
	bl	comdat_any
	bl	weak_undefined
	ldp	x29, x30, [sp], #16
	ret

	.def	helper;
	.scl	3;
	.type	32;
	.endef
helper:
	ret

	.section .flag_b,"b"
	.zero 32
	.section .flag_rD,"rD"
	.long 1
	.section .flag_xr,"xr"
	ret

	.data
	.globl	global_data
	.p2align 3
global_data:
	.xword	main
	.word	helper
	.word	main@IMGREL
	.rva	helper
local_data:
	.word 42

	.section .tls$,"dw"
	.globl tls_var
tls_var:
	.word 7

	.section .rdata$long_section_name_aarch64,"dr"
	.word 2

	.section .text$one_only,"xr",one_only,comdat_one_only
	.globl comdat_one_only
comdat_one_only:
	ret
	.section .text$any,"xr",discard,comdat_any
	.globl comdat_any
comdat_any:
	ret
	.section .rdata$same_size,"dr",same_size,comdat_same_size
	.globl comdat_same_size
comdat_same_size:
	.word 3
	.section .rdata$same_contents,"dr",same_contents,comdat_same_contents
	.globl comdat_same_contents
comdat_same_contents:
	.word 4
	.section .data$largest,"dw",largest,comdat_largest
	.globl comdat_largest
comdat_largest:
	.xword comdat_any
	.section .data$newest,"dw",newest,comdat_newest
	.globl comdat_newest
comdat_newest:
	.word 5
	.section .xdata$assoc,"dr",associative,comdat_any
	.word comdat_any@IMGREL

	.section .text$weak,"xr"
	.weak	weak_defined
weak_defined:
	ret
	.weak	weak_undefined

	.section .debug$S,"dr"
	.p2align 2
	.word 4
	.secrel32 main
	.secidx main
	.secrel32 global_data+4
	.secidx global_data

	.comm	comm_symbol, 16, 3

	.section .drectve,"yni"
	.ascii " /EXPORT:main"

// A section past 1 MiB: LLVM adds $L offset labels for ADRP.
	.section .big,"dr"
	.zero 0x110000
.Lbig_end:
	.word 1
	.text
	adrp	x0, .Lbig_end
	add	x0, x0, :lo12:.Lbig_end
