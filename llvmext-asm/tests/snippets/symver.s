	.text
	.globl foo
foo:	ret
	.globl bar
bar:	ret
	.symver foo, foo@VER_1
	.symver bar, bar@@VER_2
	.symver baz, baz@VER_3
	.symver qux, qux@@@VER_4
	call baz
	call qux
	call foo
