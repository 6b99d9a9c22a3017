# COFF features for llvm-mc-19 -triple=i686-pc-windows-msvc.
	.file	"i686.c"
	.safeseh	_handler
	.def	_main;
	.scl	2;
	.type	32;
	.endef
	.text
	.globl	_main
	.p2align	4
_main:
	pushl	%ebp
	movl	%esp, %ebp
	calll	_external_function
	movl	_global_data, %eax
	movl	_foo@IMGREL(%ebx,%ecx,4), %eax
	calll	_comdat_any
	calll	_weak_undefined
	popl	%ebp
	retl

	.def	_handler;
	.scl	3;
	.type	32;
	.endef
_handler:
	retl

	.section .flag_b,"b"
	.zero 12
	.section .flag_dw,"dw"
	.long 1
	.section .flag_rn,"rn"
	.long 2
	.section .flag_sx,"sx"
	ret
	.section .flag_yD,"yD"
	.long 3

	.data
	.globl	_global_data
	.p2align 2
_global_data:
	.long	_main
	.long	_handler+4
	.long	_main@IMGREL
	.rva	_handler

	.section .rdata$long_section_name,"dr"
	.long 4

	.section .text$one_only,"xr",one_only,_comdat_one_only
	.globl _comdat_one_only
_comdat_one_only:
	retl
	.section .text$any,"xr",discard,_comdat_any
	.globl _comdat_any
_comdat_any:
	retl
	.section .rdata$same_size,"dr",same_size,_comdat_same_size
	.globl _comdat_same_size
_comdat_same_size:
	.long 5
	.section .rdata$same_contents,"dr",same_contents,_comdat_same_contents
	.globl _comdat_same_contents
_comdat_same_contents:
	.long 6
	.section .data$largest,"dw",largest,_comdat_largest
	.globl _comdat_largest
_comdat_largest:
	.long _comdat_any
	.section .data$newest,"dw",newest,_comdat_newest
	.globl _comdat_newest
_comdat_newest:
	.long 7
	.section .xdata$assoc,"dr",associative,_comdat_any
	.long _comdat_any@IMGREL

	.section .text$weak,"xr"
	.weak	_weak_defined
_weak_defined:
	retl
	.weak	_weak_undefined

	.section .debug$S,"dr"
	.p2align 2
	.long 4
	.secrel32 _main
	.secidx _main
	.secrel32 _global_data+8
	.secidx _global_data

	.comm	_comm_symbol, 16, 2
	.lcomm	_lcomm_symbol, 8

	.section .drectve,"yni"
	.ascii " /EXPORT:_main"
