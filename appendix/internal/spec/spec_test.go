package spec

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func refNames(s *Spec) []string {
	var out []string
	for _, r := range s.Refs {
		out = append(out, r.Name)
	}
	return out
}

func TestParseCandidates(t *testing.T) {
	for _, tc := range []struct {
		name, spec string
		want       []string
	}{
		{"code spans", "Use `OrderRequest` and `placeOrder()` and `Order.total`.", []string{"OrderRequest", "placeOrder", "Order.total"}},
		{"conditions and typed values", "It carries `Event: model.EventCron` and runs unless `p.Event == model.EventCron` or `!cron.Enabled && queue.Paused`.",
			[]string{"model.EventCron", "cron.Enabled", "queue.Paused"}},
		{"letters beyond ASCII", "Log at `Loggnivå`; `JournalførMeldekortService.journalførNyeMeldekort` throws `OptimistiskLåsFeil`, not `→`, " +
			"nor units and symbols: `µs`, `m²`, `θ`, `Δt`.",
			[]string{"Loggnivå", "JournalførMeldekortService.journalførNyeMeldekort", "OptimistiskLåsFeil"}},
		{"receiver and jsx", "Call `(*Server).cancel` from `<OrderTicket />`.", []string{"Server.cancel", "OrderTicket"}},
		{"call with args", "Then `placeOrder(creds, order)` runs.", []string{"placeOrder"}},
		{"prose code-like", "The CostTracker uses parse_spec and MAX_RETRIES and store.PlaceOrder.", []string{"CostTracker", "parse_spec", "MAX_RETRIES", "store.PlaceOrder"}},
		{"paths", "Edit `backend/app/crud.py` and worker/src/types.ts but not and/or.", []string{"backend/app/crud.py", "worker/src/types.ts"}},
		{"ordinary words", "The API returns JSON to GitHub users via TypeScript, e.g. a URL. It is fast.", nil},
		{"not code spans", "Run `make test` or `--round 2` or `true` or `/usr/local/share/doc/go/x`.", nil},
		{"requirement words", "Implementations `MUST` set it and `MAY` merge `Gateways`; `SHOULD` is advice.", []string{"Gateways"}},
		{"urls", "See [transparency](https://en.wikipedia.org/wiki/Referential_transparency_(computer_science)) and `OrderRepo`.", []string{"OrderRepo"}},
		{"class literals", "Dispatch `ProcessReminders::class` after `Order::class.java`.", []string{"ProcessReminders", "Order"}},
		{"trailing blocks", "Call `RateLimitConfig.global { }` and `HttpRequestBuilder.retry { ... }` once.", []string{"RateLimitConfig.global", "HttpRequestBuilder.retry"}},
		{"http methods", "Call `PUT` on `Configuration`, then `DELETE` it with `POST /items`.", []string{"Configuration", "POST /items"}},
		{"routes", "Add `POST /items/{id}/tags` and `/replicate_webhook`; GET /orders stays. See `/docs/a.md`.", []string{"POST /items/{id}/tags", "/replicate_webhook", "GET /orders", "/docs/a.md"}},
		{"field words", "Add a `status` field and a `retries` column to `orders`.", []string{"status", "retries", "orders"}},
		{"file names", "See `README.md` and spec.md.", []string{"README.md"}},
		{"images", "![batch_read.png](../static/img/batch_read.png) shows `batch_read.png`.", []string{"batch_read.png"}},
		{"fenced code", "Intro.\n\n```go\nfunc NewCostTracker(opts TrackerOptions) *CostTracker\n```\n", []string{"NewCostTracker", "TrackerOptions", "CostTracker"}},
		{"tilde fence", "~~~\nplace_order()\n~~~\n", []string{"place_order"}},
		{"duplicates merge", "`Order` here. `Order` there.", []string{"Order"}},
		{"signatures", "Add `DefragmentAsync(ctx, endpoint) (*DefragmentResponse, error)` and `giftCardBulkExtendExpiry(ids: [ID!]!, input: X!)`, not `f(a`.",
			[]string{"DefragmentAsync", "giftCardBulkExtendExpiry"}},
		{"members after # and ::", "Call `OwnerController#showOwner(int)` and `Owner::getPets`; OwnerRepository#findByLastName in prose, " +
			"not C# or issue #12 or page#anchor; `README.md#usage` is the file.",
			[]string{"OwnerController.showOwner", "Owner.getPets", "OwnerRepository.findByLastName", "README.md"}},
		{"ruby methods", "Call `User#admin?`, `Order#cancel!`, `Account.active?` and `Admin::UsersController#create`; prose Invoice#paid? and " +
			"Cart#empty! too, and `app/models/user.rb`.",
			[]string{"User.admin", "Order.cancel", "Account.active", "Admin.UsersController.create", "Invoice.paid", "Cart.empty", "app/models/user.rb"}},
		{"decorators", "Use the `@connection` decorator or `@relay.node(id=1)`; not `@scope/pkg`.", []string{"connection", "relay.node", "@scope/pkg"}},
		{"generics", "A `configoptional.Optional[exporterhelper.QueueBatchConfig]`, a `Result<Order, ApiError>` and a `map[string]int`.",
			[]string{"configoptional.Optional", "exporterhelper.QueueBatchConfig", "Result", "Order", "ApiError"}},
		{"paths of names", "Call `Order::new()` and `crate::billing::charge`, then `OrderStatus::Cancelled`; `super::db::Pool`, `Vec<crate::models::Order>`, " +
			"`::std::fmt::Display` and prose Store::get_order or ApiError::NotFound. Not `a[::2]` nor `fe80::1`.",
			[]string{"Order.new", "billing.charge", "OrderStatus.Cancelled", "db.Pool", "Vec", "models.Order", "std.fmt.Display", "Store.get_order", "ApiError.NotFound"}},
		{"PHP names", "Store `App\\Models\\Order` through `\\App\\Models\\Order::create()`; `Order->cancel()`, `$order->refund()`, `OrderController@store` " +
			"and `\\RuntimeException`; prose App\\Http\\HttpKernel and Invoice->pay(). Not `\\d+`, `C:\\temp` nor `user@example.com`.",
			[]string{"App.Models.Order", "App.Models.Order.create", "Order.cancel", "order.refund", "OrderController.store", "RuntimeException",
				"App.Http.HttpKernel", "Invoice.pay"}},
		{"macros", "Use `sqlx::query_as!` and `my_macro!(a, b)` or `vec![1]`; prose println! is prose.", []string{"sqlx.query_as", "my_macro", "vec"}},
		{"C# names", "`IRepository<Order>.GetByIdAsync` returns `Order?`; `nameof(Order.Status)` and `global::Shop.Orders.Invoice` name " +
			"theirs. The IOrderRepository and IMediator interfaces, not IDs.", []string{"IRepository.GetByIdAsync", "Order", "Order.Status",
			"Shop.Orders.Invoice", "IOrderRepository", "IMediator"}},
		{"C# declarations", "Add `public sealed class RefundPolicy : IRefundPolicy`, `public record struct Money(long Cents)`, " +
			"`public async Task<bool> Handle(CancelOrderCommand command, CancellationToken ct)`, `public decimal Total { get; set; }`, " +
			"`Task<Order> GetAsync(int orderId);` and `private const int MaxRetries = 3`; not `await fetch(url)`, `return Build(x)` " +
			"nor `PRIMARY KEY (store, ulid)`.",
			[]string{"RefundPolicy", "Money", "Handle", "Total", "GetAsync", "MaxRetries"}},
		{"C and C++ names", "Call `order_create()` on a `struct order`, read `client->db` and `c->db->id`, then `shop::orders::Order::cancel`, " +
			"`Order::~Order` and `std::vector<Order>`; `union value`, `enum status` and `#define MAX_ORDERS` stay; prose order_create(), " +
			"DBImpl::CompactRange and client->db too.",
			[]string{"order_create", "order", "client.db", "c.db.id", "shop.orders.Order.cancel", "std.vector", "Order", "value", "status",
				"MAX_ORDERS", "DBImpl.CompactRange"}},
		{"non-null assertions", "Read `currentSession.userId!` and the `expiresAt!` field; later `expiresAt` is cleared. " +
			"`Order#cancel!` and `Order#cancel` are two methods.",
			[]string{"currentSession.userId", "expiresAt", "Order.cancel", "Order.cancel"}},
		{"Django route patterns", "Next to the existing `^trash/` route we add `^trash/purge/$`.",
			[]string{"^trash/", "^trash/purge/$"}},
		{"Ruby symbols declared", "`Version` gets `has_one :deletion` and `scope :yanked, -> { where(indexed: false) }`; " +
			"`User` keeps `has_many :deletions, dependent: :nullify`.",
			[]string{"Version", "Version.deletion", "Version.yanked", "User", "deletions"}},
		{"Ruby predicates called", "The policy calls `api_key_scope?(:yank_rubygem, rubygem)` and `user_authorized?(rubygem, :unyank?)`; " +
			"gate it with `FeatureFlag.enabled?(:unyank_api, user)`.",
			[]string{"api_key_scope", "user_authorized", "FeatureFlag.enabled"}},
		{"cross-references", "Use {class}`~wagtail.admin.viewsets.model.ModelViewSetGroup`, :meth:`~.ViewSetGroup.register` and {func}`the map <utils.map_block_value>`.",
			[]string{"wagtail.admin.viewsets.model.ModelViewSetGroup", "ViewSetGroup.register", "utils.map_block_value"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := refNames(Parse("spec.md", []byte(tc.spec)))
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Error(diff)
			}
		})
	}
}

