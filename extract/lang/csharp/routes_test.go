package csharp

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

func TestRoutes(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"controllers", `namespace Shop.Api;

[ApiController]
[Route("api/[controller]")]
public class OrdersController : ControllerBase
{
    private const string ById = "{id:guid}";

    [HttpGet]
    public Task<List<Order>> List() => _svc.All();

    [HttpGet(ById, Name = "GetOrder")]
    public async Task<ActionResult<Order>> GetAsync(Guid id)
    {
        return Ok();
    }

    [HttpPost("")]
    [Authorize]
    public IActionResult Create([FromBody] Order o) => Ok();

    [Route("{id}/cancel")]
    [HttpPut, HttpPatch]
    public IActionResult Cancel(Guid id) => Ok();

    [HttpDelete("~/admin/orders/{id?}")]
    public IActionResult Purge(Guid id) => Ok();

    [Route("[action]")]
    public IActionResult ExportAsync() => Ok();

    public IActionResult Helper() => Ok();
}

[Route("Articles")]
public class ArticlesController : Controller
{
    [HttpGet("{slug}/Comments")]
    public IActionResult Comments(string slug) => Ok();
}
`, []string{
			"GET /api/orders -> List | 9-10 | [HttpGet]\npublic Task<List<Order>> List()",
			"GET /api/orders/{id} -> GetAsync | 12-13 | [HttpGet(ById, Name = \"GetOrder\")]\npublic async Task<ActionResult<Order>> GetAsync(Guid id)",
			"POST /api/orders -> Create | 18-20 | [HttpPost(\"\")]\n[Authorize]\npublic IActionResult Create([FromBody] Order o)",
			"PUT /api/orders/{id}/cancel -> Cancel | 22-24 | [Route(\"{id}/cancel\")]\n[HttpPut, HttpPatch]\npublic IActionResult Cancel(Guid id)",
			"PATCH /api/orders/{id}/cancel -> Cancel | 22-24 | [Route(\"{id}/cancel\")]\n[HttpPut, HttpPatch]\npublic IActionResult Cancel(Guid id)",
			"DELETE /admin/orders/{id} -> Purge | 26-27 | [HttpDelete(\"~/admin/orders/{id?}\")]\npublic IActionResult Purge(Guid id)",
			"ANY /api/orders/export -> ExportAsync | 29-30 | [Route(\"[action]\")]\npublic IActionResult ExportAsync()",
			"GET /articles/{slug}/comments -> Comments | 38-39 | [HttpGet(\"{slug}/Comments\")]\npublic IActionResult Comments(string slug)",
		}},
		{"minimal APIs", `var app = WebApplication.Create(args);
// The todo list.

app.MapGet("/health", () => "ok");
var todos = app.MapGroup("/api" + "/todos").WithTags("Todos");
todos.MapGet("/", GetAll);
todos.MapGet("/{id:int}", async (int id, TodoDb db) =>
{
    return await db.Todos.FindAsync(id);
}).WithName("GetTodo");
var admin = todos.MapGroup("admin");
admin.MapDelete("/{id}", Handlers.Delete).RequireAuthorization();
app.MapMethods("/ping", new[] { "GET", "HEAD" }, Ping);
app.MapGroup("/v2").MapPost("/orders", Orders.Create);
_mapper.Map<OrderDto>(order);
`, []string{
			`GET /health | 4-4 | app.MapGet("/health", () => "ok");`,
			`GET /api/todos -> GetAll | 6-6 | todos.MapGet("/", GetAll);`,
			"GET /api/todos/{id} | 7-10 | todos.MapGet(\"/{id:int}\", async (int id, TodoDb db) =>\n{ ... }).WithName(\"GetTodo\");",
			`DELETE /api/todos/admin/{id} -> Delete | 12-12 | admin.MapDelete("/{id}", Handlers.Delete).RequireAuthorization();`,
			`GET /ping -> Ping | 13-13 | app.MapMethods("/ping", new[] { "GET", "HEAD" }, Ping);`,
			`HEAD /ping -> Ping | 13-13 | app.MapMethods("/ping", new[] { "GET", "HEAD" }, Ping);`,
			`POST /v2/orders -> Create | 14-14 | app.MapGroup("/v2").MapPost("/orders", Orders.Create);`,
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, langtest.RouteLines(t, Lang, "Routes.cs", tc.src)); diff != "" {
				t.Error(diff)
			}
		})
	}
}

// TestRouteWords: the literal segments of ASP.NET Core's route templates,
// which no "/" precedes, and a controller's name for [controller].
func TestRouteWords(t *testing.T) {
	src := `[Route("api/[controller]")]
public class PlainController : ControllerBase
{
    [HttpGet("Keys/{key}")]
    public ActionResult A() => Ok();
    [HttpPost(Template = "Refresh")]
    public ActionResult B() => Ok();
}
var orders = app.MapGroup("/orders");
orders.MapGet("things/{id:int}", () => 1);
var name = dict.Get("key");
`
	want := []string{"api", "Plain", "Keys", "Refresh", "orders", "things"}
	if diff := cmp.Diff(want, routeWords([]byte(src))); diff != "" {
		t.Error(diff)
	}
}

// TestRouteWordsAlone: each form of template is read in a file that holds
// no other, so the words a file must hold before the template regexp runs
// miss none; a file with none of them gives nothing.
func TestRouteWordsAlone(t *testing.T) {
	for src, want := range map[string]string{
		`[Route("orders")] class A {}`:                    "orders",
		`[ HttpGet("list")] void B() {}`:                  "list",
		`[HttpPut("put")] void C() {}`:                    "put",
		`[HttpPatch("patch")] void D() {}`:                "patch",
		`[HttpDelete("del")] void E() {}`:                 "del",
		`[HttpHead("head")] void F() {}`:                  "head",
		`[HttpOptions("opts")] void G() {}`:               "opts",
		`[HttpPost(Template = "make")] void H() {}`:       "make",
		`app.MapPost("send", Send);`:                      "send",
		`app.MapMethods("any", new[] { "GET" }, Any);`:    "any",
		`app.MapFallback("spa", Index);`:                  "spa",
		`app.MapPatch(@"verbatim", Patch);`:               "verbatim",
		`var client = new HttpClient(); client.Get("x");`: "",
		`var s = string.Format("{0}", x); Call("a", b);`:  "",
	} {
		if got := strings.Join(routeWords([]byte(src)), " "); got != want {
			t.Errorf("routeWords(%q) = %q, want %q", src, got, want)
		}
	}
}
