//! Instructions: every instruction of the LLVM 19 language reference, as
//! plain data. Operands are [`Value`]s, successors [`BlockId`]s; an
//! instruction's result type is [`Inst::ty`] (`void` when it has none).

use alloc::boxed::Box;
use alloc::vec::Vec;

pub use crate::id::InstId;

use crate::id::{AttrListId, BlockId, ConstId, MdId, MdKindId, TypeId, Value};
use crate::name::Name;

/// A calling convention: its number (`cc N`). The conventions LLVM 19
/// names have constants, parsed and printed by keyword (a number LLVM 19
/// has no keyword for, such as 101, is written `cc101`). LLVM keeps the
/// number in 10 bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CallConv(pub u32);

// LLVM 19's `CallingConv.h` numbers and `LLLexer`/`AsmWriter` keywords
// (every number 0..1023 checked against llvm-as-19 | llvm-dis-19 by
// `tests/data/handwritten/callconv.ll`).
named_constants! {
    CallConv(u32) {
        /// the C calling convention, the default (printed as nothing).
        C = 0, b"ccc";
        /// `fastcc`.
        FAST = 8, b"fastcc";
        /// `coldcc`.
        COLD = 9, b"coldcc";
        /// `ghccc`.
        GHC = 10, b"ghccc";
        /// `anyregcc`.
        ANY_REG = 13, b"anyregcc";
        /// `preserve_mostcc`.
        PRESERVE_MOST = 14, b"preserve_mostcc";
        /// `preserve_allcc`.
        PRESERVE_ALL = 15, b"preserve_allcc";
        /// `swiftcc`.
        SWIFT = 16, b"swiftcc";
        /// `cxx_fast_tlscc`.
        CXX_FAST_TLS = 17, b"cxx_fast_tlscc";
        /// `tailcc`.
        TAIL = 18, b"tailcc";
        /// `cfguard_checkcc`.
        CFGUARD_CHECK = 19, b"cfguard_checkcc";
        /// `swifttailcc`.
        SWIFT_TAIL = 20, b"swifttailcc";
        /// `preserve_nonecc`.
        PRESERVE_NONE = 21, b"preserve_nonecc";
        /// `x86_stdcallcc`.
        X86_STDCALL = 64, b"x86_stdcallcc";
        /// `x86_fastcallcc`.
        X86_FASTCALL = 65, b"x86_fastcallcc";
        /// `arm_apcscc`.
        ARM_APCS = 66, b"arm_apcscc";
        /// `arm_aapcscc`.
        ARM_AAPCS = 67, b"arm_aapcscc";
        /// `arm_aapcs_vfpcc`.
        ARM_AAPCS_VFP = 68, b"arm_aapcs_vfpcc";
        /// `msp430_intrcc`.
        MSP430_INTR = 69, b"msp430_intrcc";
        /// `x86_thiscallcc`.
        X86_THISCALL = 70, b"x86_thiscallcc";
        /// `ptx_kernel`.
        PTX_KERNEL = 71, b"ptx_kernel";
        /// `ptx_device`.
        PTX_DEVICE = 72, b"ptx_device";
        /// `spir_func`.
        SPIR_FUNC = 75, b"spir_func";
        /// `spir_kernel`.
        SPIR_KERNEL = 76, b"spir_kernel";
        /// `intel_ocl_bicc`.
        INTEL_OCL_BI = 77, b"intel_ocl_bicc";
        /// `x86_64_sysvcc`.
        X86_64_SYSV = 78, b"x86_64_sysvcc";
        /// `win64cc`.
        WIN64 = 79, b"win64cc";
        /// `x86_vectorcallcc`.
        X86_VECTORCALL = 80, b"x86_vectorcallcc";
        /// `hhvmcc`.
        HHVM = 81, b"hhvmcc";
        /// `hhvm_ccc`.
        HHVM_C = 82, b"hhvm_ccc";
        /// `x86_intrcc`.
        X86_INTR = 83, b"x86_intrcc";
        /// `avr_intrcc` (LLVM prints it with a space after it).
        AVR_INTR = 84, b"avr_intrcc";
        /// `avr_signalcc` (LLVM prints it with a space after it).
        AVR_SIGNAL = 85, b"avr_signalcc";
        /// `amdgpu_vs`.
        AMDGPU_VS = 87, b"amdgpu_vs";
        /// `amdgpu_gs`.
        AMDGPU_GS = 88, b"amdgpu_gs";
        /// `amdgpu_ps`.
        AMDGPU_PS = 89, b"amdgpu_ps";
        /// `amdgpu_cs`.
        AMDGPU_CS = 90, b"amdgpu_cs";
        /// `amdgpu_kernel`.
        AMDGPU_KERNEL = 91, b"amdgpu_kernel";
        /// `x86_regcallcc`.
        X86_REGCALL = 92, b"x86_regcallcc";
        /// `amdgpu_hs`.
        AMDGPU_HS = 93, b"amdgpu_hs";
        /// `amdgpu_ls`.
        AMDGPU_LS = 95, b"amdgpu_ls";
        /// `amdgpu_es`.
        AMDGPU_ES = 96, b"amdgpu_es";
        /// `aarch64_vector_pcs`.
        AARCH64_VECTOR_PCS = 97, b"aarch64_vector_pcs";
        /// `aarch64_sve_vector_pcs`.
        AARCH64_SVE_VECTOR_PCS = 98, b"aarch64_sve_vector_pcs";
        /// `amdgpu_gfx`.
        AMDGPU_GFX = 100, b"amdgpu_gfx";
        /// `aarch64_sme_preservemost_from_x0`.
        AARCH64_SME_PRESERVEMOST_FROM_X0 = 102, b"aarch64_sme_preservemost_from_x0";
        /// `aarch64_sme_preservemost_from_x2`.
        AARCH64_SME_PRESERVEMOST_FROM_X2 = 103, b"aarch64_sme_preservemost_from_x2";
        /// `amdgpu_cs_chain`.
        AMDGPU_CS_CHAIN = 104, b"amdgpu_cs_chain";
        /// `amdgpu_cs_chain_preserve`.
        AMDGPU_CS_CHAIN_PRESERVE = 105, b"amdgpu_cs_chain_preserve";
        /// `m68k_rtdcc`.
        M68K_RTD = 106, b"m68k_rtdcc";
        /// `graalcc`.
        GRAAL = 107, b"graalcc";
        /// `riscv_vector_cc`.
        RISCV_VECTOR = 110, b"riscv_vector_cc";
        /// `aarch64_sme_preservemost_from_x1`.
        AARCH64_SME_PRESERVEMOST_FROM_X1 = 111, b"aarch64_sme_preservemost_from_x1";
    }
}

