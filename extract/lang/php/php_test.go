package php

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

const defsSrc = `<?php

declare(strict_types=1);

namespace App\Models;

use Illuminate\Database\Eloquent\Model;

/** The most items in a cart. */
const MAX_ITEMS = 10;

define('APP_VERSION', '1.2.0');

/**
 * An order.
 */
#[Audited]
final class Order extends Model implements HasTotal
{
    use HasFactory;

    public const STATUS_OPEN = 'open';

    protected $table = 'shop_orders';

    private int $total = 0;

    public function __construct(private readonly Mailer $mailer)
    {
        parent::__construct();
    }

    /** Cancels the order. */
    public function cancel(string $reason): void
    {
        $this->status = 'cancelled';
    }

    public static function open(): static
    {
        return new static();
    }

    private function audit(): void {}
}

interface HasTotal extends \Countable
{
    public function total(): int;
}

trait HasFactory
{
    public static function factory(): Factory { return new Factory(); }
}

enum Status: string
{
    case Open = 'open';
    case Paid = 'paid';

    public function label(): string
    {
        return ucfirst($this->value);
    }
}

class PaymentFailed extends \RuntimeException {}

function format_total(int $cents): string
{
    return number_format($cents / 100, 2);
}

if (! function_exists('money')) {
    function money(int $cents): string
    {
        return format_total($cents);
    }
}

$handler = function () {
    function nested() {}
};
$shop = new class {
    public function hidden() {}
};
`

func TestPHPDefinitions(t *testing.T) {
	order := "/**\n * An order.\n */\n#[Audited]\nfinal class Order extends Model implements HasTotal\n{\n    use HasFactory;\n\n" +
		"    public const STATUS_OPEN = 'open';\n\n    protected $table = 'shop_orders';\n\n    private int $total = 0;\n\n" +
		"    public function __construct(private readonly Mailer $mailer)\n    { ... }\n\n    /** Cancels the order. */\n" +
		"    public function cancel(string $reason): void\n    { ... }\n\n    public static function open(): static\n    { ... }\n\n" +
		"    private function audit(): void { ... }\n}"
	want := []def{
		{"MAX_ITEMS", "", extract.KindConstant, "Constant", true, 9, 10, "/** The most items in a cart. */\nconst MAX_ITEMS = 10;"},
		{"APP_VERSION", "", extract.KindConstant, "Constant", true, 12, 12, "define('APP_VERSION', '1.2.0');"},
		{"Order", "", extract.KindSchema, "Model", true, 14, 45, order},
		{"STATUS_OPEN", "Order", extract.KindConstant, "Constant", true, 22, 22, "public const STATUS_OPEN = 'open';"},
		{"__construct", "Order", extract.KindMethod, "Method Signature", true, 28, 28, "public function __construct(private readonly Mailer $mailer)"},
		{"cancel", "Order", extract.KindMethod, "Method Signature", true, 33, 34, "/** Cancels the order. */\npublic function cancel(string $reason): void"},
		{"open", "Order", extract.KindMethod, "Method Signature", true, 39, 39, "public static function open(): static"},
		{"audit", "Order", extract.KindMethod, "Method Signature", false, 44, 44, "private function audit(): void"},
		{"HasTotal", "", extract.KindInterface, "Interface", true, 47, 50, "interface HasTotal extends \\Countable\n{\n    public function total(): int;\n}"},
		{"total", "HasTotal", extract.KindMethod, "Method Signature", true, 49, 49, "public function total(): int;"},
		{"HasFactory", "", extract.KindInterface, "Trait", true, 52, 55, "trait HasFactory\n{\n    public static function factory(): Factory { ... }\n}"},
		{"factory", "HasFactory", extract.KindMethod, "Method Signature", true, 54, 54, "public static function factory(): Factory"},
		{"Status", "", extract.KindEnum, "Enum", true, 57, 66, "enum Status: string\n{\n    case Open = 'open';\n    case Paid = 'paid';\n\n    public function label(): string\n    { ... }\n}"},
		{"label", "Status", extract.KindMethod, "Method Signature", true, 62, 62, "public function label(): string"},
		{"PaymentFailed", "", extract.KindError, "Error", true, 68, 68, "class PaymentFailed extends \\RuntimeException {}"},
		{"format_total", "", extract.KindFunction, "Function Signature", true, 70, 70, "function format_total(int $cents): string"},
		{"money", "", extract.KindFunction, "Function Signature", true, 76, 76, "function money(int $cents): string"},
	}
	if diff := cmp.Diff(want, defsOf(t, "app/Models/Order.php", defsSrc)); diff != "" {
		t.Error(diff)
	}
}

