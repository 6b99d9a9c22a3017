x:
.set y, 1
.globl z
z=x+1
.long y
