//! Between the IR model's enumerations and their bitcode codes: one table
//! for each, from which both directions derive — the reader decodes with
//! them and the writer is to encode with them. The codes are the
//! [`schema`](crate::schema)'s constants where `LLVMBitCodes.h` names them,
//! and the encodings of `BitcodeWriter.cpp` (`getEncodedLinkage`, ...)
//! where it does not.
//!
//! ```
//! use llvmext_bitcode::codes;
//! use llvmext_bitcode::schema::CastOpcode;
//! use llvmext_ir::inst::CastOp;
//! assert_eq!(codes::cast::decode(CastOpcode::ZEXT), Some(CastOp::ZExt));
//! assert_eq!(codes::cast::encode(CastOp::ZExt), Some(CastOpcode::ZEXT));
//! // Several old codes read as one linkage; it is written with the first.
//! use llvmext_ir::module::Linkage;
//! assert_eq!(codes::linkage::decode(1), Some(Linkage::Weak));
//! assert_eq!(codes::linkage::encode(Linkage::Weak), Some(16));
//! ```

use llvmext_ir::constant::ExprOp;
use llvmext_ir::inst::{BinOp, CastOp, FloatPred, IntPred, Ordering, RmwOp};
use llvmext_ir::module::{ComdatKind, DllStorage, Linkage, ThreadLocal, UnnamedAddr, Visibility};

use crate::schema::{
    AtomicOrderingCode as O, BinaryOpcode as B, CastOpcode as C, ComdatSelectionKind as K,
    RmwOperation as R,
};

