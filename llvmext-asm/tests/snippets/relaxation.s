je .L1
jmp .L1
.zero 200
.L1:
ret
