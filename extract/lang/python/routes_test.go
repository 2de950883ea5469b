package python

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
	for _, tc := range []struct {
		file, src  string
		want       []string
		wantMounts []string
	}{
		{"project/urls.py", `urlpatterns = [path("shop/", include("shop.urls"))]
app.include_router(items.router, prefix="/api/v1")
`, nil, []string{"/api/v1 <- items", "/shop/ <- shop/urls.py"}},
		{"app/api.py", `from fastapi import APIRouter, Depends

from app.case.views import router as case_router
from app.auth.views import router as auth_router

api_router = APIRouter()
org_router = APIRouter(
    prefix="/{organization}", dependencies=[Depends(get_organization_path)]
)
org_router.include_router(
    case_router, prefix="/cases", tags=["cases"]
)
org_router.include_router(auth_router)
api_router.include_router(org_router)
`, nil, []string{"/{organization}/cases <- app/case/views.py", "/{organization} <- app/auth/views.py"}},
		{"CTFd/api/__init__.py", `from CTFd.api.v1.challenges import challenges_namespace
from CTFd.api.v1.tags import tags_namespace

api = Blueprint("api", __name__, url_prefix="/api/v1")
CTFd_API_v1 = Api(api, version="v1")
CTFd_API_v1.add_namespace(challenges_namespace, "/challenges")
CTFd_API_v1.add_namespace(tags_namespace, path="/tags")
`, nil, []string{"/api/v1/challenges <- CTFd/api/v1/challenges.py", "/api/v1/tags <- CTFd/api/v1/tags.py"}},
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