func TestParseAttributes(t *testing.T) {
	sp := `# Title with ` + "`Heading`" + `

We extend ` + "`Order`" + ` in
` + "`internal/orders/order.go`" + `. The ` + "`Store`" + ` interface stays.

- ` + "`orders`" + ` table is read by ` + "`Sync`" + `.

` + "```" + `
Fenced
` + "```" + `
The PaymentService class is new. Rename ` + "`oldName`" + `.

Set the ` + "`Gamma`" + ` value. Do not modify ` + "`Delta`" + `.
`
	s := Parse("spec.md", []byte(sp))
	byName := map[string]Ref{}
	for _, r := range s.Refs {
		byName[r.Name] = r
	}
	for _, tc := range []struct {
		name     string
		line     int
		src      Source
		modified bool
		strong   bool
		hint     Hint
		path     string
	}{
		{"Heading", 1, FromCode, false, true, HintNone, ""},
		{"Order", 3, FromCode, true, true, HintNone, "internal/orders/order.go"},
		{"Store", 4, FromCode, false, true, HintInterface, ""},
		{"orders", 6, FromCode, false, true, HintTable, ""},
		{"Sync", 6, FromCode, false, true, HintNone, ""},
		{"PaymentService", 11, FromProse, false, true, HintType, ""},
		{"oldName", 11, FromCode, true, true, HintNone, ""},
		{"Gamma", 13, FromCode, false, true, HintField, ""},
	} {
		r, ok := byName[tc.name]
		if !ok {
			t.Errorf("%s: not found in %v", tc.name, refNames(s))
			continue
		}
		got := []any{r.Line, r.Source, r.Modified, r.Strong, r.Hint, r.Path}
		want := []any{tc.line, tc.src, tc.modified, tc.strong, tc.hint, tc.path}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s (line, source, modified, strong, hint, path): %s", tc.name, diff)
		}
	}
	if byName["Delta"].Modified {
		t.Error("\"Do not modify `Delta`\" marked Delta modified")
	}
	if _, ok := byName["Fenced"]; ok {
		t.Error("a plain word in a fence became a reference")
	}
}

func TestProseCamelCaseIsWeak(t *testing.T) {
	s := Parse("spec.md", []byte("The Dashboard shows a ProgressBar.\n"))
	for _, r := range s.Refs {
		if r.Strong {
			t.Errorf("%s is strong: an unresolved prose word would become a false gap", r.Name)
		}
	}
}

// TestHandleIsNoDecorator: a bare lowercase `@word` is as often a
// person's handle as a decorator: a gap only when called or when the
// wording says it is a decorator.
func TestHandleIsNoDecorator(t *testing.T) {
	s := Parse("spec.md", []byte("* **Owners:**\n  * `@fpetkovski`\n\nUse the `@connection` decorator, `@cached(ttl=5)` and `@relay.node`.\n"))
	want := map[string]bool{"fpetkovski": false, "connection": true, "cached": true, "relay.node": true}
	for _, r := range s.Refs {
		if w, ok := want[r.Name]; ok && r.Strong != w {
			t.Errorf("%s: strong %v, want %v", r.Name, r.Strong, w)
		}
	}
}

func TestCompatRefs(t *testing.T) {
	s := Parse("spec.md", []byte("The new flow must stay backward compatible with `LegacyClient`.\nWe must not change `Store.Put`. Maintain `Api.v1` API.\nAdd `Thing`.\n"))
	got := map[string]bool{}
	for _, r := range s.Refs {
		got[r.Name] = r.Compat
	}
	if diff := cmp.Diff(map[string]bool{"LegacyClient": true, "Store.Put": true, "Api.v1": true, "Thing": false}, got); diff != "" {
		t.Error(diff)
	}
}

