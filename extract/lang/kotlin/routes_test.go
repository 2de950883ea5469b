package kotlin

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

func routesOf(t *testing.T, file, src string) []string {
	t.Helper()
	return langtest.RouteLines(t, langtest.ForPath(langs, file), file, src)
}

func TestRoutes(t *testing.T) {
	for _, tc := range []struct {
		file, src string
		want      []string
	}{
		{"OrderController.kt", `const val API = "/api"

@RestController
@RequestMapping("$API/orders")
class OrderController(private val service: OrderService) {
    @GetMapping("/{id:\\d+}", produces = [MediaType.APPLICATION_JSON_VALUE])
    fun get(@PathVariable id: Long): Order = service.get(id)

    @RequestMapping(value = ["/a", "b"], method = [RequestMethod.POST, RequestMethod.PUT])
    fun upsert() {}

    @PostMapping
    fun create(@RequestBody o: Order): Order {
        return service.save(o)
    }

    @DeleteMapping(ITEMS + "/{sku}")
    fun removeItem() {}

    @GetMapping(Paths.ELSEWHERE)
    fun gone() {}

    fun helper() {}

    companion object {
        const val ITEMS = "/{id}/items"
    }
}
`, []string{
			"GET /api/orders/{id} -> get | 6-7 | @GetMapping(\"/{id:\\\\d+}\", produces = [MediaType.APPLICATION_JSON_VALUE])\nfun get(@PathVariable id: Long): Order",
			"POST /api/orders/a -> upsert | 9-10 | @RequestMapping(value = [\"/a\", \"b\"], method = [RequestMethod.POST, RequestMethod.PUT])\nfun upsert()",
			"PUT /api/orders/a -> upsert | 9-10 | @RequestMapping(value = [\"/a\", \"b\"], method = [RequestMethod.POST, RequestMethod.PUT])\nfun upsert()",
			"POST /api/orders/b -> upsert | 9-10 | @RequestMapping(value = [\"/a\", \"b\"], method = [RequestMethod.POST, RequestMethod.PUT])\nfun upsert()",
			"PUT /api/orders/b -> upsert | 9-10 | @RequestMapping(value = [\"/a\", \"b\"], method = [RequestMethod.POST, RequestMethod.PUT])\nfun upsert()",
			"POST /api/orders -> create | 12-13 | @PostMapping\nfun create(@RequestBody o: Order): Order",
			"DELETE /api/orders/{id}/items/{sku} -> removeItem | 17-18 | @DeleteMapping(ITEMS + \"/{sku}\")\nfun removeItem()",
		}},
		{"Routing.kt", `fun Application.configureRouting() {
    routing {
        get("/health") {
            call.respondText("ok")
        }
        route("/api/articles") {
            get {
                call.respond(service.list())
            }
            authenticate("jwt") {
                post("/{slug}/comments") { addComment() }
                delete("{slug}") { }
            }
        }
        get<Articles.Slug> { }
    }
}

fun Route.profiles() {
    get("profiles/{username}") {
        call.respond(profile())
    }
}

fun notRoutes(client: HttpClient) {
    client.get("/elsewhere") { }
    get("relative") { }
}
`, []string{
			"GET /health | 3-3 | get(\"/health\") { ... }",
			"GET /api/articles | 7-7 | get { ... }",
			"POST /api/articles/{slug}/comments | 11-11 | post(\"/{slug}/comments\") { ... }",
			"DELETE /api/articles/{slug} | 12-12 | delete(\"{slug}\") { ... }",
			"GET /profiles/{username} | 20-20 | get(\"profiles/{username}\") { ... }",
		}},
		{"PageController.kt", `@RestController
@RequestMapping(
    "/books",
)
class PageController {
    @GetMapping(
        value = [
            "{id}/pages",
            "{id}/pages/raw",
        ],
        produces = [MediaType.ALL_VALUE],
    )
    fun pages(@PathVariable id: String): List<Int> =
        when (id.length) {
            0,
            1,
            -> listOf()
            else -> listOf(1)
        }
}
`, []string{
			"GET /books/{id}/pages -> pages | 6-13 | @GetMapping(\n    value = [\n        \"{id}/pages\",\n        \"{id}/pages/raw\",\n    ],\n    produces = [MediaType.ALL_VALUE],\n)\nfun pages(@PathVariable id: String): List<Int>",
			"GET /books/{id}/pages/raw -> pages | 6-13 | @GetMapping(\n    value = [\n        \"{id}/pages\",\n        \"{id}/pages/raw\",\n    ],\n    produces = [MediaType.ALL_VALUE],\n)\nfun pages(@PathVariable id: String): List<Int>",
		}},
		{"Routes.kt", `@Configuration
class Routes {
    @Bean
    fun routes(handler: OrderHandler) = coRouter {
        "/orders".nest {
            GET("/{id}", handler::get)
            POST("", handler::create)
        }
        GET("/legacy") { ServerResponse.ok().buildAndAwait() }
    }
}
`, []string{
			"GET /orders/{id} -> get | 6-6 | GET(\"/{id}\", handler::get)",
			"POST /orders -> create | 7-7 | POST(\"\", handler::create)",
			"GET /legacy | 9-9 | GET(\"/legacy\") { ... }",
		}},
	} {
		if diff := cmp.Diff(tc.want, routesOf(t, tc.file, tc.src)); diff != "" {
			t.Errorf("%s: %s", tc.file, diff)
		}
	}
}