keyword_enum! {
    /// Binary operators.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    #[allow(missing_docs)]
    pub enum BinOp {
        Add = b"add",
        FAdd = b"fadd",
        Sub = b"sub",
        FSub = b"fsub",
        Mul = b"mul",
        FMul = b"fmul",
        UDiv = b"udiv",
        SDiv = b"sdiv",
        FDiv = b"fdiv",
        URem = b"urem",
        SRem = b"srem",
        FRem = b"frem",
        Shl = b"shl",
        LShr = b"lshr",
        AShr = b"ashr",
        And = b"and",
        Or = b"or",
        Xor = b"xor",
    }
}

impl BinOp {
    /// `fadd`, `fsub`, `fmul`, `fdiv`, `frem`.
    pub fn is_float(self) -> bool {
        matches!(self, BinOp::FAdd | BinOp::FSub | BinOp::FMul | BinOp::FDiv | BinOp::FRem)
    }
}

keyword_enum! {
    /// Cast operators.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    #[allow(missing_docs)]
    pub enum CastOp {
        Trunc = b"trunc",
        ZExt = b"zext",
        SExt = b"sext",
        FPTrunc = b"fptrunc",
        FPExt = b"fpext",
        FPToUI = b"fptoui",
        FPToSI = b"fptosi",
        UIToFP = b"uitofp",
        SIToFP = b"sitofp",
        PtrToInt = b"ptrtoint",
        IntToPtr = b"inttoptr",
        BitCast = b"bitcast",
        AddrSpaceCast = b"addrspacecast",
    }
}

keyword_enum! {
    /// Integer comparison predicates.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    #[allow(missing_docs)]
    pub enum IntPred {
        Eq = b"eq",
        Ne = b"ne",
        Ugt = b"ugt",
        Uge = b"uge",
        Ult = b"ult",
        Ule = b"ule",
        Sgt = b"sgt",
        Sge = b"sge",
        Slt = b"slt",
        Sle = b"sle",
    }
}

keyword_enum! {
    /// Float comparison predicates.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    #[allow(missing_docs)]
    pub enum FloatPred {
        False = b"false",
        Oeq = b"oeq",
        Ogt = b"ogt",
        Oge = b"oge",
        Olt = b"olt",
        Ole = b"ole",
        One = b"one",
        Ord = b"ord",
        Uno = b"uno",
        Ueq = b"ueq",
        Ugt = b"ugt",
        Uge = b"uge",
        Ult = b"ult",
        Ule = b"ule",
        Une = b"une",
        True = b"true",
    }
}

