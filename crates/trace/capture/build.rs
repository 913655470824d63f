//! Builds `preload/preload.c` into the library that captures preload into
//! the programs they record (Linux; elsewhere there is none).

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=preload/preload.c");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
    let target_os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let library = out.join("librogue_preload.so");
    if target_os == "linux" {
        let compiler = cc::Build::new().get_compiler();
        let status = compiler
            .to_command()
            .args(["-shared", "-fPIC", "-O2", "-Wall", "-Werror", "-o"])
            .arg(&library)
            .arg("preload/preload.c")
            .arg("-ldl")
            .status();
        if !matches!(status, Ok(s) if s.success()) {
            panic!("cannot build preload/preload.c with {:?}", compiler.path());
        }
        println!("cargo:rustc-cfg=preload_library");
    }
    println!("cargo:rustc-check-cfg=cfg(preload_library)");
}