// TestFenceDeclarations: a name the spec's own code block declares is a
// strong, proposed reference; a name the block only uses stays weak.
func TestFenceDeclarations(t *testing.T) {
	src := "# Spec\n\n```go\ntype MachineTaint struct {\n\tKey string\n}\n\nfunc (m *Machine) Taints() []MachineTaint\n```\n\n```sql\nCREATE TABLE IF NOT EXISTS machine_taints (\n  id INT\n);\n```\n"
	refs := map[string]Ref{}
	for _, r := range Parse("spec.md", []byte(src)).Refs {
		refs[r.Name] = r
	}
	for _, name := range []string{"MachineTaint", "Machine.Taints", "machine_taints"} {
		if r, ok := refs[name]; !ok || !r.Strong || !r.Proposed {
			t.Errorf("%s: want a strong proposed reference, got %+v (found %v)", name, r, ok)
		}
	}
	if r := refs["Key"]; r.Strong {
		t.Errorf("Key is only used in the block, yet strong: %+v", r)
	}
	if _, ok := refs[""]; ok {
		t.Error("an empty name was read as a reference")
	}
}

// TestRustDeclarations: what a Rust block declares at its margin is the
// spec's own (a method, with self first, is not: alone it says nothing of
// whose it is); a code span that declares a name says what and in which
// language.
func TestRustDeclarations(t *testing.T) {
	src := "# Spec\n\n```rust\npub(crate) struct RetryPolicy {\n    pub max: u32,\n}\n\npub trait Notifier: Send {}\n\npub async fn notify_all(n: &dyn Notifier) {}\n\n" +
		"impl Order {\n    pub fn cancel(&mut self) {}\n}\n\nfn archive(&self) -> bool {}\n```\n\nThen `pub fn create_order(req: Json<NewOrder>)` and `pub(crate) static POOL: Lazy<Pool>` change.\n"
	refs := map[string]Ref{}
	for _, r := range Parse("spec.md", []byte(src)).Refs {
		refs[r.Name] = r
	}
	for _, name := range []string{"RetryPolicy", "Notifier", "notify_all"} {
		if r, ok := refs[name]; !ok || !r.Strong || !r.Proposed {
			t.Errorf("%s: want a strong proposed reference, got %+v (found %v)", name, r, ok)
		}
	}
	for _, name := range []string{"Order", "cancel", "archive"} {
		if r := refs[name]; r.Proposed {
			t.Errorf("%s is no declaration of the block's, yet %+v", name, r)
		}
	}
	if r := refs["create_order"]; !r.Strong || r.Hint != HintFunction || r.Lang != "rust" {
		t.Errorf("create_order: want a strong Rust function, got %+v", r)
	}
	if r := refs["POOL"]; !r.Strong || r.Hint != HintConstant {
		t.Errorf("POOL: want a strong constant, got %+v", r)
	}
}

// TestRubyDeclarations: what a Ruby block declares at its margin is the
// spec's own, but a class method (def self.x), which says nothing of whose
// it is alone; a code span that declares a method with its ? or !, a class
// method, or a class by its path says what it is.
func TestRubyDeclarations(t *testing.T) {
	src := "# Spec\n\n```ruby\nmodule Refunds\nend\n\nclass RefundPolicy < ApplicationPolicy\n  def applies?(order)\n  end\nend\n\n" +
		"def self.helper\nend\n```\n\nThen `def cancel!(reason)`, `def self.find_by_email(email)`, `def refundable?` and " +
		"`class Admin::UsersController < ApplicationController` change.\n"
	refs := map[string]Ref{}
	for _, r := range Parse("spec.md", []byte(src)).Refs {
		refs[r.Name] = r
	}
	for _, name := range []string{"Refunds", "RefundPolicy"} {
		if r, ok := refs[name]; !ok || !r.Strong || !r.Proposed {
			t.Errorf("%s: want a strong proposed reference, got %+v (found %v)", name, r, ok)
		}
	}
	for _, name := range []string{"applies", "helper", "self"} {
		if r := refs[name]; r.Proposed {
			t.Errorf("%s is no declaration of the block's, yet %+v", name, r)
		}
	}
	for name, hint := range map[string]Hint{"cancel": HintFunction, "find_by_email": HintFunction, "refundable": HintFunction,
		"Admin.UsersController": HintType} {
		if r, ok := refs[name]; !ok || !r.Strong || r.Hint != hint {
			t.Errorf("%s: want a strong %s, got %+v (found %v)", name, hint, r, ok)
		}
	}
}

// TestKotlinDeclarations: what a Kotlin block declares at its margin is
// the spec's own, after its modifiers (data class, enum class, suspend
// fun), an extension function as its receiver's; a code span that
// declares a name says what, and that it is Kotlin when only Kotlin says
// so (fun, val, object).
func TestKotlinDeclarations(t *testing.T) {
	src := "# Spec\n\n```kotlin\ndata class RefundPolicy(\n    val days: Int,\n)\n\nenum class RefundReason {\n    DAMAGED,\n}\n\n" +
		"sealed class RefundResult {\n    object Done : RefundResult()\n}\n\nfun Order.refund(policy: RefundPolicy): RefundResult = TODO()\n\n" +
		"suspend fun notifyRefund(id: Long) {}\n\nobject RefundDefaults {\n    const val WINDOW_DAYS = 30\n}\n\nfun interface RefundListener {\n    fun onRefund()\n}\n```\n\n" +
		"Then `fun refund(order: Order): Refund`, `data class Refund(val x: Int)`, `enum class Reason`, `object Defaults`, `const val MAX_RETRIES = 3`, " +
		"`val maxRetries: Int`, `fun Order.cancel()` and `typealias OrderId = Long` change.\n"
	refs := map[string]Ref{}
	for _, r := range Parse("spec.md", []byte(src)).Refs {
		refs[r.Name] = r
	}
	for _, name := range []string{"RefundPolicy", "RefundReason", "RefundResult", "Order.refund", "notifyRefund", "RefundDefaults", "RefundListener"} {
		if r, ok := refs[name]; !ok || !r.Strong || !r.Proposed {
			t.Errorf("%s: want a strong proposed reference, got %+v (found %v)", name, r, ok)
		}
	}
	for _, name := range []string{"class", "val", "Done", "WINDOW_DAYS", "onRefund", "interface"} {
		if r := refs[name]; r.Proposed {
			t.Errorf("%s is no declaration of the block's, yet %+v", name, r)
		}
	}
	for name, want := range map[string][2]string{
		"refund": {"function", "kotlin"}, "Refund": {"type", ""}, "Reason": {"enum", ""}, "Defaults": {"type", ""}, // C# declares a field with `object` too
		"MAX_RETRIES": {"constant", "kotlin"}, "maxRetries": {"constant", "kotlin"}, "Order.cancel": {"function", "kotlin"},
		"OrderId": {"type", ""}, // Swift declares with typealias too
	} {
		if r := refs[name]; !r.Strong || string(r.Hint) != want[0] || r.Lang != want[1] {
			t.Errorf("%s: want a strong %s of %q, got %+v", name, want[0], want[1], r)
		}
	}
}