keyword_enum! {
    /// Atomic orderings.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    #[allow(missing_docs)]
    pub enum Ordering {
        #[default]
        NotAtomic = b"",
        Unordered = b"unordered",
        Monotonic = b"monotonic",
        Acquire = b"acquire",
        Release = b"release",
        AcqRel = b"acq_rel",
        SeqCst = b"seq_cst",
    }
}

/// A synchronization scope: `None` is the system scope (printed as
/// nothing), `Some("singlethread")` prints as `syncscope("singlethread")`.
pub type SyncScope = Option<Box<str>>;

keyword_enum! {
    /// `atomicrmw` operations (LLVM 19's list, plus the newer
    /// `usub_cond`/`usub_sat` that LLVM 20 added).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    #[allow(missing_docs)]
    #[non_exhaustive]
    pub enum RmwOp {
        Xchg = b"xchg",
        Add = b"add",
        Sub = b"sub",
        And = b"and",
        Nand = b"nand",
        Or = b"or",
        Xor = b"xor",
        Max = b"max",
        Min = b"min",
        UMax = b"umax",
        UMin = b"umin",
        FAdd = b"fadd",
        FSub = b"fsub",
        FMax = b"fmax",
        FMin = b"fmin",
        UIncWrap = b"uinc_wrap",
        UDecWrap = b"udec_wrap",
        USubCond = b"usub_cond",
        USubSat = b"usub_sat",
    }
}

/// Fast-math flags (bit set), in LLVM's printing order
/// `nnan ninf nsz arcp contract afn reassoc`; all seven print as `fast`.
pub mod fmf {
    /// `reassoc`.
    pub const REASSOC: u8 = 1;
    /// `nnan`.
    pub const NNAN: u8 = 2;
    /// `ninf`.
    pub const NINF: u8 = 4;
    /// `nsz`.
    pub const NSZ: u8 = 8;
    /// `arcp`.
    pub const ARCP: u8 = 16;
    /// `contract`.
    pub const CONTRACT: u8 = 32;
    /// `afn`.
    pub const AFN: u8 = 64;
    /// All of them: `fast`.
    pub const FAST: u8 = 127;
}

/// Integer/pointer operation flags (bit set).
pub mod flags {
    /// `nuw` (add, sub, mul, shl, trunc; GEP `nuw`).
    pub const NUW: u8 = 1;
    /// `nsw` (add, sub, mul, shl, trunc).
    pub const NSW: u8 = 2;
    /// `exact` (udiv, sdiv, lshr, ashr).
    pub const EXACT: u8 = 4;
    /// `disjoint` (or).
    pub const DISJOINT: u8 = 8;
    /// `nneg` (zext, uitofp).
    pub const NNEG: u8 = 16;
    /// GEP `inbounds`.
    pub const INBOUNDS: u8 = 32;
    /// GEP `nusw` (implied by `inbounds`).
    pub const NUSW: u8 = 64;
    /// icmp `samesign` (LLVM 20+).
    pub const SAMESIGN: u8 = 128;
}

/// `tail`, `musttail`, `notail`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TailKind {
    /// None.
    #[default]
    None,
    /// `tail`.
    Tail,
    /// `musttail`.
    MustTail,
    /// `notail`.
    NoTail,
}

/// An operand bundle: `"tag"(ty %v, ...)`.
#[derive(Debug, Clone, PartialEq)]
pub struct Bundle {
    /// The tag.
    pub tag: Box<str>,
    /// The inputs.
    pub inputs: Vec<Value>,
}

/// What `call`, `invoke` and `callbr` share.
#[derive(Debug, Clone, PartialEq)]
pub struct CallData {
    /// Calling convention.
    pub cc: CallConv,
    /// Call-site attributes (function, return, arguments).
    pub attrs: AttrListId,
    /// The function type called.
    pub fn_ty: TypeId,
    /// The callee.
    pub callee: Value,
    /// The arguments.
    pub args: Vec<Value>,
    /// Operand bundles.
    pub bundles: Vec<Bundle>,
    /// Fast-math flags ([`fmf`]), for calls of float type.
    pub fmf: u8,
    /// Address space written after the callee type (`addrspace(N)` when
    /// nonzero).
    pub addrspace: u32,
}

/// A `landingpad` clause.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Clause {
    /// `catch ty val`.
    Catch(Value),
    /// `filter ty val`.
    Filter(Value),
}

