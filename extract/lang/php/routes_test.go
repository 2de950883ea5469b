package php

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

func TestLaravelRoutes(t *testing.T) {
	src := `<?php

use App\Http\Controllers\OrderController;
use Illuminate\Support\Facades\Route;

Route::get('/', function () {
    return view('welcome');
});

Route::get('/orders/{order}', [OrderController::class, 'show'])->name('orders.show');
Route::post('orders', 'OrderController@store');
Route::match(['get', 'post'], '/search', SearchController::class);
Route::view('/about', 'about');

Route::prefix('api/v1')->middleware('auth:sanctum')->group(function () {
    Route::controller(InvoiceController::class)->group(function () {
        Route::get('/invoices', 'index');
        Route::delete('/invoices/{id}', 'destroy');
    });
    Route::apiResource('photos.comments', CommentController::class)->only(['index', 'store']);
});

Route::group(['prefix' => 'admin'], function () {
    Route::resource('users', Admin\UserController::class)->except(['create', 'edit', 'update']);
});

$router->get('/health', 'HealthController@check');
$other->get('/nope', 'X@y');
`
	got := langtest.RouteLines(t, Lang, "routes/web.php", src)
	want := []string{
		"GET / | 6-8 | Route::get('/', function () {\n    return view('welcome');\n});",
		"GET /orders/{order} -> OrderController.show | 10-10 | Route::get('/orders/{order}', [OrderController::class, 'show'])->name('orders.show');",
		"POST /orders -> OrderController.store | 11-11 | Route::post('orders', 'OrderController@store');",
		"GET /search -> SearchController.__invoke | 12-12 | Route::match(['get', 'post'], '/search', SearchController::class);",
		"POST /search -> SearchController.__invoke | 12-12 | Route::match(['get', 'post'], '/search', SearchController::class);",
		"GET /about | 13-13 | Route::view('/about', 'about');",
		"GET /api/v1/invoices -> InvoiceController.index | 17-17 | Route::get('/invoices', 'index');",
		"DELETE /api/v1/invoices/{id} -> InvoiceController.destroy | 18-18 | Route::delete('/invoices/{id}', 'destroy');",
		"GET /api/v1/photos/{photo}/comments -> CommentController.index | 20-20 | Route::apiResource('photos.comments', CommentController::class)->only(['index', 'store']);",
		"POST /api/v1/photos/{photo}/comments -> CommentController.store | 20-20 | Route::apiResource('photos.comments', CommentController::class)->only(['index', 'store']);",
		"GET /admin/users -> UserController.index | 24-24 | Route::resource('users', Admin\\UserController::class)->except(['create', 'edit', 'update']);",
		"POST /admin/users -> UserController.store | 24-24 | Route::resource('users', Admin\\UserController::class)->except(['create', 'edit', 'update']);",
		"GET /admin/users/{user} -> UserController.show | 24-24 | Route::resource('users', Admin\\UserController::class)->except(['create', 'edit', 'update']);",
		"DELETE /admin/users/{user} -> UserController.destroy | 24-24 | Route::resource('users', Admin\\UserController::class)->except(['create', 'edit', 'update']);",
		"GET /health -> HealthController.check | 27-27 | $router->get('/health', 'HealthController@check');",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

func TestSymfonyRoutes(t *testing.T) {
	src := `<?php
namespace App\Controller;

#[Route('/blog')]
class BlogController extends AbstractController
{
    #[Route('/{slug}', name: 'blog_show', methods: ['GET', 'HEAD'])]
    public function show(string $slug): Response
    {
        return $this->render('blog/show.html.twig');
    }

    #[Route(path: '/new', methods: 'POST')]
    public function create(): Response {}

    /**
     * @Route("/legacy/{id}", name="legacy", methods={"GET"})
     */
    public function legacy(int $id): Response {}

    #[Route(methods: ['GET'], name: 'blog_list')]
    public function list(): Response {}

    public function helper() {}
}
`
	got := langtest.RouteLines(t, Lang, "src/Controller/BlogController.php", src)
	want := []string{
		"GET /blog/{slug} -> show | 7-8 | #[Route('/{slug}', name: 'blog_show', methods: ['GET', 'HEAD'])]\npublic function show(string $slug): Response",
		"HEAD /blog/{slug} -> show | 7-8 | #[Route('/{slug}', name: 'blog_show', methods: ['GET', 'HEAD'])]\npublic function show(string $slug): Response",
		"POST /blog/new -> create | 13-14 | #[Route(path: '/new', methods: 'POST')]\npublic function create(): Response",
		"GET /blog/legacy/{id} -> legacy | 16-19 | /**\n * @Route(\"/legacy/{id}\", name=\"legacy\", methods={\"GET\"})\n */\npublic function legacy(int $id): Response",
		"GET /blog -> list | 21-22 | #[Route(methods: ['GET'], name: 'blog_list')]\npublic function list(): Response",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}
