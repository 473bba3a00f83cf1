//! Finds the languages: every folder of `locales/` is one, named by its code (`en`, `ja`), and
//! every `.ftl` file in it is compiled in. English, the source, comes first.

use std::{env, fs, path::Path};

fn main() {
    let root = Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap()).join("locales");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut langs: Vec<_> = fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    langs.sort_by_key(|p| (p.file_name().unwrap() != "en", p.clone()));
    let mut out = String::from("pub(crate) static LOCALES: &[(&str, &[(&str, &str)])] = &[\n");
    for lang in langs {
        println!("cargo:rerun-if-changed={}", lang.display());
        let code = lang.file_name().unwrap().to_str().unwrap().to_owned();
        let mut files: Vec<_> = fs::read_dir(&lang)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
            .collect();
        files.sort();
        out += &format!("    ({code:?}, &[\n");
        for file in files {
            println!("cargo:rerun-if-changed={}", file.display());
            let name = file.file_name().unwrap().to_str().unwrap().to_owned();
            out += &format!(
                "        ({name:?}, include_str!({:?})),\n",
                file.display().to_string()
            );
        }
        out += "    ]),\n";
    }
    out += "];\n";
    fs::write(
        Path::new(&env::var("OUT_DIR").unwrap()).join("locales.rs"),
        out,
    )
    .unwrap();
}