/// What an instruction does, with its operands.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum InstKind {
    /// `ret void` / `ret ty v`.
    Ret(Option<Value>),
    /// `br label %dest`.
    Br(BlockId),
    /// `br i1 %c, label %t, label %f`.
    CondBr {
        /// The condition.
        cond: Value,
        /// Taken when true.
        then_dest: BlockId,
        /// Taken when false.
        else_dest: BlockId,
    },
    /// `switch`.
    Switch {
        /// The value switched on.
        cond: Value,
        /// The default destination.
        default: BlockId,
        /// Cases: constant and destination.
        cases: Vec<(ConstId, BlockId)>,
    },
    /// `indirectbr`.
    IndirectBr {
        /// The address.
        addr: Value,
        /// The possible destinations.
        dests: Vec<BlockId>,
    },
    /// `invoke`.
    Invoke {
        /// The call.
        call: Box<CallData>,
        /// `to label`.
        normal: BlockId,
        /// `unwind label`.
        unwind: BlockId,
    },
    /// `callbr`.
    CallBr {
        /// The call.
        call: Box<CallData>,
        /// The fallthrough destination.
        default: BlockId,
        /// The indirect destinations.
        indirect: Vec<BlockId>,
    },
    /// `resume`.
    Resume(Value),
    /// `catchswitch within %parent [label ...] unwind ...`.
    CatchSwitch {
        /// The parent pad (`none` as a constant).
        parent: Value,
        /// Handlers.
        handlers: Vec<BlockId>,
        /// `unwind label %x` (`None`: `unwind to caller`).
        unwind: Option<BlockId>,
    },
    /// `catchret from %pad to label %bb`.
    CatchRet {
        /// The catchpad.
        pad: Value,
        /// The destination.
        dest: BlockId,
    },
    /// `cleanupret from %pad unwind ...`.
    CleanupRet {
        /// The cleanuppad.
        pad: Value,
        /// `unwind label %x` (`None`: `unwind to caller`).
        unwind: Option<BlockId>,
    },
    /// `unreachable`.
    Unreachable,
    /// `fneg`.
    FNeg {
        /// The operand.
        val: Value,
        /// [`fmf`].
        fmf: u8,
    },
    /// A binary operator.
    Binary {
        /// The operator.
        op: BinOp,
        /// Left operand.
        lhs: Value,
        /// Right operand.
        rhs: Value,
        /// [`flags`]: nuw, nsw, exact, disjoint.
        flags: u8,
        /// [`fmf`] for float operators.
        fmf: u8,
    },
    /// `extractelement`.
    ExtractElement {
        /// The vector.
        vec: Value,
        /// The index.
        idx: Value,
    },
    /// `insertelement`.
    InsertElement {
        /// The vector.
        vec: Value,
        /// The element.
        elt: Value,
        /// The index.
        idx: Value,
    },
    /// `shufflevector`.
    ShuffleVector {
        /// First vector.
        a: Value,
        /// Second vector.
        b: Value,
        /// The mask, a constant `<N x i32>` (canonical: `zeroinitializer`,
        /// `poison`, or a vector of `i32`/`poison` elements).
        mask: ConstId,
    },
    /// `extractvalue`.
    ExtractValue {
        /// The aggregate.
        agg: Value,
        /// Indices.
        indices: Vec<u32>,
    },
    /// `insertvalue`.
    InsertValue {
        /// The aggregate.
        agg: Value,
        /// The value inserted.
        val: Value,
        /// Indices.
        indices: Vec<u32>,
    },
    /// `alloca`.
    Alloca {
        /// The allocated type.
        ty: TypeId,
        /// The element count (LLVM always has one; `i32 1` is not printed).
        count: Value,
        /// `align N` (0: none).
        align: u64,
        /// Address space of the result.
        addrspace: u32,
        /// `inalloca`.
        inalloca: bool,
        /// `swifterror`.
        swifterror: bool,
    },
    /// `load`.
    Load {
        /// The pointer.
        ptr: Value,
        /// `align N` (0: none).
        align: u64,
        /// `volatile`.
        volatile: bool,
        /// Atomic ordering (`NotAtomic`: a plain load).
        ordering: Ordering,
        /// Sync scope of an atomic load.
        scope: SyncScope,
    },
    /// `store`.
    Store {
        /// The value stored.
        val: Value,
        /// The pointer.
        ptr: Value,
        /// `align N` (0: none).
        align: u64,
        /// `volatile`.
        volatile: bool,
        /// Atomic ordering.
        ordering: Ordering,
        /// Sync scope.
        scope: SyncScope,
    },
    /// `fence`.
    Fence {
        /// Ordering.
        ordering: Ordering,
        /// Sync scope.
        scope: SyncScope,
    },
    /// `cmpxchg`.
    CmpXchg {
        /// The pointer.
        ptr: Value,
        /// The expected value.
        cmp: Value,
        /// The new value.
        new: Value,
        /// Success ordering.
        success: Ordering,
        /// Failure ordering.
        failure: Ordering,
        /// Sync scope.
        scope: SyncScope,
        /// `weak`.
        weak: bool,
        /// `volatile`.
        volatile: bool,
        /// `align N`.
        align: u64,
    },
    /// `atomicrmw`.
    AtomicRmw {
        /// Operation.
        op: RmwOp,
        /// The pointer.
        ptr: Value,
        /// The operand.
        val: Value,
        /// Ordering.
        ordering: Ordering,
        /// Sync scope.
        scope: SyncScope,
        /// `volatile`.
        volatile: bool,
        /// `align N`.
        align: u64,
    },
    /// `getelementptr`.
    Gep {
        /// The source element type.
        source_ty: TypeId,
        /// The base pointer.
        base: Value,
        /// The indices.
        indices: Vec<Value>,
        /// [`flags`]: INBOUNDS, NUSW, NUW.
        flags: u8,
    },
    /// A cast to [`Inst::ty`].
    Cast {
        /// The operation.
        op: CastOp,
        /// The operand.
        val: Value,
        /// [`flags`]: NNEG (zext, uitofp), NUW/NSW (trunc).
        flags: u8,
        /// [`fmf`] (fptrunc, fpext, ...: on float results).
        fmf: u8,
    },
    /// `icmp`.
    ICmp {
        /// Predicate.
        pred: IntPred,
        /// Left operand.
        lhs: Value,
        /// Right operand.
        rhs: Value,
        /// [`flags::SAMESIGN`].
        flags: u8,
    },
    /// `fcmp`.
    FCmp {
        /// Predicate.
        pred: FloatPred,
        /// Left operand.
        lhs: Value,
        /// Right operand.
        rhs: Value,
        /// [`fmf`].
        fmf: u8,
    },
    /// `phi`.
    Phi {
        /// Incoming values and their blocks.
        incoming: Vec<(Value, BlockId)>,
        /// [`fmf`].
        fmf: u8,
    },
    /// `select`.
    Select {
        /// The condition.
        cond: Value,
        /// Value when true.
        then_val: Value,
        /// Value when false.
        else_val: Value,
        /// [`fmf`].
        fmf: u8,
    },
    /// `freeze`.
    Freeze(Value),
    /// `call`.
    Call {
        /// The call.
        call: Box<CallData>,
        /// `tail`/`musttail`/`notail`.
        tail: TailKind,
    },
    /// `va_arg`.
    VaArg(Value),
    /// `landingpad`.
    LandingPad {
        /// `cleanup`.
        cleanup: bool,
        /// Clauses.
        clauses: Vec<Clause>,
    },
    /// `catchpad within %cs [args]`.
    CatchPad {
        /// The catchswitch.
        parent: Value,
        /// The arguments.
        args: Vec<Value>,
    },
    /// `cleanuppad within %parent [args]`.
    CleanupPad {
        /// The parent pad (`none` as a constant).
        parent: Value,
        /// The arguments.
        args: Vec<Value>,
    },
}

