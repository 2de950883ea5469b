package c

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

func TestRoutes(t *testing.T) {
	src := `int main(void) {
    struct mg_context *ctx = mg_start(NULL, 0, options);
    mg_set_request_handler(ctx, "/api/orders$", orders_handler, NULL);
    mg_set_request_handler(ctx, "/health", &health, 0);
    ulfius_add_endpoint_by_val(&instance, "GET", "/api/orders", "/:id", 0, &callback_get_order, NULL);
    ulfius_add_endpoint_by_val(&instance, "post", "/api/orders", NULL, 0, &callback_create_order, NULL);
    ulfius_add_endpoint_by_val(&instance, method, "/api/x", NULL, 0, &callback_x, NULL);
    return 0;
}
`
	want := []string{
		"ANY /api/orders -> orders_handler | 3-3 | mg_set_request_handler(ctx, \"/api/orders$\", orders_handler, NULL);",
		"ANY /health -> health | 4-4 | mg_set_request_handler(ctx, \"/health\", &health, 0);",
		"GET /api/orders/:id -> callback_get_order | 5-5 | ulfius_add_endpoint_by_val(&instance, \"GET\", \"/api/orders\", \"/:id\", 0, &callback_get_order, NULL);",
		"POST /api/orders -> callback_create_order | 6-6 | ulfius_add_endpoint_by_val(&instance, \"post\", \"/api/orders\", NULL, 0, &callback_create_order, NULL);",
	}
	if diff := cmp.Diff(want, langtest.RouteLines(t, Lang, "server.c", src)); diff != "" {
		t.Error(diff)
	}
}
