package extract

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func routesOf(t *testing.T, file, src string) []string {
	t.Helper()
	p := NewParser()
	defer p.Close()
	ds, _, err := p.Routes(context.Background(), ForPath(file), file, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, d := range ds {
		out = append(out, fmt.Sprintf("%s | %d-%d | %s", d.Route, d.StartLine, d.EndLine, d.Text()))
	}
	return out
}

func TestRoutes(t *testing.T) {
	for _, tc := range []struct {
		file, src string
		want      []string
	}{
		{"main.go", `package main
func routes(mux *http.ServeMux, s *Server, r chi.Router) {
	mux.HandleFunc("POST /items/{id}/tags", s.handleAddTag)
	r.Route("/orders", func(r chi.Router) {
		r.Get("/{id}", func(w http.ResponseWriter, r *http.Request) {
			w.Write(nil)
		})
	})
	r.Method("DELETE", "/orders/{id}", http.HandlerFunc(s.del))
	log.Printf("not a route %s", "/x")
}
`, []string{
			"POST /items/{id}/tags -> handleAddTag | 3-3 | mux.HandleFunc(\"POST /items/{id}/tags\", s.handleAddTag)",
			"GET /orders/{id} | 5-7 | r.Get(\"/{id}\", func(w http.ResponseWriter, r *http.Request) { ... })",
			"DELETE /orders/{id} -> del | 9-9 | r.Method(\"DELETE\", \"/orders/{id}\", http.HandlerFunc(s.del))",
		}},
		{"server.ts", `app.post('/items/:id/tags', async (req, res) => { res.json({}) });
router.get("/orders", listOrders);
fastify.route({ method: 'PUT', url: '/x/:id', handler: putX });
http.route({ path: "/replicate_webhook", method: "POST", handler: replicateWebhook });
map.get("key");
`, []string{
			"POST /items/:id/tags | 1-1 | app.post('/items/:id/tags', async (req, res) => { ... });",
			"GET /orders -> listOrders | 2-2 | router.get(\"/orders\", listOrders);",
			"PUT /x/:id -> putX | 3-3 | fastify.route({ method: 'PUT', url: '/x/:id', handler: putX });",
			"POST /replicate_webhook -> replicateWebhook | 4-4 | http.route({ path: \"/replicate_webhook\", method: \"POST\", handler: replicateWebhook });",
		}},
		{"app/api/(shop)/items/[id]/route.ts", `export async function GET(req: Request, { params }: Ctx) {
  return Response.json({});
}
export const POST = async (req: Request) => new Response();
`, []string{
			"GET /api/items/[id] -> GET | 1-1 | export async function GET(req: Request, { params }: Ctx)",
			"POST /api/items/[id] -> POST | 4-4 | export const POST = async (req: Request) =>",
		}},
		{"app/api/routes/items.py", `router = APIRouter(prefix="/items", tags=["items"])

@router.post("/{id}/tags", response_model=Item)
async def add_tag(id: int, tag: str) -> Item:
    return x

@bp.route("/replicate_webhook", methods=["POST", "PUT"])
def webhook():
    pass
`, []string{
			"POST /items/{id}/tags -> add_tag | 3-4 | @router.post(\"/{id}/tags\", response_model=Item)\nasync def add_tag(id: int, tag: str) -> Item:",
			"POST /replicate_webhook -> webhook | 7-8 | @bp.route(\"/replicate_webhook\", methods=[\"POST\", \"PUT\"])\ndef webhook():",
			"PUT /replicate_webhook -> webhook | 7-8 | @bp.route(\"/replicate_webhook\", methods=[\"POST\", \"PUT\"])\ndef webhook():",
		}},
		{"shop/urls.py", `urlpatterns = [
    path("items/<int:pk>/", views.item_detail, name="item-detail"),
    re_path(r"^orders/(?P<id>\d+)/$", views.order),
]
`, []string{
			"ANY /items/<int:pk>/ -> item_detail | 2-2 | path(\"items/<int:pk>/\", views.item_detail, name=\"item-detail\")",
			"ANY /orders/{id}/ -> order | 3-3 | re_path(r\"^orders/(?P<id>\\d+)/$\", views.order)",
		}},
	} {
		if diff := cmp.Diff(tc.want, routesOf(t, tc.file, tc.src)); diff != "" {
			t.Errorf("%s: %s", tc.file, diff)
		}
	}
}

func TestRouteGroupsChainsAndMounts(t *testing.T) {
	p := NewParser()
	defer p.Close()
	for _, tc := range []struct {
		file, src  string
		want       []string
		wantMounts []string
	}{
		{"main.go", `package main
func setup(r *gin.Engine, a *App) {
	r.POST("/orders", legacyOrders)
	v1 := r.Group("/v1")
	v1.POST("/orders", createOrder)
	g := e.Group("/api")
	g.PUT("/campaigns/:id/status", pm(hasID(a.UpdateCampaignStatus), "campaigns:send"))
	r.Mount("/admin", adminRouter())
}
`, []string{"POST /orders -> legacyOrders", "POST /v1/orders -> createOrder", "PUT /api/campaigns/:id/status -> UpdateCampaignStatus"},
			[]string{"/admin <- adminRouter"}},
		{"server.ts", `const auth = new Hono()
  .post('/authorize', authorize)
  .post('/signup', async (c) => { return c.json({}) });
app.route('/api/auth', auth);
app.get('/api/v2/openapi.json', (c) => c.json({}));
`, []string{"POST /authorize -> authorize | .post('/authorize', authorize)",
			"POST /signup | .post('/signup', async (c) => { ... })",
			"GET /api/v2/openapi.json | app.get('/api/v2/openapi.json', (c) => c.json({}));"},
			[]string{"/api/auth <- auth"}},
		{"app/routes/api+/webhook.trigger.ts", `export async function action({ request }: Route.ActionArgs) {
  return null;
}
export async function loader() { return null; }
`, []string{"POST /api/webhook/trigger -> action", "GET /api/webhook/trigger -> loader"}, nil},
		{"project/urls.py", `urlpatterns = [path("shop/", include("shop.urls"))]
app.include_router(items.router, prefix="/api/v1")
`, nil, []string{"/api/v1 <- items", "/shop/ <- shop/urls.py"}},
	} {
		ds, mounts, err := p.Routes(context.Background(), ForPath(tc.file), tc.file, []byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		var got, gotM []string
		for _, d := range ds {
			s := d.Route.String()
			if tc.file == "server.ts" {
				s += " | " + d.Text()
			}
			got = append(got, s)
		}
		for _, m := range mounts {
			gotM = append(gotM, m.Prefix+" <- "+m.Target)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s routes: %s", tc.file, diff)
		}
		if diff := cmp.Diff(tc.wantMounts, gotM); diff != "" {
			t.Errorf("%s mounts: %s", tc.file, diff)
		}
	}
}
