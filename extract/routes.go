package extract

import (
	"context"
	"fmt"
	"sort"

	sitter "github.com/smacker/go-tree-sitter"
)

// KindRoute is an HTTP route registration and its handler.
const KindRoute Kind = "route"

// Route is what a route registration says.
type Route struct {
	Method  string // GET, POST, ... or ANY
	Pattern string // the path as registered, prefixes applied: /items/{id}/tags
	Handler string // the handler's name when it is named, "" when inline
	// Fold is set when the framework matches a path's literal segments in
	// any case (ASP.NET Core): Pattern writes them in lower case.
	Fold bool
	// Within names the function whose body registers it, where a mount
	// may name that function (Ktor's fun Route.orders()); "" elsewhere.
	Within string
	// Name is the name the framework registers it by, for code to refer
	// to it (Laravel's ->name('api.links.check')); "" for none.
	Name string
	// Full says the registration states the whole path the application
	// serves it at: no mount the tool cannot see puts it under a prefix
	// (Rails' config/routes.rb draws every route from the root).
	Full bool
}

// RouteCall is a registration found in a tree, before its snippet is
// built: Show is the node shown (its bodies cut), OwnFunc the handler
// whose body is cut entirely, From where the snippet starts when it is one
// call of a chain, Lead where it starts when the decorators that register
// the route stand before Show as its siblings (NestJS's @Get() above a
// method).
type RouteCall struct {
	Route
	Show, OwnFunc *sitter.Node
	From          *sitter.Node
	Lead          *sitter.Node
}

// Mount is a router mounted under a prefix: Django include(), Hono
// app.route(), Express app.use(), FastAPI include_router, Flask
// register_blueprint, chi Mount. Target names what is mounted: a module
// path ("shop/urls.py") or an identifier whose file stem it matches.
type Mount struct {
	Prefix string
	Target string
	Path   string // the file holding the mount
	// Func says Target names a function whose routes are mounted, called
	// under the prefix (Ktor's route("/orders") { orderRoutes() }), and
	// Within the function whose body holds the mount ("" at the top).
	Func   bool
	Within string
}

// Routes returns the HTTP routes a file registers, each as a Definition of
// kind route whose snippet is the registration with bodies cut (for a
// decorator, the decorated handler's signature).
func (p *Parser) Routes(ctx context.Context, lang *Language, name string, src []byte) ([]Definition, []Mount, error) {
	if lang.Routes == nil {
		if lang.TextRoutes != nil {
			return lang.TextRoutes(name, src), nil, nil
		}
		return nil, nil, nil
	}
	if stmts, ok := apartStatements(lang, src, nil); ok {
		var defs []Definition
		var mounts []Mount
		err := p.eachStatement(ctx, lang, name, src, stmts, func(tree *sitter.Tree) {
			ds, ms := p.routesIn(lang, name, src, tree)
			defs, mounts = append(defs, ds...), append(mounts, ms...)
		})
		if err != nil {
			return nil, nil, err
		}
		return defs, mounts, nil
	}
	tree, err := p.parse(ctx, lang, name, src)
	if err != nil {
		return nil, nil, err
	}
	defer tree.Close()
	defs, mounts := p.routesIn(lang, name, src, tree)
	return defs, mounts, nil
}

// routesIn returns the routes and mounts of a parsed file (or statement).
func (p *Parser) routesIn(lang *Language, name string, src []byte, tree *sitter.Tree) ([]Definition, []Mount) {
	var defs []Definition
	calls, mounts := lang.Routes(tree.RootNode(), src, name)
	at := func(rc RouteCall) uint32 {
		if rc.From != nil {
			return rc.From.StartByte()
		}
		return rc.Show.StartByte()
	}
	sort.SliceStable(calls, func(i, j int) bool { return at(calls[i]) < at(calls[j]) })
	for i := range mounts {
		mounts[i].Path = name
	}
	for _, rc := range calls {
		if brokenShown(lang, rc.Show, rc.OwnFunc) {
			continue
		}
		m := Match{Src: src, Def: rc.Show, Show: rc.Show, OwnFunc: rc.OwnFunc, from: rc.From, lead: rc.Lead}
		if rc.OwnFunc != nil {
			m.Def = rc.OwnFunc
		}
		m.Out = Definition{Name: rc.Method + " " + rc.Pattern, Kind: KindRoute, Title: "Route", Path: name, Lang: lang,
			Exported: true, Route: &Route{rc.Method, rc.Pattern, rc.Handler, rc.Fold, rc.Within, rc.Name, rc.Full}}
		buildSnippet(lang, &m)
		m.Out.DeclLine = m.Out.StartLine
		defs = append(defs, m.Out)
	}
	return defs, mounts
}

// String renders a route as "POST /items/{id}/tags -> handler".
func (r Route) String() string {
	if r.Handler == "" {
		return fmt.Sprintf("%s %s", r.Method, r.Pattern)
	}
	return fmt.Sprintf("%s %s -> %s", r.Method, r.Pattern, r.Handler)
}
