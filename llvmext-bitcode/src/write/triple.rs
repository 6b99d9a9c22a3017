//! Target triples as LLVM 19's `Triple` reads them, as far as the writer
//! needs them: the irsymtab's mangling, object format and runtime calls
//! ([`super::symtab`]), and the wrapper header a Darwin or Mach-O module is
//! written in ([`darwin_cpu_type`]).

/// `Triple::ArchType`, the architectures this module tells apart.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Arch {
    Unknown,
    X86,
    X86_64,
    Arm,
    ArmEb,
    Thumb,
    ThumbEb,
    AArch64,
    AArch64Be,
    AArch64_32,
    Ppc,
    PpcLe,
    Ppc64,
    Ppc64Le,
    Mips,
    MipsEl,
    Mips64,
    Mips64El,
    RiscV32,
    RiscV64,
    Sparc,
    SparcEl,
    SparcV9,
    SystemZ,
    Hexagon,
    Avr,
    R600,
    AmdGcn,
    Nvptx,
    Nvptx64,
    Wasm32,
    Wasm64,
    LoongArch32,
    LoongArch64,
    SpirV,
    Dxil,
    /// Another known architecture (ELF by default).
    Other,
}

/// `Triple::OSType`, those this module tells apart.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum OsType {
    Unknown,
    Darwin,
    MacOsx,
    Ios,
    TvOs,
    WatchOs,
    XrOs,
    DriverKit,
    Win32,
    OpenBsd,
    Fuchsia,
    Ps4,
    Ps5,
    Aix,
    Zos,
    Other,
}

/// `Triple::EnvironmentType`, those this module tells apart.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Env {
    Unknown,
    /// `GNU` exactly (what `isWindowsGNUEnvironment` wants).
    Gnu,
    /// The rest of `isGNUEnvironment`'s (gnueabi, gnux32, ...).
    GnuOther,
    Android,
    Msvc,
    Itanium,
    Cygnus,
    Other,
}

/// `Triple::ObjectFormatType`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Format {
    Coff,
    Elf,
    MachO,
    Wasm,
    Xcoff,
    Goff,
    SpirV,
    DxContainer,
}

/// A target triple as LLVM 19's `Triple(const Twine &)` reads it (not
/// normalized: up to four `-`-separated components).
#[derive(Debug)]
pub(crate) struct Triple {
    /// The first component's architecture.
    pub(crate) arch: Arch,
    /// `AArch64SubArch_arm64ec`.
    pub(crate) arm64ec: bool,
    /// Vendor `scei`/`sie` (`SCEI`).
    pub(crate) scei: bool,
    /// The third component's OS.
    pub(crate) os: OsType,
    /// The version after a Darwin OS's name (`macosx10.15` and the like).
    pub(crate) os_version: [u64; 3],
    /// The fourth component's environment.
    pub(crate) env: Env,
    /// The version after `android`.
    pub(crate) env_version: [u64; 3],
    /// The object format the fourth component ends with, if any.
    pub(crate) format: Option<Format>,
}

/// `VersionTuple::tryParse` of what follows a name (all zero when it does
/// not parse; the build number dropped).
pub(crate) fn parse_version(s: &str) -> [u64; 3] {
    let mut v = [0u64; 3];
    if s.is_empty() {
        return v;
    }
    for (k, part) in s.split('.').enumerate() {
        if k >= 4 || part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            return [0; 3];
        }
        let Ok(n) = part.parse::<u64>() else { return [0; 3] };
        if k < 3 {
            v[k] = n;
        }
    }
    v
}

impl Triple {
    /// Reads a triple as `Triple(const Twine &)` does.
    pub(crate) fn parse(s: &str) -> Triple {
        let mut parts = s.splitn(4, '-');
        let arch_name = parts.next().unwrap_or("");
        let vendor = parts.next();
        let os_name = parts.next();
        let env_name = parts.next();
        let arch = parse_arch(arch_name);
        let os = os_name.map_or(OsType::Unknown, parse_os);
        let env = env_name.map_or(Env::Unknown, parse_env);
        let format = env_name.and_then(parse_format);
        let os_version = os_name.map_or([0; 3], |n| {
            let canonical = match os {
                OsType::Darwin => "darwin",
                OsType::MacOsx => "macosx",
                OsType::Ios => "ios",
                OsType::TvOs => "tvos",
                OsType::WatchOs => "watchos",
                OsType::XrOs => "xros",
                OsType::DriverKit => "driverkit",
                _ => "",
            };
            let rest = if let Some(r) = n.strip_prefix(canonical).filter(|_| !canonical.is_empty())
            {
                r
            } else if os == OsType::MacOsx {
                n.strip_prefix("macos").unwrap_or(n)
            } else if os == OsType::XrOs {
                n.strip_prefix("visionos").unwrap_or(n)
            } else {
                n
            };
            if canonical.is_empty() {
                [0; 3]
            } else {
                parse_version(rest)
            }
        });
        let env_version = match (env, env_name) {
            (Env::Android, Some(n)) => parse_version(n.strip_prefix("android").unwrap_or("")),
            _ => [0; 3],
        };
        Triple {
            arch,
            arm64ec: arch_name == "arm64ec",
            scei: matches!(vendor, Some("scei" | "sie")),
            os,
            os_version,
            env,
            env_version,
            format,
        }
    }

