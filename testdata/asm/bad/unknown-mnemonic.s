# An unknown mnemonic.
	.text
f:
	foo %eax
