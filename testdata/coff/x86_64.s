# COFF features for llvm-mc-19 -triple=x86_64-pc-windows-msvc, rebuilt by
# llvmext-objcopy in tests/objcopy_coff.rs.
	.file	"x86_64_features_with_a_file_name_longer_than_one_record.c"

	.def	main;
	.scl	2;
	.type	32;
	.endef
	.text
	.globl	main
	.p2align	4
main:
.seh_proc main
	subq	$40, %rsp
	.seh_stackalloc 40
	.seh_endprologue
	callq	external_function
	leaq	local_data(%rip), %rax
	movl	foo@IMGREL(%rbx,%rcx,4), %eax
	movabsq	$global_data, %rax
	callq	weak_undefined
	callq	comdat_any
	addq	$40, %rsp
	retq
.seh_endproc

	.def	helper;
	.scl	3;
	.type	32;
	.endef
helper:
	jmp	main
	jmp	1f
1:	ret

# Every flag letter of .section.
	.section .flag_b,"b"
	.zero 24
	.section .flag_d,"d"
	.long 1
	.section .flag_n,"n"
	.ascii "noload"
	.section .flag_r,"r"
	.long 2
	.section .flag_s,"s"
	.long 3
	.section .flag_w,"w"
	.long 4
	.section .flag_x,"x"
	ret
	.section .flag_y,"y"
	.long 5
	.section .flag_D,"D"
	.long 6
	.section .flag_i,"i"
	.ascii "info"
	.section .flag_dr,"dr"
	.long 7
	.section .flag_bw,"bw"
	.zero 8
	.section .flag_xw,"xw"
	ret
	.section .flag_rnD,"rnD"
	.long 8
	.section .flag_none
	.long 9
	.section .debug_implicitly_discardable,"r"
	.long 10

# Long section names: one past the 8 bytes, and longer ones sharing tails.
	.section .data_longer,"dw"
	.globl	global_data
global_data:
	.quad	main
	.quad	helper+8
	.long	main@IMGREL
	.long	(main@imgrel + 0x3F)
	.rva	helper, main+16
	.section .rdata$a_very_long_section_name_indeed,"dr"
	.long 11
	.section .rdata$section_name_indeed,"dr"
	.long 12

	.data
	.p2align 3
local_data:
	.long	0x11223344
	.quad	foo
	.long	foo

	.bss
	.p2align 6
	.zero 64

	.lcomm	lcomm_symbol, 32, 16
	.comm	comm_symbol, 48, 3

# COMDAT of every selection.
	.section .text$one_only,"xr",one_only,comdat_one_only
	.globl comdat_one_only
comdat_one_only:
	ret
	.section .text$any,"xr",discard,comdat_any
	.globl comdat_any
comdat_any:
	movl $1, %eax
	ret
	.section .rdata$same_size,"dr",same_size,comdat_same_size
	.globl comdat_same_size
comdat_same_size:
	.long 13
	.section .rdata$same_contents,"dr",same_contents,comdat_same_contents
	.globl comdat_same_contents
comdat_same_contents:
	.long 14
	.section .data$largest,"dw",largest,comdat_largest
	.globl comdat_largest
comdat_largest:
	.quad comdat_any
	.section .data$newest,"dw",newest,comdat_newest
	.globl comdat_newest
comdat_newest:
	.long 15
	.section .xdata$assoc,"dr",associative,comdat_any
	.long comdat_any@IMGREL
	.section .pdata$assoc2,"dr",associative,comdat_largest
	.long 16
	.section .text$linkonce,"xr"
	.linkonce discard
	.globl linkonce_function
linkonce_function:
	ret
# Two sections with the same name in different COMDATs.
	.section .rdata$dup,"dr",discard,dup_one
	.globl dup_one
dup_one:
	.long 17
	.section .rdata$dup,"dr",discard,dup_two
	.globl dup_two
dup_two:
	.long 18

# Weak externals: defined (with a default), undefined, anti-dependency.
	.section .text$weak,"xr"
	.weak	weak_defined
weak_defined:
	ret
	.weak	weak_undefined
	.weak_anti_dep anti_dep_alias
	anti_dep_alias = main

# Debug-style relocations: section-relative and section index.
	.section .debug$S,"dr"
	.p2align 2
	.long 4
	.secrel32 main
	.secidx main
	.secrel32 local_data+4
	.secidx local_data
	.symidx helper

# An absolute symbol.
	.globl absolute_symbol
	absolute_symbol = 0x12345

# Linker directives.
	.section .drectve,"yni"
	.ascii " /DEFAULTLIB:libcmt /alternatename:foo=bar"

# High alignment.
	.section .align8192,"dr"
	.p2align 13
	.long 19

	.addrsig
	.addrsig_sym helper
	.addrsig_sym global_data
