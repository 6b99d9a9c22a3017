# A difference whose subtrahend is never defined.
	.data
a:
	.long a-b
