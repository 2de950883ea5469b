package swift

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

func TestRoutes(t *testing.T) {
	src := `import Vapor

func routes(_ app: Application) throws {
    app.get("health") { req async -> String in
        "ok"
    }

    let api = app.grouped("api", "v1")
    let protected = api.grouped(User.authenticator(), User.guardMiddleware())
    try protected.register(collection: OrderController(repo: .live))

    api.on(.POST, "uploads", body: .collect(maxSize: "10mb"), use: upload)
    protected.grouped("admin").delete("cache", .catchall, use: Self.purge)

    app.group("webhooks") { hooks in
        hooks.post("stripe", use: StripeWebhook.handle)
        hooks.group(":provider") { provider in
            provider.put(use: update)
        }
    }

    do {  // api
        app.group(User.guardMiddleware()) {
            $0.get("api", "packages", ":owner", use: API.PackageController.get)
        }
        app.get { req in
            "home"
        }
    }

    api.get(pathConstant, use: unknown)
    api.get("\(prefix)/orders", use: interpolated)
    let cache = [String: Int]()
    _ = cache.get("orders")
}
`
	want := []string{
		`GET /health | 4-4 | app.get("health") { req async -> String in ... }`,
		`POST /api/v1/uploads -> upload | 12-12 | api.on(.POST, "uploads", body: .collect(maxSize: "10mb"), use: upload)`,
		`DELETE /api/v1/admin/cache/** -> purge | 13-13 | protected.grouped("admin").delete("cache", .catchall, use: Self.purge)`,
		`POST /webhooks/stripe -> handle | 16-16 | hooks.post("stripe", use: StripeWebhook.handle)`,
		`PUT /webhooks/:provider -> update | 18-18 | provider.put(use: update)`,
		`GET /api/packages/:owner -> get | 24-24 | $0.get("api", "packages", ":owner", use: API.PackageController.get)`,
		`GET / | 26-26 | app.get { req in ... }`,
	}
	if diff := cmp.Diff(want, langtest.RouteLines(t, Lang, "Sources/App/routes.swift", src)); diff != "" {
		t.Error(diff)
	}
	_, mounts := langtest.Routes(t, Lang, "Sources/App/routes.swift", src)
	if got := fmt.Sprint(mounts); got != "[{/api/v1 OrderController Sources/App/routes.swift false }]" {
		t.Errorf("mounts %s", got)
	}
}

// TestRouteCollection: a RouteCollection's boot(routes:) registers below
// the prefix its registration mounts it under; its handlers are named.
func TestRouteCollection(t *testing.T) {
	src := `import Vapor

struct OrderController: RouteCollection {
    func boot(routes: RoutesBuilder) throws {
        let orders = routes.grouped("orders")
        orders.get(use: index)
        orders.post(use: self.create)
        orders.group(":orderID") { order in
            order.get(use: show)
            order.on(.PATCH, "cancel", use: cancel)
        }
    }

    func index(req: Request) async throws -> [Order] { [] }
}
`
	want := []string{
		"GET /orders -> index | 6-6 | orders.get(use: index)",
		"POST /orders -> create | 7-7 | orders.post(use: self.create)",
		"GET /orders/:orderID -> show | 9-9 | order.get(use: show)",
		"PATCH /orders/:orderID/cancel -> cancel | 10-10 | order.on(.PATCH, \"cancel\", use: cancel)",
	}
	if diff := cmp.Diff(want, langtest.RouteLines(t, Lang, "Sources/App/Controllers/OrderController.swift", src)); diff != "" {
		t.Error(diff)
	}
}

func TestRouteWords(t *testing.T) {
	src := `let api = app.grouped("api", "v1")
api.get("orders/:id", "items", use: show)
app.on(.POST, "uploads", use: upload)
let name = dict.get(key)
`
	want := []string{"api", "v1", "orders", "items", "uploads"}
	if diff := cmp.Diff(want, routeWords([]byte(src))); diff != "" {
		t.Error(diff)
	}
}
