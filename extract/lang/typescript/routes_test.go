package typescript

import (
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
		{"server.ts", `app.post('/items/:id/tags', async (req, res) => { res.json({}) });
router.get("/orders", listOrders);
fastify.route({ method: 'PUT', url: '/x/:id', handler: putX });
http.route({ path: "/replicate_webhook", method: "POST", handler: replicateWebhook });
map.get("key");
router.post(
  "shares.list",
  auth(),
  async (ctx: APIContext) => { ctx.body = {} }
);
cache.get("shares.info", async () => compute());
apiRouter.get("users.info", listUsers);
api.get("users", params);
`, []string{
			"POST /items/:id/tags | 1-1 | app.post('/items/:id/tags', async (req, res) => { ... });",
			"GET /orders -> listOrders | 2-2 | router.get(\"/orders\", listOrders);",
			"PUT /x/:id -> putX | 3-3 | fastify.route({ method: 'PUT', url: '/x/:id', handler: putX });",
			"POST /replicate_webhook -> replicateWebhook | 4-4 | http.route({ path: \"/replicate_webhook\", method: \"POST\", handler: replicateWebhook });",
			"POST shares.list | 6-10 | router.post(\n  \"shares.list\",\n  auth(),\n  async (ctx: APIContext) => { ... }\n);",
			"GET users.info -> listUsers | 12-12 | apiRouter.get(\"users.info\", listUsers);",
		}},
		{"app/api/(shop)/items/[id]/route.ts", `export async function GET(req: Request, { params }: Ctx) {
  return Response.json({});
}
export const POST = async (req: Request) => new Response();
`, []string{
			"GET /api/items/[id] -> GET | 1-1 | export async function GET(req: Request, { params }: Ctx)",
			"POST /api/items/[id] -> POST | 4-4 | export const POST = async (req: Request) =>",
		}},
		{"published-docs.controller.ts", `@Controller({ version: '1', path: 'published-docs' })
export class PublishedDocsController {
  @Get(':slug')
  async getBySlug(@Param('slug') slug: string) {
    return slug;
  }
}
`, []string{"GET /v1/published-docs/:slug -> getBySlug | 3-4 | @Get(':slug')\nasync getBySlug(@Param('slug') slug: string)"}},
	} {
		if diff := cmp.Diff(tc.want, routesOf(t, tc.file, tc.src)); diff != "" {
			t.Errorf("%s: %s", tc.file, diff)
		}
	}
}

func TestRouteGroupsChainsAndMounts(t *testing.T) {
	for _, tc := range []struct {
		file, src  string
		want       []string
		wantMounts []string
	}{
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
	} {
		ds, mounts := langtest.Routes(t, langtest.ForPath(langs, tc.file), tc.file, tc.src)
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
