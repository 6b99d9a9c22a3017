vpaddd (%rax){1to16}, %zmm0, %zmm2 {%k1}
vmovdqa32 %zmm1, %zmm2 {%k2} {z}
vpaddd (%rax){1to4}, %xmm0, %xmm1