impl InstKind {
    /// The opcode keyword as the `.ll` form spells it (`add`, `icmp`,
    /// `getelementptr`, `br` for both branch forms...).
    pub fn opcode(&self) -> &'static str {
        use InstKind::*;
        match self {
            Ret(_) => "ret",
            Br(_) | CondBr { .. } => "br",
            Switch { .. } => "switch",
            IndirectBr { .. } => "indirectbr",
            Invoke { .. } => "invoke",
            CallBr { .. } => "callbr",
            Resume(_) => "resume",
            CatchSwitch { .. } => "catchswitch",
            CatchRet { .. } => "catchret",
            CleanupRet { .. } => "cleanupret",
            Unreachable => "unreachable",
            FNeg { .. } => "fneg",
            Binary { op, .. } => op.keyword(),
            ExtractElement { .. } => "extractelement",
            InsertElement { .. } => "insertelement",
            ShuffleVector { .. } => "shufflevector",
            ExtractValue { .. } => "extractvalue",
            InsertValue { .. } => "insertvalue",
            Alloca { .. } => "alloca",
            Load { .. } => "load",
            Store { .. } => "store",
            Fence { .. } => "fence",
            CmpXchg { .. } => "cmpxchg",
            AtomicRmw { .. } => "atomicrmw",
            Gep { .. } => "getelementptr",
            Cast { op, .. } => op.keyword(),
            ICmp { .. } => "icmp",
            FCmp { .. } => "fcmp",
            Phi { .. } => "phi",
            Select { .. } => "select",
            Freeze(_) => "freeze",
            Call { .. } => "call",
            VaArg(_) => "va_arg",
            LandingPad { .. } => "landingpad",
            CatchPad { .. } => "catchpad",
            CleanupPad { .. } => "cleanuppad",
        }
    }

    /// Whether this instruction ends a block.
    pub fn is_terminator(&self) -> bool {
        matches!(
            self,
            InstKind::Ret(_)
                | InstKind::Br(_)
                | InstKind::CondBr { .. }
                | InstKind::Switch { .. }
                | InstKind::IndirectBr { .. }
                | InstKind::Invoke { .. }
                | InstKind::CallBr { .. }
                | InstKind::Resume(_)
                | InstKind::CatchSwitch { .. }
                | InstKind::CatchRet { .. }
                | InstKind::CleanupRet { .. }
                | InstKind::Unreachable
        )
    }

    /// Calls `f` on each block a terminator can go to, in use order
    /// (duplicates kept, as LLVM's successor list keeps them; a
    /// `catchswitch` lists its unwind destination first). Nothing for
    /// other instructions (a phi's incoming blocks are not successors).
    pub fn for_each_successor(&self, mut f: impl FnMut(BlockId)) {
        match self {
            InstKind::Br(d) => f(*d),
            InstKind::CondBr { then_dest, else_dest, .. } => {
                f(*then_dest);
                f(*else_dest);
            }
            InstKind::Switch { default, cases, .. } => {
                f(*default);
                cases.iter().for_each(|c| f(c.1));
            }
            InstKind::IndirectBr { dests, .. } => dests.iter().for_each(|&d| f(d)),
            InstKind::Invoke { normal, unwind, .. } => {
                f(*normal);
                f(*unwind);
            }
            InstKind::CallBr { default, indirect, .. } => {
                f(*default);
                indirect.iter().for_each(|&d| f(d));
            }
            InstKind::CatchSwitch { handlers, unwind, .. } => {
                if let Some(u) = unwind {
                    f(*u);
                }
                handlers.iter().for_each(|&d| f(d));
            }
            InstKind::CatchRet { dest, .. } => f(*dest),
            InstKind::CleanupRet { unwind: Some(u), .. } => f(*u),
            _ => {}
        }
    }

    /// The successors ([`for_each_successor`](Self::for_each_successor))
    /// as a list.
    pub fn successors(&self) -> Vec<BlockId> {
        let mut v = Vec::new();
        self.for_each_successor(|b| v.push(b));
        v
    }

    /// Calls `f` on every block operand: the successors and a phi's
    /// incoming blocks, mutably (for renumbering).
    pub fn for_each_block_mut(&mut self, mut f: impl FnMut(&mut BlockId)) {
        match self {
            InstKind::Br(b) => f(b),
            InstKind::CondBr { then_dest, else_dest, .. } => {
                f(then_dest);
                f(else_dest);
            }
            InstKind::Switch { default, cases, .. } => {
                f(default);
                cases.iter_mut().for_each(|(_, b)| f(b));
            }
            InstKind::IndirectBr { dests, .. } => dests.iter_mut().for_each(f),
            InstKind::Invoke { normal, unwind, .. } => {
                f(normal);
                f(unwind);
            }
            InstKind::CallBr { default, indirect, .. } => {
                f(default);
                indirect.iter_mut().for_each(f);
            }
            InstKind::CatchSwitch { handlers, unwind, .. } => {
                if let Some(u) = unwind {
                    f(u);
                }
                handlers.iter_mut().for_each(f);
            }
            InstKind::CatchRet { dest, .. } => f(dest),
            InstKind::CleanupRet { unwind: Some(u), .. } => f(u),
            InstKind::Phi { incoming, .. } => incoming.iter_mut().for_each(|(_, b)| f(b)),
            _ => {}
        }
    }

    /// Calls `f` on every value operand, in LLVM's operand order (the
    /// numbering [`CheckError::operand`](crate::typecheck::CheckError::operand)
    /// uses): a call's arguments, then its bundle inputs, then the callee;
    /// a `switch`'s condition, then its case values (as
    /// [`Value::Const`]); a funclet pad's arguments, then its parent.
    /// Blocks are not operands here.
    pub fn for_each_operand(&self, mut f: impl FnMut(Value)) {
        use InstKind::*;
        match self {
            Ret(v) => v.iter().for_each(|&v| f(v)),
            Br(_) | Unreachable | Fence { .. } => {}
            CondBr { cond, .. } => f(*cond),
            Switch { cond, cases, .. } => {
                f(*cond);
                cases.iter().for_each(|c| f(Value::Const(c.0)));
            }
            IndirectBr { addr, .. } => f(*addr),
            Invoke { call, .. } | CallBr { call, .. } | Call { call, .. } => {
                call.args.iter().for_each(|&a| f(a));
                call.bundles.iter().for_each(|b| b.inputs.iter().for_each(|&a| f(a)));
                f(call.callee);
            }
            Resume(v) | Freeze(v) | VaArg(v) => f(*v),
            CatchSwitch { parent, .. } => f(*parent),
            CatchRet { pad, .. } | CleanupRet { pad, .. } => f(*pad),
            FNeg { val, .. } | Cast { val, .. } => f(*val),
            Binary { lhs, rhs, .. } | ICmp { lhs, rhs, .. } | FCmp { lhs, rhs, .. } => {
                f(*lhs);
                f(*rhs);
            }
            ExtractElement { vec, idx } => {
                f(*vec);
                f(*idx);
            }
            InsertElement { vec, elt, idx } => {
                f(*vec);
                f(*elt);
                f(*idx);
            }
            ShuffleVector { a, b, .. } => {
                f(*a);
                f(*b);
            }
            ExtractValue { agg, .. } => f(*agg),
            InsertValue { agg, val, .. } => {
                f(*agg);
                f(*val);
            }
            Alloca { count, .. } => f(*count),
            Load { ptr, .. } => f(*ptr),
            Store { val, ptr, .. } => {
                f(*val);
                f(*ptr);
            }
            CmpXchg { ptr, cmp, new, .. } => {
                f(*ptr);
                f(*cmp);
                f(*new);
            }
            AtomicRmw { ptr, val, .. } => {
                f(*ptr);
                f(*val);
            }
            Gep { base, indices, .. } => {
                f(*base);
                indices.iter().for_each(|&i| f(i));
            }
            Phi { incoming, .. } => incoming.iter().for_each(|i| f(i.0)),
            Select { cond, then_val, else_val, .. } => {
                f(*cond);
                f(*then_val);
                f(*else_val);
            }
            LandingPad { clauses, .. } => clauses.iter().for_each(|c| match c {
                Clause::Catch(v) | Clause::Filter(v) => f(*v),
            }),
            CatchPad { parent, args } | CleanupPad { parent, args } => {
                args.iter().for_each(|&a| f(a));
                f(*parent);
            }
        }
    }

    /// The value operands ([`for_each_operand`](Self::for_each_operand)) as
    /// a list.
    pub fn operands(&self) -> Vec<Value> {
        let mut v = Vec::new();
        self.for_each_operand(|x| v.push(x));
        v
    }

    /// Calls `f` on every value operand that is a [`Value`] field, mutably,
    /// in the order of [`for_each_operand`](Self::for_each_operand) — but
    /// without a `switch`'s case values, which are [`ConstId`]s.
    pub fn for_each_operand_mut(&mut self, mut f: impl FnMut(&mut Value)) {
        use InstKind::*;
        match self {
            Ret(v) => v.iter_mut().for_each(f),
            Br(_) | Unreachable | Fence { .. } => {}
            CondBr { cond, .. } | Switch { cond, .. } => f(cond),
            IndirectBr { addr, .. } => f(addr),
            Invoke { call, .. } | CallBr { call, .. } | Call { call, .. } => {
                call.args.iter_mut().for_each(&mut f);
                call.bundles.iter_mut().for_each(|b| b.inputs.iter_mut().for_each(&mut f));
                f(&mut call.callee);
            }
            Resume(v) | Freeze(v) | VaArg(v) => f(v),
            CatchSwitch { parent, .. } => f(parent),
            CatchRet { pad, .. } | CleanupRet { pad, .. } => f(pad),
            FNeg { val, .. } | Cast { val, .. } => f(val),
            Binary { lhs, rhs, .. } | ICmp { lhs, rhs, .. } | FCmp { lhs, rhs, .. } => {
                f(lhs);
                f(rhs);
            }
            ExtractElement { vec, idx } => {
                f(vec);
                f(idx);
            }
            InsertElement { vec, elt, idx } => {
                f(vec);
                f(elt);
                f(idx);
            }
            ShuffleVector { a, b, .. } => {
                f(a);
                f(b);
            }
            ExtractValue { agg, .. } => f(agg),
            InsertValue { agg, val, .. } => {
                f(agg);
                f(val);
            }
            Alloca { count, .. } => f(count),
            Load { ptr, .. } => f(ptr),
            Store { val, ptr, .. } => {
                f(val);
                f(ptr);
            }
            CmpXchg { ptr, cmp, new, .. } => {
                f(ptr);
                f(cmp);
                f(new);
            }
            AtomicRmw { ptr, val, .. } => {
                f(ptr);
                f(val);
            }
            Gep { base, indices, .. } => {
                f(base);
                indices.iter_mut().for_each(f);
            }
            Phi { incoming, .. } => incoming.iter_mut().for_each(|(v, _)| f(v)),
            Select { cond, then_val, else_val, .. } => {
                f(cond);
                f(then_val);
                f(else_val);
            }
            LandingPad { clauses, .. } => clauses.iter_mut().for_each(|c| match c {
                Clause::Catch(v) | Clause::Filter(v) => f(v),
            }),
            CatchPad { parent, args } | CleanupPad { parent, args } => {
                args.iter_mut().for_each(&mut f);
                f(parent);
            }
        }
    }
}

