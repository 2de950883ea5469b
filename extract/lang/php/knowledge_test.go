package php

import (
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const useSrc = `<?php

namespace Acme\Shop\Http;

use Acme\Shop\Models\Order;
use App\Models\User as Account;
use Illuminate\Support\Facades\{Route, Cache as Store};
use Illuminate\Http\Request;
use function Symfony\Component\String\u;
use Carbon\Carbon;

class OrderController
{
    use Helpers;
}
`

func TestImportNames(t *testing.T) {
	want := "Route\tIlluminate.Support.Facades\nStore\tIlluminate.Support.Facades\nRequest\tIlluminate.Http\nu\tSymfony.Component.String\nCarbon\tCarbon\n"
	if got := importNames([]byte(useSrc)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestImportedModules: the classes a test imports, without the root of
// their namespace (Composer's prefix, which a directory stands for).
func TestImportedModules(t *testing.T) {
	want := []string{"Shop.Models.Order", "Models.User", "Support.Facades.Route", "Support.Facades.Cache", "Http.Request",
		"Component.String.u", "Carbon"}
	if got := strings.Split(importedModules([]byte(useSrc)), "\n"); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestExternalImports(t *testing.T) {
	want := []string{"Illuminate", "Symfony", "Carbon"}
	if got := externalImports(strings.Split(useSrc, "\n")); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestPHPTests(t *testing.T) {
	tests := []string{"tests/Feature/OrderControllerTest.php", "tests/Unit/Models/OrderTest.php", "tests/Unit/OrderTest.php",
		"packages/billing/tests/OrderTest.php", "app/OrderTest.php"}
	for _, tc := range []struct {
		source string
		named  []string
	}{
		{"app/Models/Order.php", []string{"tests/Unit/Models/OrderTest.php", "tests/Unit/OrderTest.php", "packages/billing/tests/OrderTest.php"}},
		{"app/Http/Controllers/OrderController.php", []string{"tests/Feature/OrderControllerTest.php"}},
		{"app/Models/Order.py", nil},
	} {
		if diff := cmp.Diff(tc.named, phpTests(tc.source, tests).Named); diff != "" {
			t.Errorf("%s: %s", tc.source, diff)
		}
	}
}

func TestTestNames(t *testing.T) {
	src := `<?php
class OrderTest extends TestCase
{
    public function test_it_totals(): void {}

    public function testCancels() {}

    #[Test]
    #[DataProvider('amounts')]
    public function refunds(int $amount): void {}

    /** @test */
    public function it_ships() {}

    /**
     * A helper.
     */
    private function makeOrder() {}
}
`
	want := []string{"test_it_totals", "testCancels", "refunds", "it_ships"}
	if got := Lang.TestNames([]byte(src)); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestDeclares(t *testing.T) {
	if !declares("    public function show(Order $order)", "show") || !declares("function &ref()", "ref") || declares("$this->show($x)", "show") {
		t.Error("declares does not read function name(")
	}
}

// TestOpening: a file's head, parsed with each part of it, is its <?php
// tag and the declare and namespace statements after it; a template, or a
// file with two namespace statements, is not split.
func TestOpening(t *testing.T) {
	for src, want := range map[string]int{
		"<?php\n\nclass A {}\n":               5,
		"#!/usr/bin/env php\n<?php\nfoo();\n": 24,
		"<?php\n/** Doc. */\ndeclare(strict_types=1);\n\nnamespace App\\Models;\n\nuse X;\n": 65,
		"<?php declare(strict_types=1); namespace A; class B {}\n":                           43,
		"<?php\nnamespace A {\n    class B {}\n}\n":                                          5,
		"<html><?php echo 1; ?></html>\n":                                                    -1,
		"<?php\nnamespace A;\nclass B {}\nnamespace C;\nclass D {}\n":                        -1,
	} {
		n, ok := opening([]byte(src))
		if !ok {
			n = -1
		}
		if n != want {
			t.Errorf("opening(%q) = %d, want %d", src, n, want)
		}
	}
}

// TestHead: a function's head is its name; a migration's statement also
// names the columns its calls declare without spelling them.
func TestHead(t *testing.T) {
	for src, want := range map[string]string{
		"function helper(int $a) { return $a; }\n": "helper",
		"#[Pure]\nfunction &ref() {}\n":            "ref",
		"final class A {}\n":                       "final class A {}\n",
		"Schema::table('t', function ($table) {\n    $table->timestamps();\n    $table->morphs('taggable');\n    $table->foreignIdFor(\\App\\Models\\User::class);\n    $table->string('sku');\n});\n": "Schema::table('t', function ($table) {\n    $table->timestamps();\n    $table->morphs('taggable');\n    $table->foreignIdFor(\\App\\Models\\User::class);\n    $table->string('sku');\n});\n created_at updated_at taggable_id taggable_type user_id",
	} {
		if got := string(phpHead([]byte(src))); got != want {
			t.Errorf("phpHead(%q) = %q, want %q", src, got, want)
		}
	}
}
