.ident "clang x"
.ident "b"
.text
nop