// TestFunctionMounts: a Route extension function called alone inside a
// route block is mounted under the block's prefix, by the function that
// calls it; the routes a Route extension registers say which function
// holds them.
func TestFunctionMounts(t *testing.T) {
	src := "fun Application.api() {\n    routing {\n        route(\"/brukerfrontend\") {\n            sendInnRoute(\n                service = svc,\n            )\n            route(\"/v2\") { listRoutes() }\n" +
		"            get(\"/ping\") { }\n            call.respond(x())\n        }\n    }\n}\n\nfun Route.sendInnRoute() {\n    post(\"/send-inn\") { }\n}\n"
	routes, mounts := langtest.Routes(t, Lang, "Routes.kt", src)
	if got, want := fmt.Sprint(mounts), "[{/brukerfrontend sendInnRoute Routes.kt true api} {/brukerfrontend/v2 listRoutes Routes.kt true api}]"; got != want {
		t.Errorf("mounts %s, want %s", got, want)
	}
	// Under a route block whose prefix the file does not spell, nothing
	// is mounted: the functions' routes match by the endpoint's end.
	_, unknown := langtest.Routes(t, Lang, "Api.kt", "fun Routing.api() {\n    route(\"/api\") {\n        route(Paths.V1) {\n            orders()\n        }\n    }\n}\n")
	if len(unknown) != 0 {
		t.Errorf("mounts under an unknown prefix: %v", unknown)
	}
	var within []string
	for _, r := range routes {
		within = append(within, r.Route.Pattern+" in "+r.Route.Within)
	}
	if diff := cmp.Diff([]string{"/brukerfrontend/ping in api", "/send-inn in sendInnRoute"}, within); diff != "" {
		t.Error(diff)
	}
}

// TestConstantsAsOneRegexp: constants, which asks its regexp only where a
// declaration may start, finds what one search of the whole text finds,
// on every Kotlin fixture and on text that tries its edges.
func TestConstantsAsOneRegexp(t *testing.T) {
	whole := regexp.MustCompile(`(?m)(?:\bconst\s+val|^val)\s+(\w+)\s*(?::\s*String\s*)?=\s*"([^"\\$\n]*)"`)
	files := append(langtest.Sources(t), langtest.File{Name: "Edges.kt", Data: []byte("val A = \"a\"\nconst val B: String =\n    \"b\"\n" +
		"private const  val C = \"c\" ; val D = \"d\"\nxconst val E = \"e\"\n_const val F = \"f\"\nvalue = \"g\"\nval A = \"again\"\n" +
		"const val\nG = \"g\"\n  val H = \"h\"\nconstant val I = \"i\"\nval J = \"j$x\"\nconst val K = \"k\"")})
	n := 0
	for _, f := range files {
		if !strings.HasSuffix(f.Name, ".kt") {
			continue
		}
		want := map[string]string{}
		for _, m := range whole.FindAllSubmatch(f.Data, -1) {
			want[string(m[1])] = string(m[2])
		}
		if diff := cmp.Diff(want, constants(f.Data)); diff != "" {
			t.Errorf("%s: constants differ from one search (-want +got):\n%s", f.Name, diff)
		}
		n += len(want)
	}
	if n < 6 {
		t.Fatalf("only %d constants compared", n)
	}
}