// TestSwiftDeclarations: what a Swift block declares at its margin is the
// spec's own, but an extension, which adds to a type the repository has,
// and the methods inside it; a member named with its argument labels is
// the member; a code span that declares a protocol says so, and Swift.
func TestSwiftDeclarations(t *testing.T) {
	src := "# Spec\n\n```swift\nfinal class RefundPolicy: Model {\n    func applies(to order: Order) -> Bool { true }\n}\n\n" +
		"protocol Notifier: Sendable {}\n\nactor RefundQueue {}\n\npublic typealias RefundID = UUID\n\n" +
		"extension Order {\n    func cancel(reason: String) {}\n}\n```\n\nThen `Order.cancel(reason:)`, `Order.refund(_:)`, " +
		"`Order.init(id:total:)`, `protocol OrderStore` and `actor Ledger` change.\n"
	refs := map[string]Ref{}
	for _, r := range Parse("spec.md", []byte(src)).Refs {
		refs[r.Name] = r
	}
	for _, name := range []string{"RefundPolicy", "Notifier", "RefundQueue", "RefundID"} {
		if r, ok := refs[name]; !ok || !r.Strong || !r.Proposed {
			t.Errorf("%s: want a strong proposed reference, got %+v (found %v)", name, r, ok)
		}
	}
	for _, name := range []string{"Order", "applies", "cancel"} {
		if r := refs[name]; r.Proposed {
			t.Errorf("%s is no declaration of the block's, yet %+v", name, r)
		}
	}
	for _, name := range []string{"Order.cancel", "Order.refund", "Order.init"} {
		if r, ok := refs[name]; !ok || !r.Strong {
			t.Errorf("%s: want a strong reference, got %+v (found %v)", name, r, ok)
		}
	}
	for name, hint := range map[string]Hint{"OrderStore": HintInterface, "Ledger": HintType} {
		if r, ok := refs[name]; !ok || !r.Strong || r.Hint != hint || r.Lang != "swift" {
			t.Errorf("%s: want a strong Swift %s, got %+v (found %v)", name, hint, r, ok)
		}
	}
}

// TestFenceMethods: a method in a code block, nested in the class the
// block declares or shown without its class (its first parameter is self
// or cls), is no name the spec introduces: alone, its name does not say
// which class's it is.
func TestFenceMethods(t *testing.T) {
	src := "# Guide\n\n```python\nclass HighScoreSerializer(BaseSerializer):\n    def to_representation(self, instance):\n        pass\n```\n\n" +
		"```python\ndef create(self, validated_data):\n    return HighScore(**validated_data)\n\ndef archive_scores(days):\n    pass\n```\n"
	refs := map[string]Ref{}
	for _, r := range Parse("spec.md", []byte(src)).Refs {
		refs[r.Name] = r
	}
	if r := refs["HighScoreSerializer"]; !r.Strong || !r.Proposed {
		t.Errorf("HighScoreSerializer: want a strong proposed reference, got %+v", r)
	}
	if r := refs["archive_scores"]; !r.Strong || !r.Proposed {
		t.Errorf("archive_scores: want a strong proposed reference, got %+v", r)
	}
	if r := refs["to_representation"]; r.Strong || r.Proposed {
		t.Errorf("to_representation is a method of the block's class, yet %+v", r)
	}
	if r := refs["create"]; r.Strong || r.Proposed || r.Sketch == nil {
		t.Errorf("create is a method shown without its class: want a weak sketch, got %+v", r)
	}
}

// TestFenceSketch: a method shown without its type keeps what tells whose
// it is: its parameters' types and the members of its own type its body
// uses, up to the end of its body.
func TestFenceSketch(t *testing.T) {
	src := "# Spec\n\n```rust\nfn call(&mut self, req: HecRequest, cx: &mut Context<'_>) -> Self::Future {\n" +
		"    let svc = self.batch_service.clone();\n    self.ack_client.register(req.id);\n}\n\nfn poll_ready(&mut self) -> Poll<()> {\n    Poll::Ready(())\n}\n\nfn helper(x: u32) {\n    self.unrelated.go();\n}\n```\n\n" +
		"```ruby\ndef self.refresh\n  @cache.clear\nend\n```\n"
	refs := map[string]Ref{}
	for _, r := range Parse("spec.md", []byte(src)).Refs {
		refs[r.Name] = r
	}
	want := map[string]Sketch{
		"call":       {Params: []string{"HecRequest", "Context"}, Fields: []string{"batch_service", "ack_client"}},
		"refresh":    {Fields: []string{"cache"}},
		"poll_ready": {}, // (its result's `Poll<()>` is no parameter)
	}
	for name, w := range want {
		r := refs[name]
		if r.Sketch == nil || !slices.Equal(r.Sketch.Params, w.Params) || !slices.Equal(r.Sketch.Fields, w.Fields) {
			t.Errorf("%s: sketch %+v, want %+v", name, r.Sketch, w)
		}
	}
	if r := refs["helper"]; r.Sketch != nil {
		t.Errorf("helper takes no self: no sketch, got %+v", r.Sketch)
	}
}

