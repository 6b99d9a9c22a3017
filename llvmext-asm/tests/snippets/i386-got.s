	calll	.L10$pb
.L10$pb:
	popl	%edi
.Ltmp10:
	addl	$_GLOBAL_OFFSET_TABLE_+(.Ltmp10-.L10$pb), %edi
	je .Lend
	.p2align 4, 0x90
	.zero 100
.Lend:
	ret
