addl $1, %eax
addl $1000, %eax
addl $foo, %eax
addl $_GLOBAL_OFFSET_TABLE_, %ebx
addl $_GLOBAL_OFFSET_TABLE_+(.Ltmp0-.L0$pb), %ebx
subl $12, %esp
movl %esp, %ebp
movl 8(%ebp), %eax
movl -4(%ebp), %ecx
movl (%esp), %eax
movl foo, %eax
movl %eax, foo
movb foo, %al
movw foo, %ax
movl foo+4, %eax
movl foo, %ecx
movl %fs:0, %eax
movl %gs:20, %eax
movl %gs:foo@NTPOFF, %eax
movl foo(%ebx), %eax
movl foo@GOT(%ebx), %eax
movl foo@GOTOFF(%ebx), %eax
leal foo@GOTOFF(%ebx), %eax
movl foo@GOT(%ebx), %ecx
addl foo@GOT(%ebx), %eax
leal foo@TLSGD(,%ebx,1), %eax
leal foo@TLSLDM(%ebx), %eax
movl foo@GOTNTPOFF(%ebx), %eax
movl foo@INDNTPOFF, %eax
movl foo@DTPOFF(%eax), %eax
call ___tls_get_addr@PLT
calll foo
call foo
call *%eax
calll *8(%eax)
call *foo@GOT(%ebx)
jmp foo
jmp *%eax
jmpl *foo(,%eax,4)
jne foo
je foo
jecxz foo
loop foo
ret
retl
ret $4
leave
pushl %ebp
push %ebp
pushl $1
pushl $1000
pushl $foo
pushl (%eax)
popl %ebp
pop %ebx
pushal
popal
pusha
pushfl
popfl
incl %eax
incl %ecx
decl %edx
incw %ax
incb %al
incl (%eax)
movl (%eax,%ebx,4), %ecx
movl foo(,%eax,4), %ecx
movzbl %al, %eax
movsbl (%eax), %ecx
movzwl 8(%esp), %eax
cmpl $0, 4(%esp)
testl %eax, %eax
xorl %eax, %eax
xchgl %eax, %ebx
xchg %eax, %eax
imull $12, %eax, %ecx
shll %eax
shrl $4, %eax
sarl %cl, %eax
cltd
cwtl
leal (%eax,%eax,2), %eax
leal 1(%eax), %eax
fldl 4(%esp)
fstpl (%esp)
fildll (%eax)
fistpll (%eax)
flds foo
fldt foo@GOTOFF(%ebx)
movsd %xmm0, (%esp)
movsd foo@GOTOFF(%ebx), %xmm0
movss 4(%esp), %xmm0
movaps %xmm1, %xmm0
movd %eax, %xmm0
movq %xmm0, (%esp)
cvtsi2sdl 4(%esp), %xmm0
cvttsd2si %xmm0, %eax
vaddps %ymm1, %ymm2, %ymm3
vmovaps %xmm1, %xmm7
vpxor %xmm1, %xmm2, %xmm3
vaddps %zmm1, %zmm2, %zmm3
vmovaps (%eax){1to16}, %zmm1
rep movsl
rep stosl
rep movsb
movsl
movsw
stosb
lodsl
repne scasb
lock addl $1, (%eax)
lock xaddl %eax, (%ecx)
lock cmpxchgl %ecx, (%edx)
lock cmpxchg8b (%esi)
movl (%bx), %eax
movl 4(%bp,%si), %eax
movl (%si), %eax
movw 8(%bx,%di), %ax
movl foo(%bx), %eax
nop
nopl (%eax)
nopw (%eax,%eax)
ud2
int $0x80
hlt
rdtsc
cpuid
sahf
setne %al
cmovel %eax, %ebx
bswapl %eax
bsfl %eax, %ecx
crc32l %eax, %eax
aaa
daa
into
bound %eax, (%ecx)
lds (%eax), %eax
sysenter
endbr32
movl %cr0, %eax
movl %eax, %cr3
movl %db7, %eax
movw %ds, %ax
movl %ds, %eax
movw %ax, %ds
pushl %ds
popl %es
pushw %fs
ljmp *(%eax)
lcall *(%eax)
lret
iret
// errors
movq %rax, %rbx
pushq %rax
incl %r8d
syscall