    /// `isOSDarwin`.
    pub(crate) fn is_darwin(&self) -> bool {
        matches!(
            self.os,
            OsType::Darwin
                | OsType::MacOsx
                | OsType::Ios
                | OsType::TvOs
                | OsType::WatchOs
                | OsType::DriverKit
                | OsType::XrOs
        )
    }

    /// `isMacOSX` (`darwin` or `macos`).
    pub(crate) fn is_macosx(&self) -> bool {
        matches!(self.os, OsType::Darwin | OsType::MacOsx)
    }

    /// `isX86`.
    pub(crate) fn is_x86(&self) -> bool {
        matches!(self.arch, Arch::X86 | Arch::X86_64)
    }

    /// `isPPC`.
    pub(crate) fn is_ppc(&self) -> bool {
        matches!(self.arch, Arch::Ppc | Arch::PpcLe | Arch::Ppc64 | Arch::Ppc64Le)
    }

    /// `isAArch64`.
    pub(crate) fn is_aarch64(&self) -> bool {
        matches!(self.arch, Arch::AArch64 | Arch::AArch64Be | Arch::AArch64_32)
    }

    /// `isArch64Bit`.
    pub(crate) fn is_64bit(&self) -> bool {
        use Arch::*;
        matches!(
            self.arch,
            X86_64
                | AArch64
                | AArch64Be
                | Ppc64
                | Ppc64Le
                | Mips64
                | Mips64El
                | RiscV64
                | SparcV9
                | SystemZ
                | AmdGcn
                | Nvptx64
                | Wasm64
                | LoongArch64
        )
    }

    /// `isGNUEnvironment`.
    pub(crate) fn is_gnu_env(&self) -> bool {
        matches!(self.env, Env::Gnu | Env::GnuOther)
    }

    /// `isWindowsMSVCEnvironment` (Windows, MSVC or no environment).
    pub(crate) fn is_windows_msvc(&self) -> bool {
        self.os == OsType::Win32 && matches!(self.env, Env::Msvc | Env::Unknown)
    }

    /// `isWindowsGNUEnvironment`.
    pub(crate) fn is_windows_gnu(&self) -> bool {
        self.os == OsType::Win32 && self.env == Env::Gnu
    }

    /// `isWindowsCygwinEnvironment`.
    pub(crate) fn is_windows_cygwin(&self) -> bool {
        self.os == OsType::Win32 && self.env == Env::Cygnus
    }

    /// `isOSCygMing`.
    pub(crate) fn is_cyg_ming(&self) -> bool {
        self.is_windows_gnu() || self.is_windows_cygwin()
    }

    /// `isOSMSVCRT`.
    pub(crate) fn is_msvcrt(&self) -> bool {
        self.is_windows_msvc()
            || self.is_windows_gnu()
            || (self.os == OsType::Win32 && self.env == Env::Itanium)
    }

    /// `isOSVersionLT(major, minor)`.
    pub(crate) fn os_version_lt(&self, major: u64, minor: u64) -> bool {
        let v = self.os_version;
        (v[0], v[1], v[2]) < (major, minor, 0)
    }

    /// `isMacOSXVersionLT(10, minor)` (Darwin numbers skewed by 4).
    pub(crate) fn macos_10_lt(&self, minor: u64) -> bool {
        if self.os == OsType::MacOsx {
            self.os_version_lt(10, minor)
        } else {
            self.os_version_lt(minor + 4, 0)
        }
    }

    /// `isAndroidVersionLT(major)`.
    pub(crate) fn android_lt(&self, major: u64) -> bool {
        let v = self.env_version;
        if self.is_64bit() && v[0] < 21 {
            return 21 < major;
        }
        (v[0], v[1], v[2]) < (major, 0, 0)
    }