// TestNamespacesAndBases: a definition knows the namespace it is declared
// in (a braced one, or the statement above it; define() declares a
// global constant), and the classes, interfaces and traits it extends,
// implements and uses.
func TestNamespacesAndBases(t *testing.T) {
	var got []string
	for _, d := range langtest.Definitions(t, Lang, "app/Models/Order.php", defsSrc) {
		got = append(got, fmt.Sprintf("%s %q %v", d.QualifiedName(), d.Namespace, d.Bases))
	}
	src := "<?php\nnamespace Billing {\n    class Invoice {}\n}\nnamespace {\n    function helper() {}\n}\n"
	for _, d := range langtest.Definitions(t, Lang, "lib/billing.php", src) {
		got = append(got, fmt.Sprintf("%s %q %v", d.QualifiedName(), d.Namespace, d.Bases))
	}
	want := []string{
		`MAX_ITEMS "App.Models" []`, `APP_VERSION "" []`, `Order "App.Models" [Model HasTotal HasFactory]`,
		`Order.STATUS_OPEN "App.Models" []`, `Order.__construct "App.Models" []`, `Order.cancel "App.Models" []`,
		`Order.open "App.Models" []`, `Order.audit "App.Models" []`, `HasTotal "App.Models" [Countable]`,
		`HasTotal.total "App.Models" []`, `HasFactory "App.Models" []`, `HasFactory.factory "App.Models" []`,
		`Status "App.Models" []`, `Status.label "App.Models" []`, `PaymentFailed "App.Models" [RuntimeException]`,
		`format_total "App.Models" []`, `money "App.Models" []`,
		`Invoice "Billing" []`, `helper "" []`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// TestMembers: a type's properties (promoted ones after their
// constructor), constants, methods, enum cases and the traits it uses
// are members, each with its attributes and doc comment; a model's
// columns as its $fillable and $casts list them one a line; a migration's
// columns, those a method declares by itself too.
func TestMembers(t *testing.T) {
	src := `<?php
class Order extends Model
{
    use HasFactory, SoftDeletes;

    /** Open orders. */
    public const OPEN = 'open', PAID = 'paid';

    #[Column]
    private ?string $note = null, $ref;

    protected $fillable = [
        'total',
        'customer_id',
    ];

    protected $casts = [
        'paid_at' => 'datetime',
    ];

    protected $hidden = ['secret'];

    public function __construct(private Mailer $mailer, public int $tries = 3) {}

    public function customer(): BelongsTo
    {
        return $this->belongsTo(Customer::class);
    }
}
enum Status
{
    case Open;
    case Paid;
}
return new class extends Migration {
    public function up(): void
    {
        Schema::create('orders', function (Blueprint $table) {
            $table->id();
            $table->foreignId('customer_id')->constrained();
            $table->foreignIdFor(Store::class);
            $table->string('status', 20)->default('open');
            $table->morphs('billable');
            $table->timestamps();
            $table->softDeletes();
            $table->index('status');
        });
    }
};
`
	got := langtest.Summaries(t, Lang, "app/Models/Order.php", src)
	want := []string{
		"schema Model Order 2-29 [HasFactory@4 OPEN@6-7 PAID@7 note@9-10 ref@10 fillable@12-15 total@13 customer_id@14 casts@17-19 paid_at@18 " +
			"hidden@21 __construct@23() mailer@23 tries@23 customer@25-28:Customer()]",
		"constant Constant OPEN 6-7 []",
		"constant Constant PAID 6-7 []",
		"method Method Signature __construct 23-23 []",
		"method Method Signature customer 25-25 []",
		"enum Enum Status 30-34 [Open@32 Paid@33]",
		"schema Table orders 38-47 [id@39 customer_id@40:customer store_id@41:Store status@42 billable_id@43 billable_type@43 " +
			"created_at@44 updated_at@44 deleted_at@45]",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// TestSchemasAndErrors: Eloquent models are schemas, also named by the
// table their $table names, Doctrine entities by theirs; a migration's Schema::create declares a table and
// Schema::table amends it; exception classes are errors.
func TestSchemasAndErrors(t *testing.T) {
	src := `<?php
class OrderItem extends Model {}
class Category extends BaseModel {}
class Person extends Authenticatable {}
class Ledger { protected $table = 'ledger'; }

#[ORM\Entity]
#[ORM\Table(name: 'products')]
class Product {}

/**
 * @ORM\Entity
 * @ORM\Table(name="carts")
 */
class Cart {}

class InvalidCoupon extends \DomainException {}
class ApiError extends Error {}
class Helper extends Base {}

Schema::create('orders', function (Blueprint $table) {
    $table->id();
});
Schema::table('orders', function (Blueprint $table) {
    $table->string('note');
});
Schema::dropIfExists('orders');
`
	var got []string
	for _, d := range langtest.Definitions(t, Lang, "app/models.php", src) {
		got = append(got, fmt.Sprintf("%s %s %s %v %v", d.Name, d.Kind, d.Title, d.Aliases, d.Amends))
	}
	want := []string{
		"OrderItem schema Model [] false",
		"Category schema Model [] false",
		"Person schema Model [] false",
		"Ledger schema Model [ledger] false",
		"Product schema Entity [products] false",
		"Cart schema Entity [carts] false",
		"InvalidCoupon error Error [] false",
		"ApiError error Error [] false",
		"Helper type Class [] false",
		"orders schema Table [] false",
		"orders schema Table [] true",
		"note schema Column [] false",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// TestSettings: the keys of the array a configuration file returns are
// settings of the file's name (config('app.timezone')), with their
// comments; nested keys, and the arrays other files return, are none.
func TestSettings(t *testing.T) {
	src := `<?php

return [

    // The zone dates are shown in.
    'timezone' => 'UTC',

    'revision_limit' => env('REVISION_LIMIT', 100),

    'mail' => [
        'driver' => 'smtp',
    ],
];
`
	want := []def{
		{"timezone", "app", extract.KindConstant, "Setting", true, 5, 6, "// The zone dates are shown in.\n'timezone' => 'UTC'"},
		{"revision_limit", "app", extract.KindConstant, "Setting", true, 8, 8, "'revision_limit' => env('REVISION_LIMIT', 100)"},
		{"mail", "app", extract.KindConstant, "Setting", true, 10, 12, "'mail' => [\n    'driver' => 'smtp',\n]"},
	}
	if diff := cmp.Diff(want, defsOf(t, "config/app.php", src)); diff != "" {
		t.Error(diff)
	}
	if got := defsOf(t, "lang/en/app.php", src); len(got) != 0 {
		t.Errorf("a translation file's keys are settings: %v", got)
	}
}

// TestValues: the string values of constants, define() and enum cases,
// for a spec that quotes them.
func TestValues(t *testing.T) {
	got := langtest.Values(t, Lang, "app/Models/Order.php", defsSrc)
	want := []string{"APP_VERSION: 1.2.0", "Order: open (member STATUS_OPEN)", "STATUS_OPEN: open", "Status: open (member Open)",
		"Status: paid (member Paid)"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// TestMatchersAreTheQueries: on every PHP file of the fixtures and of
// hard cases, the matcher finds what php.scm finds.
func TestMatchersAreTheQueries(t *testing.T) {
	files := append(langtest.Sources(t),
		langtest.File{Name: "all.php", Data: []byte(defsSrc)},
		langtest.File{Name: "calls.php", Data: []byte(strings.Join([]string{
			"<?php",
			"const A = 1, B = FOO, C = self::X;",
			"define('X', 1); \\define('Y', 2); $f('z'); Foo\\bar();",
			"Schema::create('t', fn () => 1); \\Schema::table('t', fn () => 1); $x::create('u'); static::boot();",
			"class K { const D = E; public function m() { helper(); K::n(); } }",
			"enum E { case A; const B = 1; }",
			"$t->string('a')->nullable(); $t->id(); $t->string($x); $this->foo('b', 1); $a->b->c('d');",
			"return ['k' => 1, 'it\\'s' => 2, 'l', 3 => 'v', 'n' => ['m' => $r->get('x')]];",
		}, "\n"))},
		langtest.File{Name: "broken.php", Data: []byte("<?php\nclass {\nfunction (\nconst = ;\ndefine(\nSchema::create(\n")},
	)
	n := langtest.CheckMatchers(t, langs, files)
	if n < 30 {
		t.Fatalf("only %d matches compared", n)
	}
	t.Logf("%d matches compared", n)
}

// TestBrokenStatements: a statement that does not parse costs only
// itself: the definitions after it are found, the one it holds is
// reported broken, and nothing tree-sitter recovered out of it (an enum's
// constant, which the grammar does not read) is taken for a definition.
func TestBrokenStatements(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{"<?php\nnamespace App;\n\nfunction a( {\n\nclass After\n{\n    public function ok(): int { return 1; }\n}\n",
			[]string{"After:class After\n{\n    public function ok(): int { ... }\n}", "ok:public function ok(): int"}},
		{"<?php\nclass Broken {\n    public function x() {\n\nfunction after(): int { return 1; }\n",
			[]string{"after:function after(): int"}},
		{"<?php\nenum Status: string\n{\n    case Open = 'o';\n    const DEFAULT = self::Open;\n    public function label() {}\n}\n\nclass Next {}\n",
			[]string{"Status:", "Next:class Next {}"}},
	} {
		var got []string
		for _, d := range defsOf(t, "x.php", tc.src) {
			got = append(got, d.Name+":"+d.Text)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%q: %s", tc.src, diff)
		}
	}
}
