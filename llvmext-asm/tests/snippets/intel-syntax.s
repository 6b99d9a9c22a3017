.intel_syntax noprefix
movzx eax, byte ptr [rax]
movsx eax, word ptr [rax]
movsxd rax, dword ptr [rax]
add dword ptr [rsp+8], 1
vpaddd zmm2{k1}, zmm0, dword ptr [rip+X] {1to16}
mov rax, offset X
lea rax, [rip+X]
jmp 1f
1:
mov eax, [rbx+rcx*4-0x40*2]
