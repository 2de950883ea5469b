package kotlin

import (
	"reflect"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

func TestKotlinTests(t *testing.T) {
	tests := []string{
		"shop/src/test/kotlin/com/x/order/OrderTest.kt",
		"shop/src/test/kotlin/com/x/order/OrderTests.kt",
		"shop/src/test/kotlin/com/x/order/OrderIT.kt",
		"shop/src/test/kotlin/com/x/order/TestOrder.kt",
		"shop/src/jvmTest/kotlin/com/x/order/OrderIntegrationTest.kt",
		"shop/src/test/kotlin/com/x/order/OrderControllerTest.kt",
		"shop/src/test/kotlin/com/x/other/OrderTest.kt",
		"billing/src/test/kotlin/com/x/order/OrderTest.kt",
		"shop/src/test/java/com/x/order/OrderTest.java",
	}
	want := tests[:5]
	if m := kotlinTests("shop/src/main/kotlin/com/x/order/Order.kt", tests); !reflect.DeepEqual(m.Named, want) || m.ByPackage {
		t.Errorf("got %+v, want %q", m, want)
	}
	if m := kotlinTests("Order.java", tests); m.Named != nil {
		t.Errorf("a Java file: %+v", m)
	}
}

// Imports name what a file takes from outside its project (the first
// three segments of its package), by its own name even when aliased, and
// the modules a test covers, its project's too.
func TestImports(t *testing.T) {
	src := "@file:JvmName(\"Orders\")\npackage com.example.shop.order\n\nimport java.time.Instant\nimport io.ktor.server.routing.*\n" +
		"import com.example.shop.model.Money\nimport org.jetbrains.exposed.sql.Table as ExposedTable\nimport kotlinx.coroutines.flow.map\n" +
		"import kotlin.math.max\n\n// Orders.\n@Entity\nclass Order {\n    import x.y.Z\n}\n"
	if got, want := importNames([]byte(src)), "Instant\tjava.time\nTable\torg.jetbrains.exposed.sql\nmap\tkotlinx.coroutines.flow\nmax\tkotlin.math\n"; got != want {
		t.Errorf("importNames: got %q, want %q", got, want)
	}
	if got, want := importedModules([]byte(src)), "java.time.Instant\nio.ktor.server.routing\ncom.example.shop.model.Money\n"+
		"org.jetbrains.exposed.sql.Table\nkotlinx.coroutines.flow.map\nkotlin.math.max"; got != want {
		t.Errorf("importedModules: got %q, want %q", got, want)
	}
	want := []string{"io.ktor.server.routing", "org.jetbrains.exposed.sql", "kotlinx.coroutines.flow"}
	if got := externalImports(strings.Split(src, "\n")); !reflect.DeepEqual(got, want) {
		t.Errorf("externalImports: got %q, want %q", got, want)
	}
}

func TestTestNames(t *testing.T) {
	src := []byte("class OrderTest {\n    @Test\n    fun placesAnOrder() {}\n\n    @Test\n    fun `cancels an order (twice)`() = runTest {}\n\n" +
		"    @ParameterizedTest(name = \"{0}\")\n    @ValueSource(ints = [1, 2])\n    internal suspend fun rejects(n: Int) {}\n\n" +
		"    @TestConfiguration\n    class Config\n\n    private fun helper() {}\n}\n")
	if got, want := testNames(src), []string{"placesAnOrder", "cancels an order (twice)", "rejects"}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestDeclares(t *testing.T) {
	for line, want := range map[string]bool{
		"fun get(@PathVariable id: Long): Order":  true,
		"suspend fun <T> get(id: Long): T":        true,
		"fun Route.get() {":                       true,
		"override fun get() = repo.get()":         true,
		"return get(id)":                          false,
		"val o = get(id)":                         false,
		"funny get(x)":                            false,
		"fun getter(): String":                    false,
		"fun Route.forget() {":                    false,
		"routing { get(\"/x\") { call.get() } }":  false,
		"val f: () -> Unit = fun get() { }":       true,
		"return service.list(get(id)) // fun get": false,
	} {
		if declares(line, "get") != want {
			t.Errorf("declares(%q) = %v", line, !want)
		}
	}
}

// TestImportOfIsImportRe: importOf reads each line as importRe does, on
// every line of the Kotlin fixtures and on lines that try its edges.
func TestImportOfIsImportRe(t *testing.T) {
	lines := []string{"import a.b.C", "import a.b.C as D", "import a.b.*", "import a.*", "import .*", "import a.b.*.c",
		"import a.b as", "import a.b  as  X  ;  // c", "import a.b;", "import a.b // c", "import a.b/", "import", "imports x",
		"import\ta.`fun`.C", "import a.b.C as D E", "import a.b.* as X", "import a.b.", "import a.b.C;;", "import a.bas X",
		"import a.b.C as D; // x", "import a..b", "import a.b.C /* c */"}
	for _, f := range langtest.Sources(t) {
		if strings.HasSuffix(f.Name, ".kt") {
			for _, l := range strings.Split(string(f.Data), "\n") {
				lines = append(lines, strings.TrimSpace(l))
			}
		}
	}
	for _, l := range lines {
		m := importRe.FindStringSubmatch(l)
		name, wildcard, ok := importOf(l)
		if ok != (m != nil) || ok && (name != m[1] || wildcard != (m[2] != "")) {
			t.Errorf("importOf(%q) = %q, %v, %v; importRe: %q", l, name, wildcard, ok, m)
		}
	}
}
