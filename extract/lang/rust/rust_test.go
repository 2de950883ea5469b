package rust

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

// langs are the languages of this package, as the tests pick them by file name.
var langs = []*extract.Language{Lang}

// def is the part of a Definition a test states.
type def langtest.Def

func defsOf(t *testing.T, file, src string) []def { return langtest.DefsIn[def](t, langs, file, src) }

func TestRustDefinitions(t *testing.T) {
	src := `//! The shop.
use std::fmt;

/// An order.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Order {
    /// The key.
    pub id: i64,
    #[serde(rename = "n")]
    pub(crate) name: String,
}

pub struct Pair(pub i32, i32);

#[derive(thiserror::Error, Debug)]
pub enum ApiError {
    #[error("not found")]
    NotFound,
    Conflict { id: i64 },
}

pub enum Status { Open, Filled }

pub trait Store: Send + Sync {
    type Item;
    fn get(&self, id: i64) -> Option<Order>;
    fn put(&mut self, o: Order) {
        todo!()
    }
}

impl Order {
    pub const MAX: usize = 5;
    type Alias = i64;
    /// New order.
    #[must_use]
    pub fn new(id: i64) -> Self {
        Self { id, name: String::new() }
    }
    fn check<'a>(&'a self) -> bool
    where
        Self: Sized,
    {
        true
    }
}

impl<T: Clone> fmt::Display for Wrapper<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { Ok(()) }
}

pub(crate) const MAX_RETRIES: u32 = 3;
static GREETING: &str = "hi";
pub type Id = i64;

macro_rules! shout {
    ($x:expr) => { $x };
}

pub mod billing {
    pub fn charge(amount: u64) -> Result<(), ApiError> {
        let inner = |x: u64| { x + 1 };
        fn nested() {}
        Ok(())
    }
}

pub async fn handler() -> Json<Vec<Order>> {
    Json(vec![])
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn it_works() {}
}

#[cfg(test)]
fn test_helper() {}

#[cfg(test)]
impl Order {
    fn fixture() -> Self { todo!() }
}

extern "C" {
    fn abs(x: i32) -> i32;
}
`
	want := []def{
		{"Order", "", extract.KindSchema, "Schema", true, 4, 11, "/// An order.\n#[derive(Debug, Clone, sqlx::FromRow)]\npub struct Order {\n    /// The key.\n    pub id: i64,\n    #[serde(rename = \"n\")]\n    pub(crate) name: String,\n}"},
		{"Pair", "", extract.KindType, "Struct", true, 13, 13, "pub struct Pair(pub i32, i32);"},
		{"ApiError", "", extract.KindError, "Error", true, 15, 20, "#[derive(thiserror::Error, Debug)]\npub enum ApiError {\n    #[error(\"not found\")]\n    NotFound,\n    Conflict { id: i64 },\n}"},
		{"Status", "", extract.KindEnum, "Enum", true, 22, 22, "pub enum Status { Open, Filled }"},
		{"Store", "", extract.KindInterface, "Trait", true, 24, 30, "pub trait Store: Send + Sync {\n    type Item;\n    fn get(&self, id: i64) -> Option<Order>;\n    fn put(&mut self, o: Order) { ... }\n}"},
		{"get", "Store", extract.KindMethod, "Method Signature", true, 26, 26, "fn get(&self, id: i64) -> Option<Order>;"},
		{"put", "Store", extract.KindMethod, "Method Signature", true, 27, 27, "fn put(&mut self, o: Order)"},
		{"MAX", "Order", extract.KindConstant, "Constant", true, 33, 33, "pub const MAX: usize = 5;"},
		{"new", "Order", extract.KindMethod, "Method Signature", true, 35, 37, "/// New order.\n#[must_use]\npub fn new(id: i64) -> Self"},
		{"check", "Order", extract.KindMethod, "Method Signature", false, 40, 42, "fn check<'a>(&'a self) -> bool\nwhere\n    Self: Sized,"},
		{"fmt", "Wrapper", extract.KindMethod, "Method Signature", true, 49, 49, "fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result"},
		{"MAX_RETRIES", "", extract.KindConstant, "Constant", true, 52, 52, "pub(crate) const MAX_RETRIES: u32 = 3;"},
		{"GREETING", "", extract.KindConstant, "Static", false, 53, 53, `static GREETING: &str = "hi";`},
		{"Id", "", extract.KindType, "Type", true, 54, 54, "pub type Id = i64;"},
		{"shout", "", extract.KindFunction, "Macro", false, 56, 58, "macro_rules! shout {\n    ($x:expr) => { $x };\n}"},
		{"charge", "billing", extract.KindFunction, "Function Signature", true, 61, 61, "pub fn charge(amount: u64) -> Result<(), ApiError>"},
		{"handler", "", extract.KindFunction, "Function Signature", true, 68, 68, "pub async fn handler() -> Json<Vec<Order>>"},
	}
	if diff := cmp.Diff(want, defsOf(t, "src/lib.rs", src)); diff != "" {
		t.Error(diff)
	}
}