    /// `getObjectFormat`: as the environment names it, else
    /// `getDefaultFormat`.
    pub(crate) fn format(&self) -> Format {
        if let Some(f) = self.format {
            return f;
        }
        let darwin_or = |f: Format| if self.is_darwin() { Format::MachO } else { f };
        match self.arch {
            Arch::Unknown
            | Arch::AArch64
            | Arch::AArch64_32
            | Arch::Arm
            | Arch::Thumb
            | Arch::X86
            | Arch::X86_64 => {
                if self.os == OsType::Win32 {
                    Format::Coff
                } else {
                    darwin_or(Format::Elf)
                }
            }
            Arch::Ppc | Arch::Ppc64 => {
                if self.os == OsType::Aix {
                    Format::Xcoff
                } else {
                    darwin_or(Format::Elf)
                }
            }
            Arch::SystemZ if self.os == OsType::Zos => Format::Goff,
            Arch::Wasm32 | Arch::Wasm64 => Format::Wasm,
            Arch::SpirV => Format::SpirV,
            Arch::Dxil => Format::DxContainer,
            _ => Format::Elf,
        }
    }
}

/// `parseArch` (with `parseARMArch` reduced to its prefix and endianness).
pub(crate) fn parse_arch(s: &str) -> Arch {
    use Arch::*;
    match s {
        "i386" | "i486" | "i586" | "i686" | "i786" | "i886" | "i986" => X86,
        "amd64" | "x86_64" | "x86_64h" => X86_64,
        "powerpc" | "powerpcspe" | "ppc" | "ppc32" => Ppc,
        "powerpcle" | "ppcle" | "ppc32le" => PpcLe,
        "powerpc64" | "ppu" | "ppc64" => Ppc64,
        "powerpc64le" | "ppc64le" => Ppc64Le,
        "xscale" => Arm,
        "xscaleeb" => ArmEb,
        "aarch64" | "arm64" | "arm64e" | "arm64ec" => AArch64,
        "aarch64_be" => AArch64Be,
        "aarch64_32" | "arm64_32" => AArch64_32,
        "arm" => Arm,
        "armeb" => ArmEb,
        "thumb" => Thumb,
        "thumbeb" => ThumbEb,
        "avr" => Avr,
        "mips" | "mipseb" | "mipsallegrex" | "mipsisa32r6" | "mipsr6" => Mips,
        "mipsel" | "mipsallegrexel" | "mipsisa32r6el" | "mipsr6el" => MipsEl,
        "mips64" | "mips64eb" | "mipsn32" | "mipsisa64r6" | "mips64r6" | "mipsn32r6" => Mips64,
        "mips64el" | "mipsn32el" | "mipsisa64r6el" | "mips64r6el" | "mipsn32r6el" => Mips64El,
        "r600" => R600,
        "amdgcn" => AmdGcn,
        "riscv32" => RiscV32,
        "riscv64" => RiscV64,
        "hexagon" => Hexagon,
        "s390x" | "systemz" => SystemZ,
        "sparc" => Sparc,
        "sparcel" => SparcEl,
        "sparcv9" | "sparc64" => SparcV9,
        "nvptx" => Nvptx,
        "nvptx64" => Nvptx64,
        "wasm32" => Wasm32,
        "wasm64" => Wasm64,
        "loongarch32" => LoongArch32,
        "loongarch64" => LoongArch64,
        "dxil" => Dxil,
        "spirv" | "spirv32" | "spirv64" => SpirV,
        "arc" | "m68k" | "msp430" | "tce" | "tcele" | "xcore" | "le32" | "le64" | "amdil"
        | "amdil64" | "hsail" | "hsail64" | "spir" | "spir64" | "lanai" | "shave"
        | "renderscript32" | "renderscript64" | "ve" | "csky" | "xtensa" => Other,
        _ if s.starts_with("spirv") || s.starts_with("kalimba") || s.starts_with("bpf") => {
            if s.starts_with("spirv") {
                SpirV
            } else {
                Other
            }
        }
        _ if s.starts_with("arm") || s.starts_with("thumb") || s.starts_with("aarch64") => {
            let big = s.ends_with("eb") || s.ends_with("_be");
            match (s.starts_with("aarch64"), s.starts_with("thumb"), big) {
                (true, _, false) => AArch64,
                (true, _, true) => AArch64Be,
                (false, true, false) => Thumb,
                (false, true, true) => ThumbEb,
                (false, false, false) => Arm,
                (false, false, true) => ArmEb,
            }
        }
        _ => Unknown,
    }
}

