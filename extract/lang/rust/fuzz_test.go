package rust

import (
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

func FuzzRust(f *testing.F) {
	langtest.FuzzScanner(f, Lang, "src/lib.rs", []string{
		"/// An order.\n#[derive(Debug, sqlx::FromRow)]\npub struct Order {\n    /// The key.\n    pub id: i64,\n    #[serde(rename = \"n\")]\n    name: String,\n}\n",
		"#[derive(thiserror::Error, Debug)]\npub enum ApiError {\n    #[error(\"not found\")]\n    NotFound,\n    Conflict { id: i64 },\n    Other(String),\n}\n",
		"pub trait Store: Send {\n    type Item;\n    const N: usize;\n    fn get(&self) -> u8;\n    fn put(&self) { todo!() }\n}\nimpl<T> Store for Pg<T> where T: Clone {\n    type Item = T;\n    const N: usize = 1;\n    fn get(&self) -> u8 { 0 }\n}\n",
		"diesel::table! {\n    users (id) {\n        id -> Int4,\n        #[sql_name = \"type\"]\n        kind -> Text,\n    }\n}\n",
		"pub mod billing {\n    pub const RATE: u32 = 3;\n    #[cfg(test)]\n    mod tests { #[test] fn t() {} }\n}\nmacro_rules! m { ($x:expr) => { $x }; }\nstatic S: &str = r#\"a \"b\"\"#;\n",
		"#[test] fn one_line() {}\nfn f<'a>(x: &'a str) -> char { 'x' }\nstruct {\n}}\n{{\nimpl for {\n",
		"/* outer /* nested */ struct Ghost; */\nconst C: char = '}';\nunion U { a: u32 }\ntype Id = i64;\n",
	}, commented)
}

// commented: text in a block comment above a struct, or in a string
// inside it, defines nothing and ends nothing.
func commented(t *testing.T, p *extract.Parser, src []byte) {
	text := strings.ReplaceAll(strings.ReplaceAll(string(src), "*/", "* /"), "/*", "/ *")
	quoted := strings.NewReplacer("\\", `\\`, `"`, `\"`).Replace(string(src))
	rust := "/*\n" + text + "\n*/\n#[derive(Debug)]\n#[doc = \"" + quoted + "\"]\npub struct Fixed {\n    /*\n" + text + "\n    */\n    pub id: i64,\n" +
		"    #[serde(default = \"" + quoted + "\")]\n    pub note: String,\n}\n"
	langtest.OnlyDefinition(t, p, Lang, "src/lib.rs", rust, "Fixed", "id", "note")
}