// TestMembers: a struct's fields, an enum's variants, a trait's items
// and a table's columns are members, each with its attributes and doc
// comment; a tuple struct's fields have no names and are none.
func TestMembers(t *testing.T) {
	src := `pub struct Order {
    /// The key.
    pub id: i64,
    #[serde(rename = "n")]
    #[serde(default)]
    name: String,
}
enum Status {
    Open,
    // Filled orders are final.
    Filled { at: u64 },
    Cancelled(String),
}
trait Store {
    type Item;
    const N: usize;
    fn get(&self) -> u8;
    fn put(&self) {}
}
struct Pair(i32, i32);
table! {
    users (id) {
        id -> Int4,
        #[sql_name = "type"]
        kind -> Text,
    }
}
diesel::table! {
    use diesel::sql_types::*;
    use super::sql_types::PgLsn;

    timelines (tenant_id) {
        tenant_id -> Varchar,
    }
}
`
	got := langtest.Summaries(t, Lang, "src/a.rs", src)
	want := []string{
		"type Struct Order 1-7 [id@2-3 name@4-6]",
		"enum Enum Status 8-13 [Open@9 Filled@10-11 Cancelled@12]",
		"interface Trait Store 14-19 [Item@15 N@16 get@17() put@18()]",
		"constant Constant N 16-16 []",
		"method Method Signature get 17-17 []",
		"method Method Signature put 18-18 []",
		"type Struct Pair 20-20 []",
		"schema Table users 21-27 [id@23 kind@25]",
		"schema Table timelines 28-35 [tenant_id@33]",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// TestSchemasAndErrors: Diesel, sqlx and SeaORM models are schemas, named
// by the table they map to; thiserror enums and types implementing
// std::error::Error are errors.
func TestSchemasAndErrors(t *testing.T) {
	src := `#[derive(Queryable, Selectable)]
#[diesel(table_name = crate::schema::posts)]
pub struct Post { pub id: i32 }

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "cake")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
}

#[derive(Insertable)]
#[table_name = "users"]
pub struct NewUser { pub name: String }

#[derive(Debug)]
pub struct ParseError { line: usize }

impl std::error::Error for ParseError {}

#[derive(Debug, Snafu)]
enum ConfigError { Missing }

#[derive(Serialize)]
pub struct Reply { pub ok: bool }
`
	var got []string
	for _, d := range langtest.Definitions(t, Lang, "src/models.rs", src) {
		got = append(got, fmt.Sprintf("%s %s %s %v", d.Name, d.Kind, d.Title, d.Aliases))
	}
	want := []string{
		"Post schema Schema [posts]",
		"Model schema Entity [cake]",
		"NewUser schema Schema [users]",
		"ParseError error Error []",
		"ConfigError error Error []",
		"Reply type Struct []",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// TestMatchersAreTheQueries: on every Rust file of the fixtures and of
// hard cases, the matcher finds what rust.scm finds.
func TestMatchersAreTheQueries(t *testing.T) {
	files := append(langtest.Sources(t),
		langtest.File{Name: "all.rs", Data: []byte(strings.Join([]string{
			"fn f() { fn g() {} let x = vec![1]; println!(\"{}\", x); }",
			"struct S; union U { a: u8 } enum E { A } trait T { fn m(&self); type X; const C: u8; }",
			"impl S { const K: u8 = 1; type Y = u8; fn n() {} }",
			"type A = u8; const B: u8 = 2; static D: u8 = 3; macro_rules! m { () => {} }",
			"mod inner { pub fn h() {} diesel::table! { t (id) { id -> Int4, } } }",
			"table! { /* c */ u (id) { id -> Int4, } }",
			"extern \"C\" { fn abs(x: i32) -> i32; }",
		}, "\n"))},
		langtest.File{Name: "broken.rs", Data: []byte("fn (\nstruct S {\nimpl for {\nconst C = \nmacro_rules! {\n")},
	)
	n := langtest.CheckMatchers(t, langs, files)
	if n < 50 {
		t.Fatalf("only %d matches compared", n)
	}
	t.Logf("%d matches compared", n)
}

// TestBrokenDefinitions: a definition holding a parse error is never
// shown; the items recovered whole around it are.
func TestBrokenDefinitions(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{"fn a( {\n\nfn b() -> i32 { 1 }\n\nfn c() {}\n", []string{"b:fn b() -> i32", "c:fn c()"}},
		{"struct A {\n  x: i32\n\nfn b() -> i32 { 1 }\n", []string{"A:", "b:fn b() -> i32"}},
	} {
		var got []string
		for _, d := range defsOf(t, "x.rs", tc.src) {
			got = append(got, d.Name+":"+d.Text)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%q: %s", tc.src, diff)
		}
	}
}
