# Input for the llvm_sections differential tests (llvm-mc-19 -filetype=obj
# -triple=x86_64-linux-gnu): linker options, dependent libraries, call-graph
# profile, address-significance table and symbol partitions.
        .text
        .globl  f
        .type   f,@function
f:      ret
g:      ret
.Ltmp:  nop
        .globl  h
h:      ret

        .section ".linker-options","e",@llvm_linker_options
        .asciz  "lib"
        .asciz  "foo"
        .asciz  "libpath"
        .asciz  "/opt/x"

        .section .deplibs,"MS",@llvm_dependent_libraries,1
        .asciz  "libA"
        .asciz  "m"
        .asciz  "libA"

        .text
        .cg_profile f, g, 42
        .cg_profile g, ext, 7
        .cg_profile .Ltmp, f, 3
        .cg_profile h, f, 0x123456789

        .addrsig
        .addrsig_sym g
        .addrsig_sym f
        .addrsig_sym g
        .addrsig_sym h
        .addrsig_sym unused_undef

        .section .llvm_sympart,"",@llvm_sympart
        .asciz  "libpart.so"
        .quad   f
        .section .llvm_sympart,"",@llvm_sympart,unique,2
        .asciz  "p2"
        .quad   g
