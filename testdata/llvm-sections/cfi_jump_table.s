# A CFI jump table as LowerTypeTests lays it out for x86-64, assembled by
# LLVM 22 (through rustc's global_asm!) to check SHT_LLVM_CFI_JUMP_TABLE and
# the entry encoding.
        .section .text.cfi,"ax",@llvm_cfi_jump_table,8
        jmp     f
        int3
        int3
        int3
        jmp     g
        int3
        int3
        int3
