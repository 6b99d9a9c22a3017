; Aliasees and ifunc resolvers, with and without a leading type.
;--- alias-gep
@a = global [4 x i32] zeroinitializer
@b = alias i32, getelementptr ([4 x i32], ptr @a, i64 0, i64 2)
@c = alias i32, getelementptr inbounds ([4 x i32], ptr @a, i64 0, i64 1)
;--- alias-bitcast
@g = global i32 0
@a = alias i64, bitcast (ptr @g to ptr)
@b = alias i32, i32* @g
;--- alias-addrspacecast
@g = addrspace(1) global i32 0
@a = alias i32, addrspacecast (ptr addrspace(1) @g to ptr)
;--- alias-inttoptr
@a = alias i32, inttoptr (i64 4096 to ptr)
;--- alias-typed-pointer-form
@g = global i32 0
@a = alias i32, i32* @g
@b = weak hidden alias i32, ptr @g
@c = internal alias i32, ptr @a
;--- ifunc
define internal ptr @resolve() {
  ret ptr @impl
}
define internal void @impl() {
  ret void
}
@foo = ifunc void (), ptr @resolve
@bar = ifunc void (), void ()* ()* @resolve
;--- alias-to-function
define void @f() {
  ret void
}
@g = alias void (), ptr @f
@h = dso_local alias void (), void ()* @f
;--- alias-attributes
@x = global i32 1
@a = protected alias i32, ptr @x
@b = private unnamed_addr alias i32, ptr @x
@c = dllexport alias i32, ptr @x
@d = thread_local(initialexec) alias i32, ptr @x