/// One table: `TABLE` lists (code, value) pairs; `decode` gives the value
/// of a code (the first pair with it), `encode` the code of a value (the
/// first pair with it: where several codes read as one value, the one
/// LLVM 19 writes comes first).
macro_rules! code_table {
    (
        $(#[$m:meta])*
        $name:ident: $code:ty => $val:ty { $($c:expr => $v:expr,)* }
    ) => {
        $(#[$m])*
        pub mod $name {
            #[allow(unused_imports)]
            use super::*;

            /// The pairs: code, value.
            pub const TABLE: &[($code, $val)] = &[$(($c, $v),)*];

            /// The value of code `c`.
            #[inline]
            pub fn decode(c: $code) -> Option<$val> {
                TABLE.iter().find(|p| p.0 == c).map(|p| p.1)
            }

            /// The code of value `v`.
            #[inline]
            pub fn encode(v: $val) -> Option<$code> {
                TABLE.iter().find(|p| p.1 == v).map(|p| p.0)
            }
        }
    };
}

code_table! {
    /// Integer binary operators (`INST_BINOP`, `CST_CODE_CE_BINOP` of
    /// integer type).
    int_binop: B => BinOp {
        B::ADD => BinOp::Add, B::SUB => BinOp::Sub, B::MUL => BinOp::Mul,
        B::UDIV => BinOp::UDiv, B::SDIV => BinOp::SDiv, B::UREM => BinOp::URem,
        B::SREM => BinOp::SRem, B::SHL => BinOp::Shl, B::LSHR => BinOp::LShr,
        B::ASHR => BinOp::AShr, B::AND => BinOp::And, B::OR => BinOp::Or,
        B::XOR => BinOp::Xor,
    }
}

code_table! {
    /// Floating-point binary operators: the same codes, on float types.
    fp_binop: B => BinOp {
        B::ADD => BinOp::FAdd, B::SUB => BinOp::FSub, B::MUL => BinOp::FMul,
        B::SDIV => BinOp::FDiv, B::SREM => BinOp::FRem,
    }
}

code_table! {
    /// The binary operators LLVM 19 still has as constant expressions
    /// (`shl` only from older producers).
    expr_binop: B => ExprOp {
        B::ADD => ExprOp::Add, B::SUB => ExprOp::Sub, B::MUL => ExprOp::Mul,
        B::XOR => ExprOp::Xor, B::SHL => ExprOp::Shl,
    }
}

code_table! {
    /// Casts (`INST_CAST`).
    cast: C => CastOp {
        C::TRUNC => CastOp::Trunc, C::ZEXT => CastOp::ZExt, C::SEXT => CastOp::SExt,
        C::FPTOUI => CastOp::FPToUI, C::FPTOSI => CastOp::FPToSI,
        C::UITOFP => CastOp::UIToFP, C::SITOFP => CastOp::SIToFP,
        C::FPTRUNC => CastOp::FPTrunc, C::FPEXT => CastOp::FPExt,
        C::PTRTOINT => CastOp::PtrToInt, C::INTTOPTR => CastOp::IntToPtr,
        C::BITCAST => CastOp::BitCast, C::ADDRSPACECAST => CastOp::AddrSpaceCast,
    }
}

code_table! {
    /// The casts LLVM 19 still has as constant expressions
    /// (`CST_CODE_CE_CAST`).
    expr_cast: C => ExprOp {
        C::TRUNC => ExprOp::Trunc, C::PTRTOINT => ExprOp::PtrToInt,
        C::INTTOPTR => ExprOp::IntToPtr, C::BITCAST => ExprOp::BitCast,
        C::ADDRSPACECAST => ExprOp::AddrSpaceCast,
    }
}

code_table! {
    /// Atomic orderings.
    ordering: O => Ordering {
        O::NOTATOMIC => Ordering::NotAtomic, O::UNORDERED => Ordering::Unordered,
        O::MONOTONIC => Ordering::Monotonic, O::ACQUIRE => Ordering::Acquire,
        O::RELEASE => Ordering::Release, O::ACQREL => Ordering::AcqRel,
        O::SEQCST => Ordering::SeqCst,
    }
}

code_table! {
    /// `atomicrmw` operations (those the model has).
    rmw: R => RmwOp {
        R::XCHG => RmwOp::Xchg, R::ADD => RmwOp::Add, R::SUB => RmwOp::Sub,
        R::AND => RmwOp::And, R::NAND => RmwOp::Nand, R::OR => RmwOp::Or,
        R::XOR => RmwOp::Xor, R::MAX => RmwOp::Max, R::MIN => RmwOp::Min,
        R::UMAX => RmwOp::UMax, R::UMIN => RmwOp::UMin, R::FADD => RmwOp::FAdd,
        R::FSUB => RmwOp::FSub, R::FMAX => RmwOp::FMax, R::FMIN => RmwOp::FMin,
        R::UINC_WRAP => RmwOp::UIncWrap, R::UDEC_WRAP => RmwOp::UDecWrap,
        R::USUB_COND => RmwOp::USubCond, R::USUB_SAT => RmwOp::USubSat,
    }
}

code_table! {
    /// Integer comparison predicates (LLVM's `CmpInst::Predicate`).
    int_pred: u64 => IntPred {
        32 => IntPred::Eq, 33 => IntPred::Ne, 34 => IntPred::Ugt, 35 => IntPred::Uge,
        36 => IntPred::Ult, 37 => IntPred::Ule, 38 => IntPred::Sgt, 39 => IntPred::Sge,
        40 => IntPred::Slt, 41 => IntPred::Sle,
    }
}

code_table! {
    /// Floating-point comparison predicates.
    float_pred: u64 => FloatPred {
        0 => FloatPred::False, 1 => FloatPred::Oeq, 2 => FloatPred::Ogt, 3 => FloatPred::Oge,
        4 => FloatPred::Olt, 5 => FloatPred::Ole, 6 => FloatPred::One, 7 => FloatPred::Ord,
        8 => FloatPred::Uno, 9 => FloatPred::Ueq, 10 => FloatPred::Ugt, 11 => FloatPred::Uge,
        12 => FloatPred::Ult, 13 => FloatPred::Ule, 14 => FloatPred::Une, 15 => FloatPred::True,
    }
}

code_table! {
    /// Linkages (`getEncodedLinkage`); the obsolete codes LLVM 19 still
    /// reads come after the one each reads as (`getDecodedLinkage`; an
    /// unknown code reads as `external`, see [`decode_linkage`]).
    linkage: u64 => Linkage {
        0 => Linkage::External, 16 => Linkage::Weak, 2 => Linkage::Appending,
        3 => Linkage::Internal, 18 => Linkage::LinkOnce, 7 => Linkage::ExternWeak,
        8 => Linkage::Common, 9 => Linkage::Private, 17 => Linkage::WeakOdr,
        19 => Linkage::LinkOnceOdr, 12 => Linkage::AvailableExternally,
        // Obsolete: dllimport, dllexport, linker_private, linker_private_weak,
        // linkonce_odr_auto_hide; the old weak/linkonce with implicit comdats.
        5 => Linkage::External, 6 => Linkage::External, 13 => Linkage::Private,
        14 => Linkage::Private, 15 => Linkage::External, 1 => Linkage::Weak,
        10 => Linkage::WeakOdr, 4 => Linkage::LinkOnce, 11 => Linkage::LinkOnceOdr,
    }
}

/// A linkage code as LLVM 19 reads it: unknown codes are `external`.
pub fn decode_linkage(c: u64) -> Linkage {
    linkage::decode(c).unwrap_or(Linkage::External)
}

/// The old linkage codes that imply a comdat named after the global
/// (`hasImplicitComdat`).
pub fn linkage_has_implicit_comdat(c: u64) -> bool {
    matches!(c, 1 | 4 | 10 | 11)
}

code_table! {
    /// Visibilities (an unknown code reads as `default`).
    visibility: u64 => Visibility {
        0 => Visibility::Default, 1 => Visibility::Hidden, 2 => Visibility::Protected,
    }
}

code_table! {
    /// DLL storage classes (an unknown code reads as none).
    dll: u64 => DllStorage {
        0 => DllStorage::Default, 1 => DllStorage::Import, 2 => DllStorage::Export,
    }
}

code_table! {
    /// Thread-local modes (an unknown nonzero code reads as general
    /// dynamic).
    thread_local: u64 => ThreadLocal {
        0 => ThreadLocal::NotThreadLocal, 1 => ThreadLocal::GeneralDynamic,
        2 => ThreadLocal::LocalDynamic, 3 => ThreadLocal::InitialExec,
        4 => ThreadLocal::LocalExec,
    }
}

code_table! {
    /// `unnamed_addr` kinds (an unknown code reads as none).
    unnamed_addr: u64 => UnnamedAddr {
        0 => UnnamedAddr::None, 1 => UnnamedAddr::Global, 2 => UnnamedAddr::Local,
    }
}

code_table! {
    /// Comdat selection kinds.
    comdat: K => ComdatKind {
        K::ANY => ComdatKind::Any, K::EXACT_MATCH => ComdatKind::ExactMatch,
        K::LARGEST => ComdatKind::Largest, K::NO_DUPLICATES => ComdatKind::NoDeduplicate,
        K::SAME_SIZE => ComdatKind::SameSize,
    }
}

code_table! {
    /// Code models of global variables (0: none).
    code_model: u64 => &'static str {
        1 => "tiny", 2 => "small", 3 => "kernel", 4 => "medium", 5 => "large",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every value of every table encodes to a code that decodes to it.
    #[test]
    fn tables_round_trip() {
        macro_rules! check {
            ($($t:ident),*) => {$(
                for &(_, v) in $t::TABLE {
                    let c = $t::encode(v).unwrap();
                    assert_eq!($t::decode(c), Some(v), "{}", stringify!($t));
                }
            )*};
        }
        check!(
            int_binop,
            fp_binop,
            expr_binop,
            cast,
            expr_cast,
            ordering,
            rmw,
            int_pred,
            float_pred,
            linkage,
            visibility,
            dll,
            thread_local,
            unnamed_addr,
            comdat,
            code_model
        );
        // Every cast the model has, every ordering and rmw operation.
        assert_eq!(cast::TABLE.len(), 13);
        assert_eq!(ordering::TABLE.len(), 7);
        assert_eq!(linkage::encode(Linkage::LinkOnceOdr), Some(19));
    }
}
