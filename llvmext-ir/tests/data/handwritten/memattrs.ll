; Old memory attributes on functions become memory(...).
;--- readnone
declare i32 @f(i32) readnone
;--- readonly
declare i32 @f(ptr) readonly nounwind
;--- writeonly
declare void @f(ptr) writeonly
;--- argmemonly
declare void @f(ptr) argmemonly
;--- argmemonly-readonly
declare void @f(ptr) argmemonly readonly
;--- inaccessiblememonly
declare void @f() inaccessiblememonly
;--- inaccessiblemem_or_argmemonly
declare void @f(ptr) inaccessiblemem_or_argmemonly
;--- inaccessiblemem_or_argmemonly-writeonly
declare void @f(ptr) inaccessiblemem_or_argmemonly writeonly
;--- in-attribute-group
declare void @f(ptr) #0
declare void @g(ptr) #1
attributes #0 = { nounwind readnone }
attributes #1 = { argmemonly nounwind willreturn writeonly }
;--- on-call-site
declare void @f(ptr)
define void @g(ptr %p) {
  call void @f(ptr %p) readonly
  call void @f(ptr %p) #0
  ret void
}
attributes #0 = { argmemonly readonly }
;--- param-readonly-stays
declare void @f(ptr readonly, ptr writeonly, ptr readnone)
;--- memory-new-syntax
declare void @f() memory(read)
declare void @g() memory(argmem: readwrite, inaccessiblemem: read)
