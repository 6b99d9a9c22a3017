.intel_syntax noprefix
f:
  push rbp
  mov rbp, rsp
  sub rsp, 16
  mov dword ptr [rbp-4], edi
  mov eax, dword ptr [rbp-4]
  add eax, 1
  cmp qword ptr [rip+g], 0
  inc byte ptr [rax]
  lea rax, [rax+rax*2]
  movsd xmm0, qword ptr [rip+.LC0]
  cvtsi2sd xmm1, eax
  call h
  call qword ptr [rax+8]
  jmp rax
  imul eax, ecx, 12
  shl eax, 3
  test al, 1
  je 1f
  xor eax, eax
1: pop rbp
  ret
.LC0: .quad 0
