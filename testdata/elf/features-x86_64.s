# ELF features for llvmext-objcopy round trips (llvm-mc-19 -triple=x86_64-linux-gnu).
	.file	"features.c"
	.text
	.globl	f
	.type	f,@function
f:
	call	ext@PLT
	movq	ext@GOTPCREL(%rip), %rax
	leaq	.Lstr(%rip), %rdi
	movl	tls@TPOFF, %eax
	movq	%fs:0, %rax
	ret
	.size	f, .-f

	.section .text.unique,"ax",@progbits,unique,1
g:	nop
	.section .text.unique,"ax",@progbits,unique,2
h:	nop

	.section .rodata.str1.1,"aMS",@progbits,1
.Lstr:	.asciz	"hello"
	.section .rodata.cst16,"aM",@progbits,16
	.quad	1, 2
	.section .data.rel.ro,"aw",@progbits
	.quad	f
	.quad	ext+5
	.long	.Lstr-.
	.section .tdata,"awT",@progbits
	.globl	tls
	.type	tls,@object
tls:	.long	7
	.size	tls, 4
	.section .tbss,"awT",@nobits
	.zero	8
	.section .init_array,"aw",@init_array
	.quad	f
	.section .meta,"ao",@progbits,f
	.byte	1
	.section .excl,"e",@progbits
	.byte	2
	.section .retain,"aR",@progbits
	.byte	3
	.section .grp,"axG",@progbits,sig,comdat
	.weak	sig
sig:	ret
	.section .grp.data,"aG",@progbits,sig,comdat
	.quad	sig
	.section .grp2,"aG",@progbits,sig2
	.byte	4
	.bss
	.zero	32
	.comm	cvar,8,8
	.local	lvar
	.comm	lvar,16,16
	.weak	w
	.hidden	hid
	.globl	hid
hid:
	.protected prot
	.globl	prot
	.set	prot, f
	.globl	abs_sym
	abs_sym = 0x1234
	.cg_profile f, g, 42
	.cg_profile g, ext, 7
	.addrsig
	.addrsig_sym f
	.addrsig_sym ext
	.section .linker-options,"e",@llvm_linker_options
	.asciz	"a"
	.asciz	"b"
	.section .deplibs,"MS",@llvm_dependent_libraries,1
	.asciz	"m"
	.section .note.GNU-stack,"",@progbits
