package java

import (
	"slices"
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
		{"OrderController.java", `@RestController
@RequestMapping(OrderController.BASE)
public class OrderController {
    static final String BASE = "/api/orders";
    private static final String ITEMS = "/{id}/items";

    @GetMapping(value = "/{id:\\d+}", produces = "application/json")
    public ResponseEntity<Order> get(@PathVariable Long id) {
        return null;
    }

    @RequestMapping(path = {"/a", "b"}, method = {RequestMethod.POST, RequestMethod.PUT})
    void upsert() {}

    @PostMapping
    public Order create(@RequestBody Order o) { return o; }

    @GetMapping(ITEMS + "/{sku}")
    List<Item> item() { return null; }

    @DeleteMapping(Paths.ELSEWHERE)
    void gone() {}

    @RequestMapping("/any")
    void any() {}

    public void helper() {}
}
`, []string{
			"GET /api/orders/{id} -> get | 7-8 | @GetMapping(value = \"/{id:\\\\d+}\", produces = \"application/json\")\npublic ResponseEntity<Order> get(@PathVariable Long id)",
			"POST /api/orders/a -> upsert | 12-13 | @RequestMapping(path = {\"/a\", \"b\"}, method = {RequestMethod.POST, RequestMethod.PUT})\nvoid upsert()",
			"PUT /api/orders/a -> upsert | 12-13 | @RequestMapping(path = {\"/a\", \"b\"}, method = {RequestMethod.POST, RequestMethod.PUT})\nvoid upsert()",
			"POST /api/orders/b -> upsert | 12-13 | @RequestMapping(path = {\"/a\", \"b\"}, method = {RequestMethod.POST, RequestMethod.PUT})\nvoid upsert()",
			"PUT /api/orders/b -> upsert | 12-13 | @RequestMapping(path = {\"/a\", \"b\"}, method = {RequestMethod.POST, RequestMethod.PUT})\nvoid upsert()",
			"POST /api/orders -> create | 15-16 | @PostMapping\npublic Order create(@RequestBody Order o)",
			"GET /api/orders/{id}/items/{sku} -> item | 18-19 | @GetMapping(ITEMS + \"/{sku}\")\nList<Item> item()",
			"ANY /api/orders/any -> any | 24-25 | @RequestMapping(\"/any\")\nvoid any()",
		}},
		{"ItemResource.java", `@Path("items")
public class ItemResource {
    @GET
    @Path("{id: [0-9]+}")
    public Item get(@PathParam("id") long id) { return null; }

    @POST
    public Response add(Item i) { return null; }

    @Path("{id}/parts")
    public PartResource parts() { return null; }
}
`, []string{
			"GET /items/{id} -> get | 3-5 | @GET\n@Path(\"{id: [0-9]+}\")\npublic Item get(@PathParam(\"id\") long id)",
			"POST /items -> add | 7-8 | @POST\npublic Response add(Item i)",
		}},
		{"HelloController.java", `@Controller("/hello")
public class HelloController {
    @Get("/{name}")
    public String greet(String name) { return name; }
}

@Controller
class SpringPage {
    @Get("/not-spring")
    String page() { return ""; }
}
`, []string{
			"GET /hello/{name} -> greet | 3-4 | @Get(\"/{name}\")\npublic String greet(String name)",
		}},
		{"Routes.java", `@Configuration
class Routes {
    @Bean
    RouterFunction<ServerResponse> routes(OrderHandler h) {
        return route()
            .GET("/orders/{id}", h::get)
            .POST("/orders", h::create)
            .build();
    }

    RouterFunction<ServerResponse> legacy(OrderHandler h) {
        return RouterFunctions.route(GET("/legacy"), h::list);
    }

    void notARoute(Map<String, String> m) {
        m.GET("orders");
    }
}
`, []string{
			"GET /orders/{id} -> get | 6-6 | .GET(\"/orders/{id}\", h::get)",
			"POST /orders -> create | 7-7 | .POST(\"/orders\", h::create)",
			"GET /legacy -> list | 12-12 | RouterFunctions.route(GET(\"/legacy\"), h::list)",
		}},
		{"TopWinnerWebSocket.java", `@WebSocket(path = "/stats/winners")
public class TopWinnerWebSocket {
    @OnOpen
    public Multi<Score> onOpen() {
        return stream();
    }
}
`, []string{
			"GET /stats/winners | 1-7 | @WebSocket(path = \"/stats/winners\")\npublic class TopWinnerWebSocket {\n    @OnOpen\n    public Multi<Score> onOpen() { ... }\n}",
		}},
		{"ChatEndpoint.java", `@ServerEndpoint("/chat/{room}")
public class ChatEndpoint {
}
`, []string{
			"GET /chat/{room} | 1-3 | @ServerEndpoint(\"/chat/{room}\")\npublic class ChatEndpoint {\n}",
		}},
	} {
		if diff := cmp.Diff(tc.want, routesOf(t, tc.file, tc.src)); diff != "" {
			t.Errorf("%s: %s", tc.file, diff)
		}
		// A file that maps a route holds a route mark: the scan reads no
		// route from a file that holds none.
		if len(tc.want) > 0 && !slices.ContainsFunc(routeMarks, func(m string) bool { return strings.Contains(tc.src, m) }) {
			t.Errorf("%s maps routes and holds no route mark", tc.file)
		}
	}
}
