package cpp

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

func TestRoutes(t *testing.T) {
	src := `int main() {
  httplib::Server svr;
  svr.Get("/orders/:id", get_order);
  svr.Post(R"(/orders/(\d+)/cancel)", [&](const httplib::Request& req, httplib::Response& res) {
    res.set_content("ok", "text/plain");
  });
  cache.Get("/not/a/route");
  crow::SimpleApp app;
  CROW_ROUTE(app, "/items/<int>").methods("POST"_method, crow::HTTPMethod::Put)([](int id) { return "x"; });
  CROW_ROUTE(app, "/health")(health);
  drogon::app().registerHandler("/users/{id}", &UserCtrl::get, {drogon::Get});
  Routes::Get(router, "/pets/:id", Routes::bind(&PetApi::getPet, this));
}

`
	want := []string{
		"GET /orders/:id -> get_order | 3-3 | svr.Get(\"/orders/:id\", get_order);",
		"POST /orders/(\\d+)/cancel | 4-6 | svr.Post(R\"(/orders/(\\d+)/cancel)\", [&](const httplib::Request& req, httplib::Response& res) { ... });",
		"POST /items/<int> | 9-9 | CROW_ROUTE(app, \"/items/<int>\").methods(\"POST\"_method, crow::HTTPMethod::Put)([](int id) { ... });",
		"PUT /items/<int> | 9-9 | CROW_ROUTE(app, \"/items/<int>\").methods(\"POST\"_method, crow::HTTPMethod::Put)([](int id) { ... });",
		"GET /health -> health | 10-10 | CROW_ROUTE(app, \"/health\")(health);",
		"GET /users/{id} -> get | 11-11 | drogon::app().registerHandler(\"/users/{id}\", &UserCtrl::get, {drogon::Get});",
		"GET /pets/:id -> getPet | 12-12 | Routes::Get(router, \"/pets/:id\", Routes::bind(&PetApi::getPet, this));",
	}
	if diff := cmp.Diff(want, langtest.RouteLines(t, Lang, "main.cc", src)); diff != "" {
		t.Error(diff)
	}
}
