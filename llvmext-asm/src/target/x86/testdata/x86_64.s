// integer ALU, every size and form
addq $1, %rax
addq $1000, %rax
addq $-129, %rax
addq $foo, %rax
subq $(.Lb-.La), %rsp
addl $1, %eax
addl $1000, %eax
addl $1000, %ebx
addw $1, %ax
andw $1, %ax
andw $1000, %ax
addb $1, %al
addb $1, %bl
addb $-1, %sil
addb $1, %r8b
addq %rax, %rbx
addl %eax, %ebx
addw %ax, %bx
addb %al, %bl
addb %ah, %bl
add %eax, %ebx
add $1, %rax
add $1, (%rax)
addl $1, (%rax)
addq $1, 8(%rax)
addq (%rax), %rbx
addq %rbx, (%rax)
addq foo(%rip), %rax
addl $foo, foo(%rip)
adcq $1, %rax
sbbl %eax, %eax
subl $4294967295, %eax
andq $-16, %rsp
andl $0xffff, %eax
orq $0x80, %rax
xorl %eax, %eax
xorq %rax, %rax
xorb $0x80, %al
cmpq $0, %rax
cmpl $0x7fffffff, %eax
cmpb $0, (%rdi)
cmpl %esi, %edi
cmpq (%rsp), %rax
testq %rax, %rax
testl %eax, %ecx
testb $1, %al
testb $1, %bl
testw $1, %ax
testl $0x100, %edi
testq $1, %rax
testb $1, (%rax)
incq %rax
incl %eax
incw %ax
incb %al
decl (%rax)
negq %rax
notl %eax
mulq %rcx
imulq %rcx
imulq %rcx, %rax
imull $3, %eax
imulq $1000, %rax, %rcx
imull $3, (%rax), %ecx
imulq $foo, %rax, %rax
divq %rcx
idivl (%rax)
// shifts
shlq %rax
shlq $1, %rax
shll $2, %eax
shlq %cl, %rax
shrl $31, %eax
sarq $63, %rdx
sall $3, %eax
sal $3, %eax
rolb $1, %al
rorw $4, %ax
rclq %rax
shldl %cl, %eax, %ebx
shldq $3, %rax, %rbx
shrdl $5, %edx, %eax
// moves
movq %rsp, %rbp
movq %rax, %rbx
movl %eax, %ebx
mov %eax, %ebx
movw %ax, %bx
movb %al, %bl
movb %ah, %al
movq $1, %rax
movq $-1, %rax
movq $0x80000000, %rax
movq $0xffffffff, %rax
movabsq $0x123456789, %rax
movq $foo, %rax
movl $foo, %eax
movl $0, %eax
movw $1, %ax
movb $1, %al
movl $1, (%rax)
movq $1, (%rax)
movw $1, (%rax)
movb $1, (%rax)
movq (%rax), %rax
movq 8(%rax), %rax
movq -8(%rbp), %rax
movq 128(%rax), %rax
movq (%rax,%rbx), %rcx
movq (%rax,%rbx,8), %rcx
movq 16(%rax,%rbx,8), %rcx
movq (,%rbx,8), %rcx
movq foo(,%rbx,8), %rcx
movq (%rsp), %rax
movq (%r12), %rax
movq (%r13), %rax
movq (%rbp), %rax
movq 8(%rsp), %rax
movq %rax, (%rsp)
movl foo, %eax
movq foo, %rax
movb foo, %al
movl %eax, foo
movabsq foo, %rax
movabsl 4660, %eax
movabsb %al, foo
movq foo(%rip), %rax
movq 16(%rip), %rax
movl foo(%rip), %eax
movq foo+8(%rip), %rax
movq %rax, foo(%rip)
movq foo@GOTPCREL(%rip), %rax
movq foo@GOTPCREL+4(%rip), %rax
movl foo@GOTPCREL(%rip), %eax
movq foo@GOTTPOFF(%rip), %rax
movq %fs:0, %rax
movl %fs:0, %eax
movq %fs:foo@TPOFF, %rax
movq %gs:(%rax), %rax
movq %fs:8(%rax), %rcx
movl %ds:(%rax), %eax
movw %fs:(%eax), %ax
movl (%eax), %eax
movl (%eax,%ebx,4), %eax
movl (%r8d), %eax
movzbl %al, %eax
movzbl (%rax), %eax
movzwl %ax, %eax
movzbq %al, %rax
movzwq (%rax), %rax
movzbw %al, %ax
movsbl %al, %eax
movsbq (%rdi), %rax
movswl %ax, %eax
movswq %ax, %rax
movslq %eax, %rax
movslq (%rax), %rax
movsbw %al, %ax
movzx %al, %eax
movzb %al, %eax
movsx %al, %eax
cltq
cqto
cltd
cwtl
cbtw
cwtd
cdqe
cqo
cmoveq %rax, %rbx
cmovnel (%rax), %ecx
cmovzq %rax, %rbx
cmovbw %ax, %bx
cmovgl %eax, %ebx
sete %al
setne %bl
setz %al
setnae (%rax)
setg %r8b
seta %sil
leaq 8(%rax), %rax
leaq (%rax,%rax,2), %rax
leal 1(%rdi), %eax
leaq foo(%rip), %rax
leal foo(%rip), %eax
leaq foo@GOTPCREL(%rip), %rax
leaq _GLOBAL_OFFSET_TABLE_(%rip), %rax
movabsq $_GLOBAL_OFFSET_TABLE_, %rax
xchgq %rax, %rbx
xchgl %ebx, %eax
xchg %eax, %ebx
xchg %eax, %eax
xchgw %ax, %bx
xchgq %rax, (%rdi)
bswapl %eax
bswapq %r9
xaddl %eax, (%rdi)
cmpxchgq %rcx, (%rdi)
cmpxchg16b (%rdi)
cmpxchg8b (%rdi)
// prefixes
lock addl $1, (%rax)
lock addw $1, %fs:(%eax)
lock xaddq %rax, (%rdi)
lock cmpxchgl %ecx, (%rdx)
lock incl (%rax)
rep movsb
rep movsq
rep stosq
rep stosb
repne scasb
rep movsl
movsb
movsl
stosb
lodsq
cmpsb
scasl
movsb (%rsi), %es:(%rdi)
rep movsq (%rsi), %es:(%rdi)
stosq %rax, %es:(%rdi)
notrack jmpq *%rax
data16 leaq foo@TLSGD(%rip), %rdi
// control flow
jmp foo
jmp 0x10
jmpq *%rax
jmp *%rax
jmpq *8(%rax)
jmp *(%rax,%rbx,8)
jmpq *foo(%rip)
jmp *foo(,%rax,8)
call foo
callq foo
call foo@PLT
call foo+4
callq *%rax
call *%rax
call *8(%rax)
callq *foo@GOTPCREL(%rip)
call *foo@TLSCALL(%rax)
call 0x10
jne foo
je foo
jz foo
jnz foo
jb foo
jae foo
jl foo
jge foo
jle foo
jg foo
js foo
jns foo
jp foo
jnp foo
jo foo
jno foo
ja foo
jbe foo
jne foo+4
jrcxz foo
jecxz foo
loop foo
ret
retq
ret $8
lret
leave
leaveq
pushq %rax
push %rax
push %r12
pushq $1
pushq $1000
pushq $foo
pushq (%rax)
pushw %ax
pushq %fs
popq %rbx
pop %r15
popq (%rax)
pushfq
popfq
pushf
popf
enter $16, $0
// misc
nop
nopw (%rax)
nopl 0(%rax,%rax,1)
nopw %cs:0(%rax,%rax,1)
ud2
int3
int $0x80
hlt
cpuid
rdtsc
rdtscp
syscall
sysret
pause
lfence
mfence
sfence
endbr64
endbr32
clc
stc
cld
std
cmc
sahf
lahf
bsfl %eax, %ebx
bsrq %rax, %rbx
tzcntl %eax, %ebx
lzcntq %rax, %rbx
popcntl %eax, %ebx
popcntq (%rax), %rbx
btl $3, %eax
btq %rax, %rbx
btsl $5, (%rax)
btrq %rcx, %rax
btcl $1, %eax
prefetcht0 (%rax)
prefetchw (%rax)
clflush (%rax)
rdrandl %eax
rdseedq %rax
crc32b %al, %eax
crc32l %eax, %eax
crc32q %rax, %rax
crc32w (%rax), %eax
movbel (%rax), %eax
inb %dx, %al
inl $0x60, %eax
outb %al, %dx
outw %ax, $0x80
xlatb
// BMI / ADX
andnl %eax, %ebx, %ecx
andnq (%rax), %rbx, %rcx
bextrl %eax, %ebx, %ecx
blsil %eax, %ebx
blsmskq %rax, %rbx
blsrl (%rax), %ebx
bzhiq %rax, %rbx, %rcx
pdepl %eax, %ebx, %ecx
pextq %rax, %rbx, %rcx
rorxl $3, %eax, %ebx
sarxq %rax, %rbx, %rcx
shlxl %eax, %ebx, %ecx
shrxq %rax, (%rbx), %rcx
mulxl %eax, %ebx, %ecx
adcxl %eax, %ebx
adoxq %rax, %rbx
// x87
fldt (%rax)
fstpl (%rax)
flds 4(%rsp)
fldl (%rax)
fstps (%rax)
fstpt (%rax)
fildll (%rax)
fildl (%rax)
filds (%rax)
fistps (%rax)
fistpl (%rax)
fistpll (%rax)
fisttpl (%rax)
fld %st(1)
fld1
fldz
fxch
fxch %st(2)
faddp
faddp %st, %st(1)
fadd %st(2), %st
fadd %st, %st(2)
fmulp %st, %st(1)
fsubrp %st, %st(1)
fdivp %st, %st(1)
fadds (%rax)
faddl (%rax)
fiaddl (%rax)
fucomip %st(1), %st
fucomi %st(1), %st
fcomip %st(1), %st
fucompp
fnstsw %ax
fnstcw (%rsp)
fldcw (%rsp)
fstp %st(0)
fstp %st(1)
fchs
fabs
fsqrt
fcmovne %st(1), %st
fwait
fld (%rax)
// SSE
movaps %xmm1, %xmm0
movaps %xmm8, %xmm0
movaps (%rax), %xmm0
movaps %xmm0, (%rax)
movups %xmm1, %xmm2
movapd %xmm2, %xmm0
movdqa %xmm1, %xmm2
movdqu (%rax), %xmm3
movss (%rax), %xmm0
movss %xmm1, %xmm0
movsd %xmm1, %xmm0
movsd 8(%rsp), %xmm1
movsd %xmm0, (%rax)
movd %eax, %xmm0
movd %xmm0, %eax
movq %rax, %xmm0
movq %xmm0, %rax
movq %xmm1, %xmm0
movq (%rax), %xmm0
movq %xmm0, (%rax)
movq (%rax), %mm0
movq %mm1, %mm0
addsd %xmm1, %xmm0
addps (%rax), %xmm0
mulsd %xmm2, %xmm3
divss %xmm1, %xmm0
subpd %xmm1, %xmm0
sqrtsd %xmm1, %xmm0
maxsd %xmm1, %xmm0
minps %xmm1, %xmm0
andps %xmm1, %xmm0
andnpd %xmm1, %xmm0
xorps %xmm0, %xmm0
orpd %xmm1, %xmm0
ucomisd %xmm1, %xmm0
comiss (%rax), %xmm0
cvtsi2sd %eax, %xmm0
cvtsi2sdl %eax, %xmm0
cvtsi2sdq %rax, %xmm0
cvtsi2sd (%rax), %xmm0
cvtsi2sdl (%rax), %xmm0
cvtsi2ssq %rax, %xmm0
cvttsd2si %xmm0, %eax
cvttsd2si %xmm0, %rax
cvtsd2ss %xmm0, %xmm1
cvtss2sd (%rax), %xmm1
cvtdq2ps %xmm0, %xmm1
cvttps2dq %xmm0, %xmm1
cmpltsd %xmm1, %xmm0
cmpeqps %xmm1, %xmm0
cmpps $3, %xmm1, %xmm0
shufps $0x1b, %xmm1, %xmm0
pshufd $0, %xmm1, %xmm0
pshufb %xmm1, %xmm0
punpcklbw %xmm1, %xmm0
punpckhqdq %xmm1, %xmm0
unpcklps %xmm1, %xmm0
paddd %xmm1, %xmm0
paddq (%rax), %xmm0
psubb %xmm1, %xmm0
pmullw %xmm1, %xmm0
pmuludq %xmm1, %xmm0
pmulld %xmm1, %xmm0
pand %xmm1, %xmm0
pandn %xmm1, %xmm0
por %xmm1, %xmm0
pxor %xmm1, %xmm0
pcmpeqb %xmm1, %xmm0
pcmpgtd %xmm1, %xmm0
pmovmskb %xmm0, %eax
movmskps %xmm0, %eax
psllq $3, %xmm0
psrld $1, %xmm0
psrldq $8, %xmm0
pslld %xmm1, %xmm0
pextrw $1, %xmm0, %eax
pinsrw $1, %eax, %xmm0
pextrd $1, %xmm0, %eax
pextrq $1, %xmm0, %rax
pinsrd $1, %eax, %xmm0
pinsrq $1, %rax, %xmm0
pinsrb $1, (%rax), %xmm0
pextrb $1, %xmm0, (%rax)
pblendw $3, %xmm1, %xmm0
blendvps %xmm0, %xmm1, %xmm2
pblendvb %xmm0, %xmm1, %xmm2
roundsd $4, %xmm1, %xmm0
ptest %xmm1, %xmm0
pminsd %xmm1, %xmm0
pmaxud %xmm1, %xmm0
pmovzxbw %xmm1, %xmm0
pmovsxdq (%rax), %xmm0
packssdw %xmm1, %xmm0
packuswb %xmm1, %xmm0
palignr $4, %xmm1, %xmm0
pcmpistri $0x18, %xmm1, %xmm0
pcmpestrm $0, (%rax), %xmm0
pcmpgtq %xmm1, %xmm0
movntdq %xmm0, (%rax)
movnti %eax, (%rax)
movntil %eax, (%rax)
lddqu (%rax), %xmm0
movddup %xmm1, %xmm0
movshdup %xmm1, %xmm0
haddps %xmm1, %xmm0
dpps $0xff, %xmm1, %xmm0
insertps $0x10, %xmm1, %xmm0
extractps $1, %xmm0, %eax
ldmxcsr (%rax)
stmxcsr (%rax)
// AES, PCLMUL, SHA
aesenc %xmm1, %xmm0
aesenclast (%rax), %xmm0
aesdec %xmm1, %xmm0
aesimc %xmm1, %xmm0
aeskeygenassist $1, %xmm1, %xmm0
pclmulqdq $0x11, %xmm1, %xmm0
pclmullqlqdq %xmm1, %xmm0
sha1rnds4 $3, %xmm1, %xmm0
sha256rnds2 %xmm0, %xmm1, %xmm2
sha1msg1 %xmm1, %xmm0
sha256msg2 %xmm1, %xmm0
// AVX
vmovaps %xmm1, %xmm0
vmovaps %xmm8, %xmm0
vmovaps %xmm0, %xmm8
vmovaps %xmm8, %xmm9
vmovaps %ymm8, %ymm0
vmovups (%rax), %ymm0
vmovups %ymm0, (%rax)
vmovdqa %ymm5, %ymm13
vmovdqu %ymm13, %ymm5
vmovdqa (%rax), %xmm0
vmovapd %xmm10, %xmm1
vmovss %xmm9, %xmm1, %xmm0
vmovsd %xmm9, %xmm1, %xmm0
vmovss (%rax), %xmm0
vmovsd %xmm0, (%rax)
vmovq %xmm8, %xmm0
vmovq %xmm0, %xmm8
vmovq %rax, %xmm0
vmovq %xmm0, %rax
vmovd %eax, %xmm0
vaddps %xmm8, %xmm1, %xmm0
vaddps %xmm1, %xmm8, %xmm0
vaddps %ymm2, %ymm1, %ymm0
vaddps (%rax), %ymm1, %ymm0
vaddsd %xmm9, %xmm1, %xmm0
vmulps %xmm8, %xmm1, %xmm0
vsubps %xmm8, %xmm1, %xmm0
vdivpd %xmm8, %xmm1, %xmm0
vmaxps %xmm8, %xmm1, %xmm0
vminsd %xmm8, %xmm1, %xmm0
vandps %xmm8, %xmm1, %xmm0
vandnps %xmm8, %xmm1, %xmm0
vorps %xmm8, %xmm1, %xmm0
vxorps %xmm8, %xmm1, %xmm0
vxorps %xmm0, %xmm0, %xmm0
vpxor %ymm8, %ymm1, %ymm0
vpaddd %xmm8, %xmm1, %xmm0
vpaddq %xmm8, %xmm1, %xmm0
vpsubd %xmm8, %xmm1, %xmm0
vpmullw %xmm8, %xmm1, %xmm0
vpmulld %xmm8, %xmm1, %xmm0
vpand %xmm8, %xmm1, %xmm0
vpandn %xmm8, %xmm1, %xmm0
vpor %xmm8, %xmm1, %xmm0
vpcmpeqb %xmm8, %xmm1, %xmm0
vpcmpeqd %xmm8, %xmm1, %xmm0
vpcmpgtb %xmm8, %xmm1, %xmm0
vpunpcklbw %xmm8, %xmm1, %xmm0
vunpcklps %xmm8, %xmm1, %xmm0
vunpckhpd %xmm8, %xmm1, %xmm0
vunpcklpd %xmm8, %xmm1, %xmm0
vmovhlps %xmm8, %xmm1, %xmm0
vmovlhps %xmm8, %xmm1, %xmm0
vpminub %xmm8, %xmm1, %xmm0
vpmaxsw %xmm8, %xmm1, %xmm0
vpavgb %xmm8, %xmm1, %xmm0
vpaddusb %xmm8, %xmm1, %xmm0
vpmaddwd %xmm8, %xmm1, %xmm0
vpsadbw %xmm8, %xmm1, %xmm0
vpmuludq %xmm8, %xmm1, %xmm0
vpmulhuw %xmm8, %xmm1, %xmm0
vcmpeqps %xmm8, %xmm1, %xmm0
vcmpltps %xmm8, %xmm1, %xmm0
vcmpps $4, %xmm8, %xmm1, %xmm0
vcmpss $7, %xmm8, %xmm1, %xmm0
vshufps $1, %xmm8, %xmm1, %xmm0
vbroadcastss (%rax), %ymm0
vbroadcastsd %xmm1, %ymm0
vpbroadcastd %xmm1, %ymm0
vpbroadcastb (%rax), %xmm0
vinsertf128 $1, %xmm1, %ymm0, %ymm0
vextractf128 $1, %ymm0, %xmm1
vperm2f128 $0x20, %ymm2, %ymm1, %ymm0
vpermq $0xd8, %ymm1, %ymm0
vpermd %ymm2, %ymm1, %ymm0
vpshufb %ymm2, %ymm1, %ymm0
vpshufd $0, %ymm1, %ymm0
vblendvps %ymm3, %ymm2, %ymm1, %ymm0
vpblendvb %xmm3, %xmm2, %xmm1, %xmm0
vzeroupper
vzeroall
vcvtsi2sd %eax, %xmm1, %xmm0
vcvtsi2sdq %rax, %xmm1, %xmm0
vcvtsi2sdl (%rax), %xmm1, %xmm0
vcvttsd2si %xmm0, %eax
vcvtps2pd %xmm1, %ymm0
vcvtpd2psx (%rax), %xmm0
vcvtpd2psy (%rax), %xmm0
vcvtpd2ps %ymm1, %xmm0
vcvtdq2ps %ymm1, %ymm0
vsqrtps %ymm1, %ymm0
vroundps $1, %ymm1, %ymm0
vptest %ymm1, %ymm0
vtestps %ymm1, %ymm0
vmovmskps %ymm0, %eax
vpmovmskb %ymm0, %eax
vpsllq $3, %ymm1, %ymm0
vpsrlvd %ymm2, %ymm1, %ymm0
vpgatherdd %ymm2, (%rax,%ymm1,4), %ymm0
vgatherdps %xmm2, (%rax,%xmm1,4), %xmm0
vpgatherqq %ymm2, 8(%rax,%ymm1,8), %ymm0
vmaskmovps (%rax), %ymm1, %ymm0
vpmaskmovd %ymm0, %ymm1, (%rax)
vldmxcsr (%rax)
vpextrq $1, %xmm0, %rax
vpinsrd $1, %eax, %xmm1, %xmm0
vextracti128 $1, %ymm0, %xmm1
vinserti128 $1, (%rax), %ymm1, %ymm0
vpalignr $8, %ymm2, %ymm1, %ymm0
vmovntdq %ymm0, (%rax)
vaesenc %xmm2, %xmm1, %xmm0
vpclmulqdq $0, %xmm2, %xmm1, %xmm0
{vex3} vmovaps %xmm1, %xmm2
{vex} vmovaps %xmm1, %xmm2
// FMA
vfmadd231ps %ymm2, %ymm1, %ymm0
vfmadd213sd (%rax), %xmm1, %xmm0
vfnmadd132pd %xmm2, %xmm1, %xmm0
vfmsub231ss %xmm2, %xmm1, %xmm0
vfmaddsub213ps %ymm2, %ymm1, %ymm0
vfmadd231ps %ymm10, %ymm1, %ymm0
// AVX-512
vmovaps %zmm1, %zmm2
vmovaps %zmm17, %zmm2
vmovaps %xmm17, %xmm2
vmovaps 256(%rax), %zmm1
vmovaps 260(%rax), %zmm1
vmovaps -8192(%rax), %zmm1
vmovups (%rax), %zmm1 {%k1}
vmovups (%rax), %zmm1 {%k1} {z}
vmovdqu32 %zmm1, (%rax) {%k2}
vmovdqu64 (%rax), %zmm1
vmovdqa64 %zmm1, %zmm2
vmovdqu8 %zmm1, %zmm2 {%k1}
vaddps (%rax){1to16}, %zmm1, %zmm2 {%k1} {z}
vaddps %zmm1, %zmm2, %zmm3
vaddps {rn-sae}, %zmm1, %zmm2, %zmm3
vaddps {rz-sae}, %zmm1, %zmm2, %zmm3
vaddsd {rd-sae}, %xmm1, %xmm2, %xmm3
vaddpd 64(%rax){1to8}, %zmm1, %zmm2
vaddps 4(%rax){1to16}, %zmm1, %zmm2
vaddps %xmm17, %xmm1, %xmm0
vmaxps {sae}, %zmm1, %zmm2, %zmm3
vcvttps2dq {sae}, %zmm1, %zmm2
vpaddd %zmm1, %zmm2, %zmm3
vpaddd (%rax){1to16}, %zmm2, %zmm3
vpaddq %ymm17, %ymm1, %ymm0
vpandd %zmm1, %zmm2, %zmm3
vpandq (%rax), %zmm2, %zmm3 {%k3}
vpxorq %zmm0, %zmm0, %zmm0
vpternlogd $0xff, %zmm0, %zmm0, %zmm0
vpternlogq $0x96, (%rax), %zmm1, %zmm2
vpcmpd $0, %zmm1, %zmm2, %k1
vpcmpeqd %zmm1, %zmm2, %k1
vpcmpud $1, %zmm1, %zmm2, %k1 {%k2}
vcmpps $2, %zmm1, %zmm2, %k1
vptestmd %zmm1, %zmm2, %k1
kmovw %k1, %eax
kmovw %eax, %k1
kmovq %k1, %k2
kmovd (%rax), %k1
kandw %k1, %k2, %k3
korw %k1, %k2, %k3
kxnorw %k1, %k1, %k1
knotw %k1, %k2
kortestw %k1, %k1
kshiftrw $8, %k1, %k2
vpbroadcastd %eax, %zmm1
vpbroadcastq %xmm1, %zmm2 {%k1} {z}
vbroadcastss %xmm1, %zmm2
vpermps %zmm1, %zmm2, %zmm3
vpermt2d %zmm1, %zmm2, %zmm3
vpermi2q %zmm1, %zmm2, %zmm3
vextractf32x4 $1, %zmm1, %xmm2
vinsertf64x4 $1, %ymm1, %zmm2, %zmm3
vpmovdb %zmm1, %xmm2
vpmovqd %zmm1, (%rax)
vcompressps %zmm1, (%rax) {%k1}
vexpandps (%rax), %zmm1 {%k1}
vscatterdps %zmm1, (%rax,%zmm2,4) {%k1}
vgatherdps (%rax,%zmm2,4), %zmm1 {%k1}
vpgatherqq 8(%rax,%zmm2,8), %zmm1 {%k1}
vfmadd231ps %zmm1, %zmm2, %zmm3
vfmadd231ps (%rax){1to16}, %zmm2, %zmm3 {%k1}
vfmadd213pd {rn-sae}, %zmm1, %zmm2, %zmm3
vcvtsi2ss %eax, %xmm1, %xmm17
vcvtsi2sd %rax, {rn-sae}, %xmm1, %xmm2
vcvtusi2sd %eax, %xmm1, %xmm2
vcvtps2ph $0, %zmm1, %ymm2
vcvtph2ps %ymm1, %zmm2
vpmovm2d %k1, %zmm1
vpmovd2m %zmm1, %k1
vplzcntd %zmm1, %zmm2
vpopcntd %zmm1, %zmm2
vpabsq %zmm1, %zmm2
vpsraq $3, %zmm1, %zmm2
vprold $3, %zmm1, %zmm2
vpshufb %zmm1, %zmm2, %zmm3
vpunpcklbw %zmm1, %zmm2, %zmm3
vpmullq %zmm1, %zmm2, %zmm3
vrcp14ps %zmm1, %zmm2
vrsqrt14ss %xmm1, %xmm2, %xmm3
vgetexpps %zmm1, %zmm2
vrndscaleps $4, %zmm1, %zmm2
vreduceps $4, %zmm1, %zmm2
vfixupimmps $0, %zmm1, %zmm2, %zmm3
vscalefps %zmm1, %zmm2, %zmm3
vblendmps %zmm1, %zmm2, %zmm3 {%k1}
valignd $3, %zmm1, %zmm2, %zmm3
vshuff32x4 $0, %zmm1, %zmm2, %zmm3
vmovdqu16 %ymm1, %ymm2 {%k1} {z}
vpmovzxbd %xmm1, %zmm2
vmovaps %xmm1, %xmm2 {%k1}
vaddps %ymm1, %ymm2, %ymm3 {%k1}
vaddps (%rax){1to8}, %ymm2, %ymm3
vaddps (%rax){1to4}, %xmm2, %xmm3
{evex} vmovaps %xmm1, %xmm2
{evex} vaddps %xmm1, %xmm2, %xmm3
vmovaps 32(%rax), %xmm17
vmovaps 2048(%rax), %zmm1
vmovaps 8128(%rax), %zmm1
vmovups 8192(%rax), %zmm1
vmovss 4(%rax), %xmm17
vmovsd 8(%rax), %xmm17
vaddps 64(%rax,%rbx,4), %zmm1, %zmm2
// RIP-relative with immediates
cmpl $1, foo(%rip)
cmpq $1000, foo(%rip)
movl $1, foo(%rip)
movb $1, foo(%rip)
movw $1, foo(%rip)
testb $1, foo(%rip)
roundsd $4, foo(%rip), %xmm0
vpshufd $0, foo(%rip), %xmm0
shufps $0, foo(%rip), %xmm0
// GOT / TLS
addq foo@GOTPCREL(%rip), %rax
cmpq foo@GOTPCREL(%rip), %rax
testq %rax, foo@GOTPCREL(%rip)
testl %eax, foo@GOTPCREL(%rip)
callq *foo@GOTPCREL(%rip)
jmpq *foo@GOTPCREL(%rip)
movq foo@GOTPCREL_NORELAX(%rip), %rax
leaq foo@TLSGD(%rip), %rdi
leaq foo@TLSLD(%rip), %rdi
leaq foo@TLSDESC(%rip), %rax
movq foo@DTPOFF(%rax), %rax
leaq foo@DTPOFF(%rax), %rax
movl %fs:foo@TPOFF, %eax
movq $foo@TPOFF, %rax
addq $foo@TPOFF, %rax
leaq foo@TPOFF(%rax), %rax
movabsq $foo@GOTOFF, %rax
movq foo@GOTPCREL(%rip), %r12
movl foo@GOTPCREL(%rip), %r8d
// errors
foo %eax
addz %eax, %eax
add $1, (%rax)
mov $1, (%rax)
movs %al, %eax
movl %eax, %rbx
addl %eax
pushl %eax
pusha
fld (%rax)
vaddps %xmm1, %ymm2, %ymm3
vmovaps %zmm1, %zmm2 {%k0}
rex64
lock
rep
addr32 movl (%eax), %eax
rex64 movl %eax, %ebx
repz ret
rep ret
// Too few operands, or none: llvm-mc-19's message depends on which
// suffixed forms exist
jmp
call
push
inc
movl
ret $1, 2
jne
int
addq
shl
cmpxchg8b
lea
pushw
xchg %eax
bswap
