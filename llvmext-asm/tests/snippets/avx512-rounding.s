vaddps {rn-sae}, %zmm1, %zmm2, %zmm3
vcvtps2dq {rz-sae}, %zmm1, %zmm2
vmaxps {sae}, %zmm1, %zmm2, %zmm3