/// `parseOS` (first matching prefix).
pub(crate) fn parse_os(s: &str) -> OsType {
    /// The OS names told apart, by prefix.
    const PREFIXES: &[(&str, OsType)] = &[
        ("darwin", OsType::Darwin),
        ("fuchsia", OsType::Fuchsia),
        ("ios", OsType::Ios),
        ("macos", OsType::MacOsx),
        ("openbsd", OsType::OpenBsd),
        ("win32", OsType::Win32),
        ("windows", OsType::Win32),
        ("zos", OsType::Zos),
        ("aix", OsType::Aix),
        ("ps4", OsType::Ps4),
        ("ps5", OsType::Ps5),
        ("tvos", OsType::TvOs),
        ("watchos", OsType::WatchOs),
        ("driverkit", OsType::DriverKit),
        ("xros", OsType::XrOs),
        ("visionos", OsType::XrOs),
    ];
    /// Other OS names LLVM knows (not unknown, nothing special here).
    const OTHERS: &[&str] = &[
        "dragonfly",
        "freebsd",
        "kfreebsd",
        "linux",
        "lv2",
        "netbsd",
        "solaris",
        "haiku",
        "rtems",
        "nacl",
        "cuda",
        "nvcl",
        "amdhsa",
        "elfiamcu",
        "bridgeos",
        "mesa3d",
        "amdpal",
        "hermit",
        "hurd",
        "wasi",
        "emscripten",
        "shadermodel",
        "liteos",
        "serenity",
        "vulkan",
    ];
    for &(p, os) in PREFIXES {
        if s.starts_with(p) {
            return os;
        }
    }
    if OTHERS.iter().any(|p| s.starts_with(p)) {
        OsType::Other
    } else {
        OsType::Unknown
    }
}

/// `parseEnvironment` (first matching prefix, in LLVM 19's order).
pub(crate) fn parse_env(s: &str) -> Env {
    /// The environments told apart, by prefix, in LLVM's order.
    const PREFIXES: &[(&str, Env)] = &[
        ("eabihf", Env::Other),
        ("eabi", Env::Other),
        ("gnuabin32", Env::GnuOther),
        ("gnuabi64", Env::GnuOther),
        ("gnueabihft64", Env::GnuOther),
        ("gnueabihf", Env::GnuOther),
        ("gnueabit64", Env::GnuOther),
        ("gnueabi", Env::GnuOther),
        ("gnuf32", Env::GnuOther),
        ("gnuf64", Env::GnuOther),
        ("gnusf", Env::GnuOther),
        ("gnux32", Env::GnuOther),
        ("gnu_ilp32", Env::Other),
        ("code16", Env::Other),
        ("gnut64", Env::GnuOther),
        ("gnu", Env::Gnu),
        ("android", Env::Android),
        ("musl", Env::Other),
        ("msvc", Env::Msvc),
        ("itanium", Env::Itanium),
        ("cygnus", Env::Cygnus),
    ];
    /// Other environment names LLVM knows.
    const OTHERS: &[&str] = &[
        "coreclr",
        "simulator",
        "macabi",
        "pixel",
        "vertex",
        "geometry",
        "hull",
        "domain",
        "compute",
        "library",
        "raygeneration",
        "intersection",
        "anyhit",
        "closesthit",
        "miss",
        "callable",
        "mesh",
        "amplification",
        "opencl",
        "ohos",
        "pauthtest",
    ];
    for &(p, env) in PREFIXES {
        if s.starts_with(p) {
            return env;
        }
    }
    if OTHERS.iter().any(|p| s.starts_with(p)) {
        Env::Other
    } else {
        Env::Unknown
    }
}

/// `parseFormat` (by suffix of the environment component).
pub(crate) fn parse_format(s: &str) -> Option<Format> {
    /// `xcoff` before `coff`, as in LLVM.
    const SUFFIXES: &[(&str, Format)] = &[
        ("xcoff", Format::Xcoff),
        ("coff", Format::Coff),
        ("elf", Format::Elf),
        ("goff", Format::Goff),
        ("macho", Format::MachO),
        ("wasm", Format::Wasm),
        ("spirv", Format::SpirV),
    ];
    SUFFIXES.iter().find(|(suffix, _)| s.ends_with(suffix)).map(|&(_, f)| f)
}

/// The CPU type of the wrapper header LLVM 19 puts around a module for a
/// Darwin OS or the Mach-O format (`WriteBitcodeToFile` and
/// `emitDarwinBCHeaderAndTrailer`), `None` for other targets: x86-64,
/// i386, 32- and 64-bit big-endian PowerPC and 32-bit ARM/Thumb have
/// theirs, any other architecture (AArch64 among them) `0xFFFFFFFF`.
pub(crate) fn darwin_cpu_type(triple: &str) -> Option<u32> {
    use llvmext_core::magic::cpu_type;
    let t = Triple::parse(triple);
    if !t.is_darwin() && t.format() != Format::MachO {
        return None;
    }
    Some(match t.arch {
        Arch::X86_64 => cpu_type::X86_64,
        Arch::X86 => cpu_type::X86,
        Arch::Ppc => cpu_type::POWERPC,
        Arch::Ppc64 => cpu_type::POWERPC64,
        Arch::Arm | Arch::Thumb => cpu_type::ARM,
        _ => u32::MAX,
    })
}