// TestIndentedCodeBlocks: lines indented four columns past their margin,
// after a blank line, are code: their names are fence references (weak,
// and a declaration there is the spec's own); a list item's paragraphs,
// indented less, stay prose.
func TestIndentedCodeBlocks(t *testing.T) {
	src := "# Guide\n\nUse it like this:\n\n    class HighScore(models.Model):\n        created = HighScore.objects.get(pk=pk)\n\n" +
		"- An item\n  continued with `ItemContinued`.\n\n    A paragraph of the item, with `ItemParagraph`.\n\n" +
		"1. Step:\n\n        step_code = StepModel.objects.all()\n\nBack to `ProseName`.\n\n    after_list = ListEnded.objects.first()\n\n" +
		"!!! note\n\n    An admonition's text names `NoteName`.\n\n    ```python\n    in_note = NoteModel.objects.last()\n    ```\n"
	refs := map[string]Ref{}
	for _, r := range Parse("spec.md", []byte(src)).Refs {
		refs[r.Name] = r
	}
	for _, tc := range []struct {
		name   string
		source Source
		strong bool
	}{
		{"HighScore", FromFence, true}, // declared by the spec's own code: proposed
		{"HighScore.objects.get", FromFence, false},
		{"ItemContinued", FromCode, true},
		{"ItemParagraph", FromCode, true},
		{"StepModel.objects.all", FromFence, false},
		{"ProseName", FromCode, true},
		{"ListEnded.objects.first", FromFence, false},
		{"NoteName", FromCode, true},
		{"NoteModel.objects.last", FromFence, false},
	} {
		r, ok := refs[tc.name]
		if !ok {
			t.Errorf("%s: not a reference (have %v)", tc.name, refs)
			continue
		}
		if r.Source != tc.source || r.Strong != tc.strong {
			t.Errorf("%s: source %v strong %v, want source %v strong %v", tc.name, r.Source, r.Strong, tc.source, tc.strong)
		}
	}
	if got := string(ProseOnly([]byte(src))); strings.Contains(got, "objects") {
		t.Errorf("ProseOnly kept an indented code block:\n%s", got)
	}
}

// A spec points at code by a file and a line, by a package path and a
// name, and by a declaration written in a code span; each reads as that.
func TestPointers(t *testing.T) {
	type got struct {
		Name, File, Placed, Lang string
		At                       int
		IsPath                   bool
		Hint                     Hint
	}
	for _, tc := range []struct {
		spec string
		want []got
	}{
		{"The timer at `pkg/core/controller.go:807` and pkg/core/other.go#L12-L20.",
			[]got{{Name: "pkg/core/controller.go:807", File: "pkg/core/controller.go", At: 807, IsPath: true},
				{Name: "pkg/core/other.go:12", File: "pkg/core/other.go", At: 12, IsPath: true}}},
		{"See `main.go:12:4` and `a.go:0`.", []got{{Name: "main.go:12", File: "main.go", At: 12, IsPath: true}}},
		{"The patch in `internal/controllers/machine.patchNode` and `pkg/store.Reader.Read`.",
			[]got{{Name: "patchNode", Placed: "internal/controllers/machine"}, {Name: "Reader.Read", Placed: "pkg/store"}}},
		{"Not `github.com/org/repo.Client`, `docs/guide.md`, `cmd/tool.v2` or `node.kubernetes.io/`.",
			[]got{{Name: "github.com/org/repo.Client", IsPath: true}, {Name: "docs/guide.md", IsPath: true}, {Name: "cmd/tool.v2", IsPath: true},
				{Name: "node.kubernetes.io/", IsPath: true}}},
		{"The `service Maintenance` has `rpc Defragment(DefragmentRequest) returns (DefragmentResponse)`.",
			[]got{{Name: "Maintenance", Hint: HintInterface, Lang: "protobuf"}, {Name: "Defragment", Hint: HintFunction, Lang: "protobuf"}}},
		{"`func (s *Server) Serve(l net.Listener) error`, `type Config struct`, `class Order(Base):` and `model gpt-4`.",
			[]got{{Name: "Serve", Hint: HintFunction, Lang: "go"}, {Name: "Config", Hint: HintType}, {Name: "Order", Hint: HintType}}},
	} {
		var gs []got
		for _, r := range Parse("spec.md", []byte(tc.spec)).Refs {
			gs = append(gs, got{r.Name, r.File, r.Placed, r.Lang, r.At, r.IsPath, r.Hint})
		}
		if diff := cmp.Diff(tc.want, gs); diff != "" {
			t.Errorf("%s\n%s", tc.spec, diff)
		}
	}
}

// TestValued: what a reference's text may be read as a string value for:
// a code span's capitalized word, a key with a slash, a screaming name; a
// bare lowercase word only when the wording makes it a reference and it is
// no common word; never a fenced name, an endpoint, a call or a short one.
func TestValued(t *testing.T) {
	sp := Parse("spec.md", []byte("The check goes to `Retry`, keyed `cluster.x-k8s.io/labels-from-machine`, read from `APP_TOKEN`.\n\n"+
		"It writes `json` and `status` and `ok`, calls `prune()`, and adds a `pending` flag and a `status` field.\n\n"+
		"```yaml\nstate: RetryLater\n```\n\nSee `POST /items`.\n"))
	var got []string
	for i := range sp.Refs {
		if Valued(&sp.Refs[i]) {
			got = append(got, sp.Refs[i].Name)
		}
	}
	want := []string{"Retry", "cluster.x-k8s.io/labels-from-machine", "APP_TOKEN", "pending"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%v\n%s", refNames(sp), diff)
	}
}

