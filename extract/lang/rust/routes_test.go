package rust

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

func TestRoutes(t *testing.T) {
	for _, tc := range []struct {
		name, src  string
		want       []string
		wantMounts []string
	}{
		{"axum", `pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/users", post(create_user).get(list_users))
        .route("/api/users/:id", axum::routing::get(handlers::get_user).layer(auth()))
        .route("/health", get(|| async { "ok" }))
        .nest("/admin", Router::new().route("/stats", on(MethodFilter::GET, stats)))
        .nest("/api/articles", articles::router())
        .merge(profiles::router())
}
`, []string{
			`POST /api/users -> create_user | 3-3 | .route("/api/users", post(create_user).get(list_users))`,
			`GET /api/users -> list_users | 3-3 | .route("/api/users", post(create_user).get(list_users))`,
			`GET /api/users/:id -> get_user | 4-4 | .route("/api/users/:id", axum::routing::get(handlers::get_user).layer(auth()))`,
			`GET /health | 5-5 | .route("/health", get(|| async { "ok" }))`,
			`GET /admin/stats -> stats | 6-6 | .route("/stats", on(MethodFilter::GET, stats))`,
		}, []string{"/api/articles <- articles"}},
		{"actix", `#[get("/users/{id}")]
async fn get_user(path: web::Path<u32>) -> impl Responder {
    HttpResponse::Ok()
}

#[actix_web::route("/items", method = "GET", method = "HEAD")]
async fn items() -> impl Responder { HttpResponse::Ok() }

pub fn config(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/api")
            .route("/orders", web::post().to(create_order))
            .service(web::resource("/orders/{id}").route(web::get().to(order)).route(web::delete().to(cancel)))
            .configure(billing::config),
    );
}
`, []string{
			"GET /users/{id} -> get_user | 1-2 | #[get(\"/users/{id}\")]\nasync fn get_user(path: web::Path<u32>) -> impl Responder",
			"GET /items -> items | 6-7 | #[actix_web::route(\"/items\", method = \"GET\", method = \"HEAD\")]\nasync fn items() -> impl Responder",
			"HEAD /items -> items | 6-7 | #[actix_web::route(\"/items\", method = \"GET\", method = \"HEAD\")]\nasync fn items() -> impl Responder",
			`POST /api/orders -> create_order | 12-12 | .route("/orders", web::post().to(create_order))`,
			`GET /api/orders/{id} -> order | 13-13 | .route(web::get().to(order))`,
			`DELETE /api/orders/{id} -> cancel | 13-13 | .route(web::delete().to(cancel))`,
		}, []string{"/api <- billing"}},
		{"routerify", `pub fn make_router() -> RouterBuilder<Body, ApiError> {
    Router::builder()
        .get("/v1/status", status_handler)
        .put("/v1/tenant/:tenant_id/membership", |r| request_span(r, membership_handler))
        .build()
}

fn fetch(client: &Client) { client.get("/not/a/route"); }

pub fn control_router() -> RouterBuilder<Body, ApiError> {
    endpoint::make_router()
        .get("/control/v1/safekeeper/:id", |r| {
            named_request_span(r, handle_get_safekeeper, RequestName("v1_safekeeper"))
        })
}

pub fn with_state(router: RouterBuilder<Body, ApiError>) -> RouterBuilder<Body, ApiError> {
    router.data(1).post("/control/v1/safekeeper", |r| request_span(r, upsert))
}

fn other(c: &Cache) { c.entries().get("/not/a/route", 1); }
`, []string{
			`GET /v1/status -> status_handler | 3-3 | .get("/v1/status", status_handler)`,
			`PUT /v1/tenant/:tenant_id/membership -> membership_handler | 4-4 | .put("/v1/tenant/:tenant_id/membership", |r| request_span(r, membership_handler))`,
			`GET /control/v1/safekeeper/:id -> handle_get_safekeeper | 12-14 | .get("/control/v1/safekeeper/:id", |r| { ... })`,
			`POST /control/v1/safekeeper -> upsert | 18-18 | .post("/control/v1/safekeeper", |r| request_span(r, upsert))`,
		}, nil},
		{"rocket", `#[get("/hello/<name>?<greeting>")]
fn hello(name: &str, greeting: Option<&str>) -> String {
    format!("{name}")
}

#[post("/todos", data = "<todo>")]
async fn create(todo: Json<Todo>) -> Status { Status::Created }

#[launch]
fn rocket() -> _ {
    rocket::build().mount("/", routes![hello]).mount("/api", routes![todos::list, todos::create])
}
`, []string{
			"GET /hello/<name> -> hello | 1-2 | #[get(\"/hello/<name>?<greeting>\")]\nfn hello(name: &str, greeting: Option<&str>) -> String",
			"POST /todos -> create | 6-7 | #[post(\"/todos\", data = \"<todo>\")]\nasync fn create(todo: Json<Todo>) -> Status",
		}, []string{"/api <- todos"}},
	} {
		ds, mounts := langtest.Routes(t, Lang, "src/routes.rs", tc.src)
		var got, gotM []string
		for _, d := range ds {
			got = append(got, d.Route.String()+" | "+fmt.Sprint(d.StartLine)+"-"+fmt.Sprint(d.EndLine)+" | "+d.Text())
		}
		for _, m := range mounts {
			gotM = append(gotM, m.Prefix+" <- "+m.Target)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s routes: %s", tc.name, diff)
		}
		if diff := cmp.Diff(tc.wantMounts, gotM); diff != "" {
			t.Errorf("%s mounts: %s", tc.name, diff)
		}
	}
}
