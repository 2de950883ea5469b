package ruby

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

func routesOf(t *testing.T, file, src string) []string {
	t.Helper()
	return langtest.RouteLines(t, Lang, file, src)
}

func TestRoutes(t *testing.T) {
	src := `Rails.application.routes.draw do
  root "home#index"
  resources :articles, only: [:index, :show], param: :slug do
    resources :comments, only: %i[create destroy]
    member do
      post :favorite
    end
    collection { get :feed }
    get :preview
  end
  resource :profile, except: :destroy
  get "/health", to: "health#show", as: :health
  post "login" => "sessions#create"
  namespace :admin do
    resources :users, only: :index
    get "stats", to: "dashboard#stats"
  end
  scope "/api", module: "api" do
    get "status", action: :status, controller: "status"
  end
  constraints(subdomain: "app") do
    match "/search", to: "search#index", via: %i[get post]
  end
  get "/old", to: redirect("/new")
  get "/top(/:length(/page/:page))" => "home#top", :as => "top"
  get "/s/:id/(:title)" => "stories#show"
end
`
	want := []string{
		`GET / -> HomeController#index | 2-2 | root "home#index"`,
		"GET /articles -> ArticlesController#index | 3-10 | resources :articles, only: [:index, :show], param: :slug do\n  resources :comments, only: %i[create destroy]\n  member do\n    post :favorite\n  end\n  collection { get :feed }\n  get :preview\nend",
		"GET /articles/:slug -> ArticlesController#show | 3-10 | resources :articles, only: [:index, :show], param: :slug do\n  resources :comments, only: %i[create destroy]\n  member do\n    post :favorite\n  end\n  collection { get :feed }\n  get :preview\nend",
		"POST /articles/:article_slug/comments -> CommentsController#create | 4-4 | resources :comments, only: %i[create destroy]",
		"DELETE /articles/:article_slug/comments/:id -> CommentsController#destroy | 4-4 | resources :comments, only: %i[create destroy]",
		"POST /articles/:slug/favorite -> ArticlesController#favorite | 6-6 | post :favorite",
		"GET /articles/feed -> ArticlesController#feed | 8-8 | get :feed",
		"GET /articles/:article_slug/preview -> ArticlesController#preview | 9-9 | get :preview",
		"POST /profile -> ProfilesController#create | 11-11 | resource :profile, except: :destroy",
		"GET /profile/new -> ProfilesController#new | 11-11 | resource :profile, except: :destroy",
		"GET /profile/edit -> ProfilesController#edit | 11-11 | resource :profile, except: :destroy",
		"GET /profile -> ProfilesController#show | 11-11 | resource :profile, except: :destroy",
		"PATCH /profile -> ProfilesController#update | 11-11 | resource :profile, except: :destroy",
		"PUT /profile -> ProfilesController#update | 11-11 | resource :profile, except: :destroy",
		`GET /health -> HealthController#show | 12-12 | get "/health", to: "health#show", as: :health`,
		`POST /login -> SessionsController#create | 13-13 | post "login" => "sessions#create"`,
		"GET /admin/users -> Admin::UsersController#index | 15-15 | resources :users, only: :index",
		`GET /admin/stats -> Admin::DashboardController#stats | 16-16 | get "stats", to: "dashboard#stats"`,
		`GET /api/status -> Api::StatusController#status | 19-19 | get "status", action: :status, controller: "status"`,
		`GET /search -> SearchController#index | 22-22 | match "/search", to: "search#index", via: %i[get post]`,
		`POST /search -> SearchController#index | 22-22 | match "/search", to: "search#index", via: %i[get post]`,
		`GET /old | 24-24 | get "/old", to: redirect("/new")`,
		`GET /top -> HomeController#top | 25-25 | get "/top(/:length(/page/:page))" => "home#top", :as => "top"`,
		`GET /top/:length -> HomeController#top | 25-25 | get "/top(/:length(/page/:page))" => "home#top", :as => "top"`,
		`GET /top/:length/page/:page -> HomeController#top | 25-25 | get "/top(/:length(/page/:page))" => "home#top", :as => "top"`,
		`GET /s/:id -> StoriesController#show | 26-26 | get "/s/:id/(:title)" => "stories#show"`,
		`GET /s/:id/:title -> StoriesController#show | 26-26 | get "/s/:id/(:title)" => "stories#show"`,
	}
	if diff := cmp.Diff(want, routesOf(t, "config/routes.rb", src)); diff != "" {
		t.Error(diff)
	}
}

// TestRoutesOutsideRoutesFiles: an engine's routes.draw block draws
// routes wherever it is; a file split out of config/routes.rb draws its
// statements; any other file's get and post (a request spec's) draw none.
func TestRoutesOutsideRoutesFiles(t *testing.T) {
	engine := "Blog::Engine.routes.draw do\n  resources :posts, only: :index\nend\n"
	if diff := cmp.Diff([]string{"GET /posts -> PostsController#index | 2-2 | resources :posts, only: :index"},
		routesOf(t, "engines/blog/lib/routes.rb", engine)); diff != "" {
		t.Error(diff)
	}
	split := "namespace :admin do\n  get \"audit\", to: \"audit#index\"\nend\n"
	if diff := cmp.Diff([]string{`GET /admin/audit -> Admin::AuditController#index | 2-2 | get "audit", to: "audit#index"`},
		routesOf(t, "config/routes/admin.rb", split)); diff != "" {
		t.Error(diff)
	}
	spec := "RSpec.describe \"Orders\" do\n  it \"lists\" do\n    get \"/orders\"\n    post \"/orders\", params: {}\n  end\nend\n"
	if got := routesOf(t, "spec/requests/orders_spec.rb", spec); len(got) != 0 {
		t.Errorf("a request spec draws %q", got)
	}
}
