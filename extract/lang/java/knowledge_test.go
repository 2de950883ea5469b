package java

import (
	"reflect"
	"strings"
	"testing"
)

func TestJavaTests(t *testing.T) {
	tests := []string{
		"shop/src/test/java/com/x/order/OrderTest.java",
		"shop/src/test/java/com/x/order/OrderTests.java",
		"shop/src/test/java/com/x/order/OrderIT.java",
		"shop/src/test/java/com/x/order/TestOrder.java",
		"shop/src/test/java/com/x/order/OrderControllerTest.java",
		"shop/src/test/java/com/x/other/OrderTest.java",
		"billing/src/test/java/com/x/order/OrderTest.java",
		"shop/src/test/java/com/x/order/order_test.py",
	}
	want := tests[:4]
	if m := javaTests("shop/src/main/java/com/x/order/Order.java", tests); !reflect.DeepEqual(m.Named, want) || m.ByPackage {
		t.Errorf("got %+v, want %q", m, want)
	}
	if m := javaTests("Order.py", tests); m.Named != nil {
		t.Errorf("a Python file: %+v", m)
	}
}

// Imports name the classes and static members a file takes from outside
// its project (the first three segments of its package), and the modules
// a test covers, its project's too.
func TestImports(t *testing.T) {
	src := "package com.example.shop.order;\n\nimport java.util.List;\nimport static org.junit.Assert.assertEquals;\n" +
		"import com.example.shop.model.Money;\nimport org.springframework.data.jpa.repository.*;\n" +
		"import jakarta.persistence.Entity;\n\n@Entity\npublic class Order {\n    import x.y.Z;\n}\n"
	if got, want := importNames([]byte(src)), "List\tjava.util\nassertEquals\torg.junit.Assert\nEntity\tjakarta.persistence\n"; got != want {
		t.Errorf("importNames: got %q, want %q", got, want)
	}
	if got, want := importedModules([]byte(src)), "java.util.List\norg.junit.Assert\ncom.example.shop.model.Money\norg.springframework.data.jpa.repository\njakarta.persistence.Entity"; got != want {
		t.Errorf("importedModules: got %q, want %q", got, want)
	}
	want := []string{"org.junit", "org.springframework.data.jpa.repository", "jakarta.persistence"}
	if got := externalImports(strings.Split(src, "\n")); !reflect.DeepEqual(got, want) {
		t.Errorf("externalImports: got %q, want %q", got, want)
	}
}

func TestTestNames(t *testing.T) {
	src := []byte(`class OrderTest {
    @Test
    void placesAnOrder() {}

    @ParameterizedTest(name = "{0}")
    @ValueSource(ints = {1, 2})
    public void rejects(int n) throws Exception {}

    @TestConfiguration
    static class Config {}

    public void testLegacyStyle() {}

    private void helper() {}
}
`)
	if got, want := testNames(src), []string{"placesAnOrder", "rejects", "testLegacyStyle"}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestDeclares(t *testing.T) {
	for line, want := range map[string]bool{
		"public ResponseEntity<Order> get(@PathVariable Long id)": true,
		"List<Order> get();":            true,
		"    void get() {":              true,
		"return get(id);":               false,
		"Order o = get(id);":            false,
		"this.get(id);":                 false,
		"new get()":                     false,
		"forget(x)":                     false,
		"public String getter()":        false,
		"def get(self):":                true,
		"return service.list(get(id));": false,
	} {
		if Lang.Declares(line, "get") != want {
			t.Errorf("declares(%q) = %v", line, !want)
		}
	}
}