// TestProposedNames: a name a clause introduces is proposed; one after a
// change word that is negated ("gains no field", "adds no column") is not,
// nor the type a declaration span gives a new name.
func TestProposedNames(t *testing.T) {
	src := "Add a `retries` field to `Job`. `Comment` gains no field: its `updatedAt` already tells clients. " +
		"The worker adds no `timeout` setting, and `Queue` gets a new `drain` method. A new field `korrigertFra: MeldekortId?`. " +
		"A new field `Phase: Phase`.\n"
	got := map[string]bool{}
	for _, r := range Parse("spec.md", []byte(src)).Refs {
		got[r.Name] = r.Proposed
	}
	want := map[string]bool{"retries": true, "Job": false, "Comment": false, "updatedAt": false, "timeout": false, "Queue": false, "drain": true,
		"korrigertFra": true, "MeldekortId": false, // (the new field's type: not the clause's)
		"Phase": true} // (a field named as its type: the field is new)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// TestProposedTableRows: a table under a lead-in that introduces its rows
// ("New fields on `model.Cron`:") proposes what its cells name, but what
// its last cell, the meaning, names; a table under any other lead-in
// proposes nothing.
func TestProposedTableRows(t *testing.T) {
	src := "New fields on `model.Cron`:\n\n| field | column | meaning |\n| --- | --- | --- |\n" +
		"| `FailureCount` | `failure_count` | consecutive failures |\n| `LastStatus` | `last_status` | a `StatusValue` |\n" +
		"| `StatusValueSet` | `set` | of a `StatusValue`'s kinds |\n\n" +
		"The fields today:\n\n| field | column |\n| --- | --- |\n| `Enabled` | `enabled` |\n"
	got := map[string]bool{}
	for _, r := range Parse("spec.md", []byte(src)).Refs {
		got[r.Name] = r.Proposed
	}
	want := map[string]bool{"model.Cron": false, "FailureCount": true, "failure_count": true, "LastStatus": true, "last_status": true,
		"StatusValue": false, "StatusValueSet": true, "set": true, "Enabled": false} // (StatusValue, a prefix of the first cell, is no name of it)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// TestPlacedPathDecides: the path the wording places a name in is the
// path that decides between its definitions, before the sentence's first.
func TestPlacedPathDecides(t *testing.T) {
	src := "The `Send` model (`src/db/models/send.rs`) maps the `sends` table from `src/db/schema.rs`.\n"
	got := map[string][2]string{}
	for _, r := range Parse("spec.md", []byte(src)).Refs {
		got[r.Name] = [2]string{r.Path, r.Placed}
	}
	want := map[string][2]string{
		"Send":                  {"src/db/models/send.rs", ""},
		"src/db/models/send.rs": {"", ""},
		"sends":                 {"src/db/schema.rs", "src/db/schema.rs"},
		"src/db/schema.rs":      {"", ""},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// TestCSharpDeclarations: a C# or Java declaration after its modifiers,
// in a code span or a code block's line, says what it declares; one in a
// code block is the spec's own.
func TestCSharpDeclarations(t *testing.T) {
	sp := Parse("spec.md", []byte("It has `public decimal Total { get; set; }`, `public const int MaxRetries = 3` and "+
		"`public async Task<bool> Handle(CancelOrderCommand c)`.\n\n```csharp\npublic sealed class RefundPolicy : IRefundPolicy\n{\n"+
		"    public decimal Compute(Order order) => 0;\n}\n\npublic record OrderRefunded(Guid OrderId);\n```\n"))
	got := map[string]string{}
	for _, r := range sp.Refs {
		got[r.Name] = fmt.Sprintf("%s proposed=%v", r.Hint, r.Proposed)
	}
	want := map[string]string{"Total": "field proposed=false", "MaxRetries": "constant proposed=false", "Handle": "function proposed=false",
		"RefundPolicy": "type proposed=true", "IRefundPolicy": " proposed=false",
		"OrderRefunded": "type proposed=true", "OrderId": " proposed=false", "Order": " proposed=false"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
	// A record is Java's as much as C#'s: the keyword says no language.
	for _, r := range Parse("spec.md", []byte("The `record Point(int x, int y)` stays.")).Refs {
		if r.Name == "Point" && (r.Hint != HintType || r.Lang != "") {
			t.Errorf("record Point: %+v", r)
		}
	}
}

// TestMountPrefix: a route without a method that begins another of the
// spec's routes is the prefix they are mounted under; a route with a
// method, or one that begins no other, is an endpoint.
func TestMountPrefix(t *testing.T) {
	sp := Parse("spec.md", []byte("All of `/api` is versioned.\n\n- `POST /api/shares.update`\n- `GET /api/users/{id}`\n- `/api/users`\n- `GET /health`\n- `/metrics`\n"))
	got := map[string]bool{}
	for i := range sp.Refs {
		if r := sp.Refs[i].Route; r != nil {
			got[sp.Refs[i].Name] = MountPrefix(r, sp.Refs)
		}
	}
	want := map[string]bool{"/api": true, "POST /api/shares.update": false, "GET /api/users/{id}": false, "/api/users": true, "GET /health": false, "/metrics": false}
	if !maps.Equal(got, want) {
		t.Errorf("mount prefixes: got %v, want %v", got, want)
	}
}

// TestDDLSpanIntroducesItsName: a code span holding a SQL statement that
// creates a column, a table or an index introduces that name: the spec
// proposes it, wherever else it is mentioned; the table altered is not
// introduced, nor is a keyword where the span ends early.
func TestDDLSpanIntroducesItsName(t *testing.T) {
	sp := Parse("spec.md", []byte("Add it with `ALTER TABLE feeds ADD COLUMN retention_days int not null default 0`,\n"+
		"then `CREATE INDEX IF NOT EXISTS feeds_retention_idx ON feeds (id)` and `CREATE TABLE entry_tombstones (id int)`.\n"+
		"The migration must use `CREATE INDEX CONCURRENTLY`.\n\n## Open questions\n\nShould `retention_days` cover unread entries?\n"))
	got := map[string]bool{}
	for _, r := range sp.Refs {
		got[r.Name] = r.Proposed
	}
	for _, n := range []string{"retention_days", "feeds_retention_idx", "entry_tombstones"} {
		if !got[n] {
			t.Errorf("%s: not proposed (refs %v)", n, got)
		}
	}
	if got["feeds"] {
		t.Errorf("feeds is proposed: the spec alters it")
	}
	if _, ok := got["CONCURRENTLY"]; ok {
		t.Errorf("CONCURRENTLY is a reference: %v", got)
	}
}

func TestRebase(t *testing.T) {
	sp := Parse("rfc.md", []byte("Read `../pkg/a.go`, `./b.go`, `../../c.go` and `pkg/d.go`; `Thing` in `../pkg/` does it.\n"))
	sp.Rebase("designs")
	got := map[string]string{}
	for _, r := range sp.Refs {
		got[r.Name] = r.File + "|" + r.Placed
	}
	want := map[string]string{
		"../pkg/a.go": "pkg/a.go|",
		"b.go":        "|",
		"../../c.go":  "|",
		"pkg/d.go":    "|",
		"../pkg/":     "pkg/|",
		"Thing":       "|pkg/",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// A link's anchor names a heading in the file, not another path.
func TestPathAnchor(t *testing.T) {
	sp := Parse("s.md", []byte("See `docs/api.md#auth`, docs/topics/browsable-api.md#form-rendering and `../a.md#x`.\n"))
	var got []string
	for _, r := range sp.Refs {
		if r.IsPath {
			got = append(got, r.Name)
		}
	}
	if diff := cmp.Diff([]string{"docs/api.md", "docs/topics/browsable-api.md", "../a.md"}, got); diff != "" {
		t.Error(diff)
	}
}

// A prose path in parentheses before a full stop is a path, and the path
// beside the names of its sentence.
func TestProsePathInParentheses(t *testing.T) {
	sp := Parse("s.md", []byte("Public links are rows of the `shares` table, model `Share`\n(server/models/Share.ts). It is public when `published` is true.\n"))
	got := map[string]string{}
	for _, r := range sp.Refs {
		got[r.Name] = r.Path
	}
	want := map[string]string{"shares": "server/models/Share.ts", "Share": "server/models/Share.ts", "server/models/Share.ts": "", "published": ""}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// TestBareWord: a one-word lowercase name is a letter and then letters
// and digits, all lowercase ASCII.
func TestBareWord(t *testing.T) {
	for name, want := range map[string]bool{"status": true, "v2": true, "a": true, "": false, "Status": false, "snake_case": false,
		"2fa": false, "café": false, "camelCase": false, "x-y": false, "env ": false} {
		if got := BareWord(name); got != want {
			t.Errorf("BareWord(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestBeside(t *testing.T) {
	src := "# Rows\n\n`Row` (`ID`, `Version`) is read by\n`Store`; its fields:\n- `Data`\n- `Extra`\n\n## Other\n`Version` again.\n\n```go\nrow := Row{Data: x}\n```\n| `Kind` | `Row` |\n| `Other` | x |\n"
	s := Parse("spec.md", []byte(src))
	for _, c := range []struct {
		a, b string
		dist int
		ok   bool
	}{
		{"ID", "Row", 0, true},
		{"Store", "Row", 1, true},
		{"Extra", "Row", 3, true},     // a list continues its paragraph
		{"Version", "Rows", 0, false}, // a heading stands alone
		{"Other", "Version", 0, false},
		{"Data", "row", 0, true}, // a fenced block is one paragraph
		{"Kind", "Row", 0, true}, // a table row is one
		{"Other", "Row", 0, false},
	} {
		dist, ok := s.Beside(c.a, c.b)
		if ok != c.ok || ok && dist != c.dist {
			t.Errorf("Beside(%q, %q) = %d, %v; want %d, %v", c.a, c.b, dist, ok, c.dist, c.ok)
		}
	}
}

// TestKeywordArgumentsAndLocals: in the spec's code, a keyword argument's
// name (on the call's line or a line after it) is marked Keyword, and a
// variable a function assigns is no reference; a class's field is one,
// and a name the prose names too is no keyword.
func TestKeywordArgumentsAndLocals(t *testing.T) {
	src := "Call `RenameOperation` with `old_name`.\n\n```python\n" +
		"class Page(models.Model):\n    body_text = models.TextField()\n\n" +
		"def convert(apps, schema_editor, chunk_size=10):\n    content_type = ContentType.objects.get_for_model(Page)\n" +
		"    for r in Revision.objects.filter(content_type_id=content_type.pk, object_id=r.pk):\n        pass\n\n" +
		"operations = [\n    migrations.AlterField(\n        model_name=\"BlogPage\",\n        old_name=\"x\",\n    ),\n    RenameOperation(new_name == other),\n]\n```\n"
	s := Parse("spec.md", []byte(src))
	got := map[string]bool{}
	for _, r := range s.Refs {
		got[r.Name] = r.Keyword
	}
	for name, keyword := range map[string]bool{
		"content_type_id": true, "object_id": true, "model_name": true,
		"old_name": false, "body_text": false, "new_name": false,
	} {
		if k, ok := got[name]; !ok || k != keyword {
			t.Errorf("%s: keyword %v (found %v), want keyword %v", name, k, ok, keyword)
		}
	}
	if _, ok := got["content_type"]; ok {
		t.Errorf("content_type, a variable of the block's function, is a reference")
	}
	if _, ok := got["chunk_size"]; ok {
		t.Errorf("chunk_size, a parameter of the block's function, is a reference")
	}
}

// TestDeclaredParameters: the lowercase names in the parameters of a
// function or method the spec's code declares (Java's, Python's, Go's)
// are no references; a type named there is.
func TestDeclaredParameters(t *testing.T) {
	src := "```java\nvoid batchReadEntries(long ledgerId, long startEntryId, int maxCount, boolean allowFastFail);\n" +
		"default void batchRead(BatchedReadRequest request) throws Errors { }\n```\n\n" +
		"```go\nfunc (c *Client) Read(ctx context.Context, entryId int64) (*Entry, error)\n```\n"
	got := map[string]bool{}
	for _, r := range Parse("spec.md", []byte(src)).Refs {
		got[r.Name] = true
	}
	for _, n := range []string{"ledgerId", "startEntryId", "maxCount", "allowFastFail", "entryId"} {
		if got[n] {
			t.Errorf("%s, a parameter, is a reference", n)
		}
	}
	for _, n := range []string{"batchReadEntries", "BatchedReadRequest", "Entry", "context.Context"} {
		if !got[n] {
			t.Errorf("%s is no reference", n)
		}
	}
}

// TestContradictingPlacements: a mention that puts a name in another
// file, or in a language its first place is not in, is kept as another
// placement; mentions that agree, or place nothing, are not.
func TestContradictingPlacements(t *testing.T) {
	src := "The object type `Docs` (docs.model.ts) exposes `slug`.\n\n" +
		"`Docs` is read by the resolver.\n\nRows live in the Prisma model `Docs`.\n\n" +
		"`Docs` (docs.model.ts) again.\n\n`Order` in `a/order.go`; `Order` in `b/order.go`.\n"
	s := Parse("spec.md", []byte(src))
	got := map[string][]Placement{}
	for _, r := range s.Refs {
		got[r.Name] = r.Also
	}
	want := map[string][]Placement{
		"Docs":  {{Line: 5, Lang: "prisma"}},
		"Order": {{Line: 9, Path: "b/order.go"}},
	}
	for name, w := range want {
		if diff := cmp.Diff(w, got[name]); diff != "" {
			t.Errorf("%s (-want +got):\n%s", name, diff)
		}
	}
	if got["slug"] != nil || got["docs.model.ts"] != nil {
		t.Errorf("slug or the file name has placements: %v", got)
	}
}

// A route's parameters are read in every framework's spelling.
func TestRouteParams(t *testing.T) {
	for path, want := range map[string][]string{
		"/budgets/:month_year":                {"month_year"},
		"/orders/{id}/items/{item_id:[0-9]+}": {"id", "item_id"},
		"/users/<int:user_id>/<slug>":         {"user_id", "slug"},
		"/blog/[...slug]/[page]":              {"slug", "page"},
		"/plain/path":                         nil,
		"/x:y/{}/<>":                          nil,
	} {
		if got := (&RouteRef{Path: path}).Params(); !slices.Equal(got, want) {
			t.Errorf("%s: %q, want %q", path, got, want)
		}
	}
}

// TestProtobufFieldSpans: a code span that declares a protobuf field,
// with its number, names the field; a span that only assigns a value
// (`deleted = TRUE`) declares nothing of the kind.
func TestProtobufFieldSpans(t *testing.T) {
	sp := Parse("spec.md", []byte("`Entry` gains `bool deleted = 4;`, `repeated string tags = 5 [json_name = \"labels\"];`, "+
		"`map<string, int64> counts = 6;` and `temporal.api.Status status = 7`. Rows set `deleted = TRUE`; "+
		"`WHERE archived = 1` reads them.\n"))
	got := map[string]Hint{}
	for _, r := range sp.Refs {
		if r.Strong {
			got[r.Name] = r.Hint
		}
	}
	// (The fields the sentence says Entry gains are Entry's.)
	want := map[string]Hint{"Entry": HintNone, "Entry.deleted": HintField, "Entry.tags": HintField, "Entry.counts": HintField, "Entry.status": HintField}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// TestCodeLines counts the lines that name a word inside an inline code
// span: not a heading or a sentence that says it, not a fenced block.
func TestCodeLines(t *testing.T) {
	sp := Parse("spec.md", []byte("# Spec: retries\n\nSet `retries` to 3; `retries` again.\n\nThe retries stay.\n\n"+
		"```go\nretries := 3 // `retries`\n```\n\nUse `cfg.retries`.\n"))
	if got := sp.CodeLines("retries"); got != 2 {
		t.Errorf("CodeLines(retries) = %d, want 2", got)
	}
	if got := sp.CodeLines("cfg"); got != 1 {
		t.Errorf("CodeLines(cfg) = %d, want 1", got)
	}
}

// TestBlobLinks: a link to a line of a file at a revision is a location
// at that revision (the range's first line); a link without a line, to a
// directory, or to no source file is none.
func TestBlobLinks(t *testing.T) {
	s := Parse("spec.md", []byte("The [factory](https://github.com/cert-manager/cert-manager/blob/v1.10.1/pkg/controller/context.go#L264)\n"+
		"and [the check](https://gitlab.com/shop/api/-/blob/main/app/models/order.rb#L12-L20) stay;\n"+
		"not [the file](https://github.com/o/r/blob/main/pkg/x.go), [the dir](https://github.com/o/r/tree/main/pkg#L3)\n"+
		"nor [the readme](https://github.com/o/r/blob/main/README#L3).\n"))
	var got []string
	for _, r := range s.Refs {
		if r.Rev != "" {
			got = append(got, fmt.Sprintf("%s %s %d %s line %d", r.Name, r.File, r.At, r.Rev, r.Line))
		}
	}
	want := []string{
		"pkg/controller/context.go:264@v1.10.1 pkg/controller/context.go 264 v1.10.1 line 1",
		"app/models/order.rb:12@main app/models/order.rb 12 main line 2",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// TestLabelPairs: a code span holding a domain-prefixed label or
// annotation with its value names the key, which the code spells; a
// setting without a domain, or a path, is read as before.
func TestLabelPairs(t *testing.T) {
	s := Parse("spec.md", []byte("Mark it `controller.cert-manager.io/fao: true`, `app.kubernetes.io/name=web`\n"+
		"and `cert-manager.io/next-private-key: \"true\"`, not `env=prod` nor `pkg/a.go: x y`.\n"))
	var got []string
	for _, r := range s.Refs {
		got = append(got, r.Name)
	}
	for _, want := range []string{"controller.cert-manager.io/fao", "app.kubernetes.io/name", "cert-manager.io/next-private-key"} {
		if !slices.Contains(got, want) {
			t.Errorf("%q is not among the references %q", want, got)
		}
	}
	for _, not := range []string{"controller.cert-manager.io/fao: true", "app.kubernetes.io/name=web"} {
		if slices.Contains(got, not) {
			t.Errorf("%q, with its value, is a reference", not)
		}
	}
}

// TestCodeSpansAreNoVerbs: a verb inside a code span (`Transfer.create!`,
// `DELETE /api/orders/{id}`) says nothing of the names after it: they are
// neither new nor modified. The same verb in prose still is.
func TestCodeSpansAreNoVerbs(t *testing.T) {
	sp := Parse("spec.md", []byte("`Transfer.create!` inside the matcher will raise `ActiveRecord::RecordInvalid`.\n\n"+
		"`DELETE /api/orders/{id}` calls `cancel_order`.\n\nWe create `OrderArchive`.\n"))
	got := map[string]string{}
	for _, r := range sp.Refs {
		got[r.Name] = fmt.Sprintf("proposed=%v modified=%v", r.Proposed, r.Modified)
	}
	for name, want := range map[string]string{"ActiveRecord.RecordInvalid": "proposed=false modified=false",
		"cancel_order": "proposed=false modified=false", "OrderArchive": "proposed=true modified=false"} {
		if got[name] != want {
			t.Errorf("%s: %s, want %s", name, got[name], want)
		}
	}
}

// TestShouldBeAdded: a name the sentence says is to be added ("should be
// added", "will be introduced") is one the spec introduces.
func TestShouldBeAdded(t *testing.T) {
	for src, want := range map[string]bool{
		"A `safekeepers` table mirroring `nodes` should be added.": true,
		"The `FooTemplate` rule will be introduced later.":         true,
		"The `orders` table is read by `OrderRepo`.":               false,
	} {
		sp := Parse("spec.md", []byte(src))
		if len(sp.Refs) == 0 || sp.Refs[0].Proposed != want {
			t.Errorf("%q: refs %+v, want the first proposed=%v", src, sp.Refs, want)
		}
	}
}

// TestFileNamesPlace: a file with the names it holds in parentheses after
// it, as a table of modules writes them, places those names in that file.
func TestFileNamesPlace(t *testing.T) {
	sp := Parse("spec.md", []byte("| Subpackage | Key Files |\n|---|---|\n| `pkg/array/` | `core.py` (`Array`, `Block`), `routines.py` |\n"))
	got := map[string]string{}
	for _, r := range sp.Refs {
		got[r.Name] = r.Placed
	}
	if got["Array"] != "core.py" || got["Block"] != "core.py" {
		t.Errorf("placed: %v", got)
	}
}

// TestNewCoordinated: "new" introduces each name of a coordination after
// it ("New service `A` (...) and controller `B`"), not a name further on
// ("a new `X` through `Y`").
func TestNewCoordinated(t *testing.T) {
	for src, want := range map[string]map[string]bool{
		"New service `Snooze` (a queued job) and controller `SnoozeController` ship.": {"Snooze": true, "SnoozeController": true},
		"A new `ArchiveStep` runs through `Pipeline`.":                                {"ArchiveStep": true, "Pipeline": false},
	} {
		for _, r := range Parse("spec.md", []byte(src)).Refs {
			if w, ok := want[r.Name]; ok && r.Proposed != w {
				t.Errorf("%q: %s proposed=%v, want %v", src, r.Name, r.Proposed, w)
			}
		}
	}
}
