// empty: see Cargo.toml