/// A debug record (`#dbg_value`, `#dbg_declare`, `#dbg_assign`,
/// `#dbg_label`), attached before an instruction.
#[derive(Debug, Clone, PartialEq)]
pub enum DbgRecord {
    /// `#dbg_value`/`#dbg_declare`/`#dbg_assign`.
    Variable {
        /// `value`, `declare` or `assign`.
        kind: DbgKind,
        /// The location (a `ValueAsMetadata`, a `DIArgList` or empty `!{}`).
        location: MdId,
        /// The `DILocalVariable`.
        variable: MdId,
        /// The `DIExpression`.
        expression: MdId,
        /// For `assign`: the `DIAssignID`, the address and its expression.
        assign: Option<(MdId, MdId, MdId)>,
        /// The `DILocation`.
        dbg_loc: MdId,
    },
    /// `#dbg_label(!label, !loc)`.
    Label {
        /// The `DILabel`.
        label: MdId,
        /// The `DILocation`.
        dbg_loc: MdId,
    },
}

impl DbgRecord {
    /// Calls `f` on each metadata operand, in the order the record is
    /// written: location, variable, expression, then `assign`'s id, address
    /// and address expression, then the `DILocation` (for a label: the
    /// label, then the location).
    pub fn for_each_md(&self, mut f: impl FnMut(MdId)) {
        match self {
            DbgRecord::Variable { location, variable, expression, assign, dbg_loc, .. } => {
                [*location, *variable, *expression].into_iter().for_each(&mut f);
                if let Some((a, b, c)) = assign {
                    [*a, *b, *c].into_iter().for_each(&mut f);
                }
                f(*dbg_loc);
            }
            DbgRecord::Label { label, dbg_loc } => {
                f(*label);
                f(*dbg_loc);
            }
        }
    }

