# Values layout cannot make absolute: LEB128s of an undefined symbol, of a
# difference across sections, of a negated label; fills of such counts.
# llvm-mc-19 places a LEB128 error at its expression (a difference at its
# operator) and a fill error at the start of its count, LEB128s first.
	.text
foo:
	.uleb128 undef_sym
	.data
bar:
	.uleb128 foo-bar
	.fill undef2, 1, 0
	.sleb128 -foo
	.zero (foo-bar)*2
	.uleb128 1+foo
