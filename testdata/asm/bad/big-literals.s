# Literals of more than 64 bits: LLVM's lexer makes them BigNum tokens,
# which an expression refuses; .octa takes up to 128 bits, without a sign.
	.quad	18446744073709551616
	.quad	340282366920938463463374607431768211461
	movq	$0x10000000000000000, %rax
	.octa	-1
	.octa	0x1ffffffffffffffffffffffffffffffff
	.octa	5, 0xffffffffffffffffffffffffffffffff, 18446744073709551616
	.octa	340282366920938463463374607431768211461