    /// [`for_each_md`](Self::for_each_md), to change the operands.
    pub fn for_each_md_mut(&mut self, mut f: impl FnMut(&mut MdId)) {
        match self {
            DbgRecord::Variable { location, variable, expression, assign, dbg_loc, .. } => {
                f(location);
                f(variable);
                f(expression);
                if let Some((a, b, c)) = assign {
                    f(a);
                    f(b);
                    f(c);
                }
                f(dbg_loc);
            }
            DbgRecord::Label { label, dbg_loc } => {
                f(label);
                f(dbg_loc);
            }
        }
    }
}

/// The kind of a variable debug record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DbgKind {
    /// `#dbg_value`.
    Value,
    /// `#dbg_declare`.
    Declare,
    /// `#dbg_assign`.
    Assign,
}

/// An instruction's attached metadata: kind and node, in the order given.
pub type Attachments = smallvec::SmallVec<[(MdKindId, MdId); 1]>;

/// An instruction.
#[derive(Debug, Clone, PartialEq)]
pub struct Inst {
    /// What it does.
    pub kind: InstKind,
    /// Its result type (`void` when it has no result).
    pub ty: TypeId,
    /// Its name (`None`: numbered if it has a result).
    pub name: Name,
    /// Attached metadata, `!dbg` included, in the order given (one kept
    /// inline: most instructions have at most their `!dbg`).
    pub md: Attachments,
    /// Debug records attached before it.
    pub dbg_records: Vec<DbgRecord>,
}
