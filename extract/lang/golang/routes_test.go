package golang

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
	} {
		ds, mounts := langtest.Routes(t, langtest.ForPath(langs, tc.file), tc.file, tc.src)
		var got, gotM []string
		for _, d := range ds {
			got = append(got, d.Route.String())
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
