//! Builds `pin/pin.c` into the preloadable library that `capture --pin`
//! embeds (Linux and other ELF Unix; elsewhere there is none).

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=pin/pin.c");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
    let target_os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let library = out.join("librogue_pin.so");
    if target_os == "linux" {
        let compiler = cc::Build::new().get_compiler();
        let status = compiler
            .to_command()
            .args(["-shared", "-fPIC", "-O2", "-o"])
            .arg(&library)
            .arg("pin/pin.c")
            .arg("-ldl")
            .status();
        if !matches!(status, Ok(s) if s.success()) {
            panic!("cannot build pin/pin.c with {:?}", compiler.path());
        }
        println!("cargo:rustc-cfg=pin_library");
    }
    println!("cargo:rustc-check-cfg=cfg(pin_library)");
}
