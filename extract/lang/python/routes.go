package python

import (
	"bytes"
	"path"
	"regexp"
	"slices"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/route"
)

var pyRouteVerbs = map[string]bool{"get": true, "post": true, "put": true, "patch": true, "delete": true, "head": true,
	"options": true, "route": true, "api_route": true, "websocket": true}

var (
	pyPrefixRe  = regexp.MustCompile(`(?m)^(\w+)\s*=\s*(?:\w+\.)?(?:APIRouter|Blueprint|Api)\((?s:[^)]*?)(?:url_)?prefix\s*=\s*["']([^"']*)["']`)
	pyMethodsRe = regexp.MustCompile(`methods\s*=\s*\[([^\]]*)\]`)
	pyQuotedRe  = regexp.MustCompile(`["'](\w+)["']`)
)

// pyRoutes finds FastAPI and Flask decorators (with APIRouter, Blueprint
// and Flask-RESTful Api prefixes), Flask and Flask-RESTful registrations,
// and Django urls.py path() entries.
func pyRoutes(root *sitter.Node, src []byte, file string) ([]extract.RouteCall, []extract.Mount) {
	var mounts []extract.Mount
	var imported map[string]string
	prefixes := map[string]string{}
	for _, m := range pyPrefixRe.FindAllSubmatch(src, -1) {
		prefixes[string(m[1])] = string(m[2])
	}
	for _, m := range matchesIf(src, "Api(", pyRestxAPIRe) {
		// api = Api(blueprint): the blueprint's url_prefix is the api's.
		if p := prefixes[string(m[2])]; p != "" && prefixes[string(m[1])] == "" {
			prefixes[string(m[1])] = p
		}
	}
	for _, m := range matchesIf(src, "_router(", pyIncludeRe, "register_blueprint(", "add_namespace(") {
		// app.include_router(items.router, prefix="/items"), register_blueprint(bp, url_prefix=...),
		// api.add_namespace(ns, "/items"); under the including router's
		// own prefix (APIRouter(prefix="/{organization}")).
		target := string(m[2])
		prefix := string(m[3]) + string(m[4])
		if own := prefixes[string(m[1])]; own != "" {
			prefix = route.Join(own, prefix)
		} else if len(m[3])+len(m[4]) == 0 {
			continue // (no prefix: the router's routes are served as they are)
		}
		if i := strings.IndexByte(target, '.'); i > 0 {
			target = target[:i]
		} else {
			if imported == nil {
				imported = importedFrom(src)
			}
			if mod, ok := imported[target]; ok {
				// `from app.items.views import router as items_router`:
				// the module's file.
				target = strings.ReplaceAll(mod, ".", "/") + ".py"
			}
		}
		mounts = append(mounts, extract.Mount{Prefix: prefix, Target: target})
	}
	routers := map[string]bool{}
	for _, m := range pyRouterRe.FindAllSubmatch(src, -1) {
		routers[string(m[1])] = true
	}
	var out []extract.RouteCall
	django := path.Base(file) == "urls.py"
	// under is the prefix of the include() lists the walk is inside
	// (re_path(r"^api/", include([re_path(r"^documents/", include([...]))]))),
	// "" at the top.
	under := ""
	// routerUnder are the prefixes a router's urls are included under
	// (re_path(r"^api/", include(api_router.urls))), by the router's name.
	routerUnder := map[string]string{}
	routerAt := map[int]string{} // the router of each of out's routes a router registers
	mountAt := map[int]string{}  // the router of each of mounts' viewsets a router registers
	// lists are the module's lists of routes an include() names
	// (check_urls = [path("pause/", ...)], then path("checks/<uuid:code>/",
	// include(check_urls))): their routes stand only under each prefix
	// that includes them.
	lists := map[string]*sitter.Node{}
	if django {
		lists = includedLists(root, src)
	}
	including := map[string]bool{} // the lists the walk is inside
	var walk func(n *sitter.Node)
	walk = func(n *sitter.Node) {
		switch n.Type() {
		case "assignment":
			if left := n.ChildByFieldName("left"); left != nil && lists[left.Content(src)] != nil && n.Parent() != nil &&
				n.Parent().Parent() != nil && n.Parent().Parent().Type() == "module" {
				return
			}
		case "decorated_definition":
			def := n.ChildByFieldName("definition")
			for _, dec := range extract.NamedChildren(n) {
				if dec.Type() != "decorator" || def == nil || def.Type() != "function_definition" {
					continue
				}
				call := dec.NamedChild(0)
				if call == nil || call.Type() != "call" {
					continue
				}
				fn := call.ChildByFieldName("function")
				if rc, ok := actionRoutes(fn, call, def, src); ok {
					out = append(out, rc...)
					continue
				}
				args := extract.NamedChildren(call.ChildByFieldName("arguments"))
				if fn == nil || fn.Type() != "attribute" || len(args) == 0 {
					continue
				}
				verb := fn.ChildByFieldName("attribute").Content(src)
				p, ok := route.StringValue(args[0], src)
				if inner := extract.NamedChildren(args[0].ChildByFieldName("arguments")); !ok && args[0].Type() == "call" && len(inner) > 0 {
					// @routes.route(org_scoped_rule("/api/alerts")): the
					// rule a helper wraps (with a prefix of its own).
					p, ok = route.StringValue(inner[0], src)
				}
				if !pyRouteVerbs[verb] || !ok || !strings.HasPrefix(p, "/") && p != "" {
					continue
				}
				p = prefixes[fn.ChildByFieldName("object").Content(src)] + p
				methods := []string{strings.ToUpper(verb)}
				if !route.Methods[methods[0]] {
					methods = []string{"GET"}
					if verb == "api_route" || verb == "websocket" {
						methods = []string{"ANY"}
					}
					if mm := pyMethodsRe.FindStringSubmatch(call.Content(src)); mm != nil {
						methods = quotedVerbs(mm[1])
					}
				}
				name := def.ChildByFieldName("name").Content(src)
				for _, method := range methods {
					out = append(out, extract.RouteCall{Route: extract.Route{Method: method, Pattern: p, Handler: name}, Show: n, OwnFunc: def})
				}
			}
			if def == nil || def.Type() != "class_definition" {
				return // (a decorated class's body holds its actions: walked below)
			}
			out = append(out, restxRoutes(n, def, src)...)
		case "list_splat":
			// [..., *api_router.urls]: what the router registers, under the
			// prefix of the include() list it is spread into.
			if a := n.NamedChild(0); under != "" && a != nil && a.Type() == "attribute" && a.ChildByFieldName("attribute").Content(src) == "urls" {
				routerUnder[a.ChildByFieldName("object").Content(src)] = under
				return
			}
		case "call":
			if rc := routerRoutes(n, src, routers); rc != nil {
				r := n.ChildByFieldName("function").ChildByFieldName("object").Content(src)
				for _, c := range rc {
					routerAt[len(out)] = r
					out = append(out, c)
				}
				// The viewset's extra actions (@action), in its own file,
				// are served under the list route.
				viewset := rc[0].Handler[strings.LastIndexByte(rc[0].Handler, '.')+1:]
				mountAt[len(mounts)] = r
				mounts = append(mounts, extract.Mount{Prefix: rc[0].Pattern, Target: viewset, Func: true})
				return
			}
			if rc := resourceRoutes(n, src, prefixes); rc != nil {
				out = append(out, rc...)
				return
			}
			if fn := n.ChildByFieldName("function"); django && fn != nil && (fn.Content(src) == "path" || fn.Content(src) == "re_path") {
				args := extract.NamedChildren(n.ChildByFieldName("arguments"))
				if len(args) >= 2 {
					if p, ok := route.StringValue(args[0], src); ok {
						at := joinPattern(under, djangoPattern(p))
						if inc := args[1]; inc.Type() == "call" && inc.ChildByFieldName("function").Content(src) == "include" {
							if ia := extract.NamedChildren(inc.ChildByFieldName("arguments")); len(ia) > 0 {
								target := ia[0]
								if target.Type() == "tuple" && target.NamedChildCount() > 0 {
									target = target.NamedChild(0) // include((patterns, "app_name"))
								}
								switch mod, ok := route.StringValue(target, src); {
								case ok:
									// path("shop/", include("shop.urls")): a mount.
									mounts = append(mounts, extract.Mount{Prefix: at, Target: strings.ReplaceAll(mod, ".", "/") + ".py"})
								case target.Type() == "list" || target.Type() == "tuple":
									// include([re_path(r"^delete/", ...), ...]): the
									// list's routes, under the prefix.
									outer := under
									under = at
									walk(target)
									under = outer
									return
								case target.Type() == "identifier" && lists[target.Content(src)] != nil:
									// include(check_urls): the module's list, under
									// the prefix (each time it is included).
									if name := target.Content(src); !including[name] {
										outer := under
										under, including[name] = at, true
										walk(lists[name])
										under, including[name] = outer, false
									}
									return
								case target.Type() == "attribute" && target.ChildByFieldName("attribute").Content(src) == "urls":
									// include(api_router.urls): what the router
									// registers, under the prefix.
									routerUnder[target.ChildByFieldName("object").Content(src)] = at
								}
							}
						} else {
							out = append(out, extract.RouteCall{Route: extract.Route{Method: "ANY", Pattern: at, Handler: viewName(args[1], src)}, Show: n})
						}
					}
				}
			}
		}
		for i := 0; i < int(n.NamedChildCount()); i++ {
			walk(n.NamedChild(i))
		}
	}
	walk(root)
	for i, r := range routerAt {
		if p, ok := routerUnder[r]; ok {
			out[i].Route.Pattern = joinPattern(p, out[i].Route.Pattern)
		}
	}
	for i, r := range mountAt {
		if p, ok := routerUnder[r]; ok {
			mounts[i].Prefix = joinPattern(p, mounts[i].Prefix)
		}
	}
	return out, mounts
}

// includedLists are the lists or tuples a module assigns to a name at its
// top level that an include() of the module names, by the name.
func includedLists(root *sitter.Node, src []byte) map[string]*sitter.Node {
	if !bytes.Contains(src, []byte("include(")) {
		return nil
	}
	assigned := map[string]*sitter.Node{}
	times := map[string]int{} // (a list assigned again, `v1_urls = v1_urls + [...]`, or added to, is walked where it stands)
	for _, st := range extract.NamedChildren(root) {
		a := st.NamedChild(0)
		if st.Type() != "expression_statement" || a == nil || a.Type() != "assignment" && a.Type() != "augmented_assignment" {
			continue
		}
		left, right := a.ChildByFieldName("left"), a.ChildByFieldName("right")
		if left == nil {
			continue
		}
		times[left.Content(src)]++
		if right != nil && a.Type() == "assignment" && left.Type() == "identifier" && (right.Type() == "list" || right.Type() == "tuple") {
			assigned[left.Content(src)] = right
		}
	}
	for name := range assigned {
		if times[name] > 1 {
			delete(assigned, name)
		}
	}
	lists := map[string]*sitter.Node{}
	var find func(n *sitter.Node)
	find = func(n *sitter.Node) {
		if n.Type() == "call" && n.ChildByFieldName("function").Content(src) == "include" {
			if args := extract.NamedChildren(n.ChildByFieldName("arguments")); len(args) > 0 && args[0].Type() == "identifier" {
				if l := assigned[args[0].Content(src)]; l != nil {
					lists[args[0].Content(src)] = l
				}
			}
		}
		for i := 0; i < int(n.NamedChildCount()); i++ {
			find(n.NamedChild(i))
		}
	}
	find(root)
	return lists
}

// joinPattern is pattern p under prefix: one slash between them.
func joinPattern(prefix, p string) string {
	if prefix == "" || prefix == "/" {
		return p
	}
	return strings.TrimSuffix(prefix, "/") + "/" + strings.TrimPrefix(p, "/")
}

// actionRoutes reads Django REST framework's `@action(detail=False,
// methods=["post"]) def run(...)` in a viewset: the route the router adds
// for it, `run/` under the viewset's list route (`{pk}/run/` under it for a
// detail action; `url_path` renames the segment), GET unless methods says
// otherwise, registered within the viewset class, under which a router's
// registration mounts it.
func actionRoutes(fn, call, def *sitter.Node, src []byte) ([]extract.RouteCall, bool) {
	if fn == nil || fn.Type() != "identifier" || fn.Content(src) != "action" {
		return nil, false
	}
	class := pyClassOf(def) // (the class a method's definition is given to)
	if class == nil {
		return nil, false
	}
	name := def.ChildByFieldName("name").Content(src)
	segment, detail, methods := name, false, []string{"GET"}
	for _, a := range extract.NamedChildren(call.ChildByFieldName("arguments")) {
		if a.Type() != "keyword_argument" {
			continue
		}
		switch key, v := a.ChildByFieldName("name").Content(src), a.ChildByFieldName("value"); key {
		case "detail":
			detail = v.Content(src) == "True"
		case "methods":
			if vs := quotedVerbs(v.Content(src)); vs != nil {
				methods = vs
			}
		case "url_path":
			if p, ok := route.StringValue(v, src); ok {
				segment = strings.Trim(p, "/")
			}
		}
	}
	pattern := "/" + segment + "/"
	if detail {
		pattern = "/{pk}" + pattern
	}
	within := class.ChildByFieldName("name").Content(src)
	var out []extract.RouteCall
	for _, m := range methods {
		out = append(out, extract.RouteCall{Route: extract.Route{Method: m, Pattern: pattern, Handler: within + "." + name, Within: within}, Show: call.Parent().Parent(), OwnFunc: def})
	}
	return out, true
}

// pyResourceRe names the registrations of a view under paths: Flask's
// add_url_rule, Flask-RESTful's add_resource and an application's wrappers
// of it (add_org_resource).
var pyResourceRe = regexp.MustCompile(`^add_(?:\w+_)?resource$|^add_url_rule$`)

// resourceRoutes reads a call registering a view: `api.add_resource(
// ItemResource, "/items/<id>", "/i/<id>", endpoint="item")`, one route of
// any method per path, the handler the resource class (whose methods are
// the verbs); `app.add_url_rule("/items", view_func=items, methods=["GET"])`.
func resourceRoutes(call *sitter.Node, src []byte, prefixes map[string]string) []extract.RouteCall {
	fn := call.ChildByFieldName("function")
	if fn == nil || fn.Type() != "attribute" || !pyResourceRe.MatchString(fn.ChildByFieldName("attribute").Content(src)) {
		return nil
	}
	rule := fn.ChildByFieldName("attribute").Content(src) == "add_url_rule"
	prefix := prefixes[fn.ChildByFieldName("object").Content(src)]
	var paths []string
	handler := ""
	methods := []string{"ANY"}
	for k, a := range extract.NamedChildren(call.ChildByFieldName("arguments")) {
		if a.Type() == "keyword_argument" {
			switch key, v := a.ChildByFieldName("name").Content(src), a.ChildByFieldName("value"); {
			case key == "view_func" || key == "resource":
				handler = viewName(v, src)
			case key == "methods" && rule:
				if vs := quotedVerbs(v.Content(src)); vs != nil {
					methods = vs
				}
			}
			continue
		}
		if p, ok := route.StringValue(a, src); ok && strings.HasPrefix(p, "/") && (k > 0 || rule) {
			paths = append(paths, prefix+p)
		} else if k == 0 && !rule || k == 2 && rule && handler == "" {
			handler = viewName(a, src) // the resource; add_url_rule(rule, endpoint, view_func)
		}
	}
	if handler == "" {
		return nil
	}
	var out []extract.RouteCall
	for _, p := range paths {
		for _, m := range methods {
			out = append(out, extract.RouteCall{Route: extract.Route{Method: m, Pattern: p, Handler: handler}, Show: call})
		}
	}
	return out
}

// pyRouterRe is a Django REST framework router made in a file
// (`router = routers.DefaultRouter()`, a project's `NetBoxRouter()`).
var pyRouterRe = regexp.MustCompile(`(?m)^(\w+)\s*=\s*(?:[\w.]+\.)?\w*Router\(`)

// pyRegisterRe is a viewset's registration on a router, by its prefix:
// `router.register('jobs', ...)`, `router.register(r'^users', ...)`.
var pyRegisterRe = regexp.MustCompile(`\.register\(\s*r?["']\^?([\w-]+)`)

// routerWords are the segments a file's routes start with that no "/"
// precedes: the prefixes it registers viewsets under on a router, the
// first segments of its Django path() patterns, and its viewsets'
// actions' segments. The file is parsed for routes when one is a segment
// of an endpoint the spec names.
func routerWords(src []byte) []string {
	var out []string
	if bytes.Contains(src, []byte("Router(")) {
		for _, m := range pyRegisterRe.FindAllSubmatch(src, -1) {
			if w := string(m[1]); !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	if bytes.Contains(src, []byte("path(")) {
		// Django's path("pause/", ...) and re_path(r"^trash/", ...): the
		// first segment, which no "/" precedes.
		for _, m := range pyPathRe.FindAllSubmatch(src, -1) {
			if w := string(m[1]); !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	if bytes.Contains(src, []byte("@action(")) {
		// A viewset's extra actions: the segment each adds, its url_path
		// or its method's name.
		for _, m := range pyActionRe.FindAllSubmatch(src, -1) {
			w := string(m[2])
			if len(m[1]) > 0 {
				w = strings.Trim(string(m[1]), "/")
			}
			if w != "" && !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	return out
}

// pyPathRe is a Django path() or re_path() registration's pattern: its
// first segment.
var pyPathRe = regexp.MustCompile(`\b(?:re_)?path\(\s*r?["']\^?([\w-]+)`)

// pyActionRe is a Django REST framework action: its decorator (with a
// url_path), then the method it decorates.
var pyActionRe = regexp.MustCompile(`(?m)^[ \t]*@action\((?s:[^)]*?)(?:url_path\s*=\s*r?["']([^"']*)["'](?s:[^)]*?))?\)\s*\n(?:[ \t]*@.*\n)*[ \t]*(?:async\s+)?def\s+(\w+)`)

// routerRoutes reads a viewset's registration on a router made in the
// file, `router.register('jobs', views.JobViewSet)`: its list route
// (/jobs/) and its detail route (/jobs/{pk}/), of any method, as the
// router's defaults name them; the handler the viewset, whose methods
// answer them. (Its extra actions, declared in the viewset's file, are
// not known here.)
func routerRoutes(call *sitter.Node, src []byte, routers map[string]bool) []extract.RouteCall {
	fn := call.ChildByFieldName("function")
	if fn == nil || fn.Type() != "attribute" || fn.ChildByFieldName("attribute").Content(src) != "register" ||
		!routers[fn.ChildByFieldName("object").Content(src)] {
		return nil
	}
	args := extract.NamedChildren(call.ChildByFieldName("arguments"))
	if len(args) < 2 || args[1].Type() == "keyword_argument" {
		return nil
	}
	prefix, ok := route.StringValue(args[0], src)
	if !ok {
		return nil
	}
	handler := viewName(args[1], src)
	list := "/" + strings.Trim(strings.TrimSuffix(strings.TrimPrefix(prefix, "^"), "$"), "/") + "/"
	return []extract.RouteCall{
		{Route: extract.Route{Method: "ANY", Pattern: list, Handler: handler}, Show: call},
		{Route: extract.Route{Method: "ANY", Pattern: list + "{pk}/", Handler: handler}, Show: call},
	}
}

// quotedVerbs are the quoted words of a methods list, upper-cased:
// ["GET", 'post'] gives GET and POST.
func quotedVerbs(list string) []string {
	var out []string
	for _, q := range pyQuotedRe.FindAllStringSubmatch(list, -1) {
		out = append(out, strings.ToUpper(q[1]))
	}
	return out
}

// viewName is the view a registration names: the class of
// `UserAPI.as_view("users")`, or the function or class itself.
func viewName(v *sitter.Node, src []byte) string {
	if v.Type() == "call" {
		if fn := v.ChildByFieldName("function"); fn != nil && fn.Type() == "attribute" && fn.ChildByFieldName("attribute").Content(src) == "as_view" {
			v = fn.ChildByFieldName("object")
		}
	}
	return route.HandlerName(v, src)
}

// pyFromImportRe is an import of names from an absolute module, on one
// line: `from app.items.views import router as items_router`.
var pyFromImportRe = regexp.MustCompile(`(?m)^from\s+([A-Za-z_][\w.]*)\s+import\s+\(?([\w ,]+)\)?\s*$`)

// importedFrom maps the names a file imports from absolute modules (as it
// calls them) to their modules.
func importedFrom(src []byte) map[string]string {
	out := map[string]string{}
	for _, m := range pyFromImportRe.FindAllSubmatch(src, -1) {
		for _, n := range strings.Split(string(m[2]), ",") {
			if f := strings.Fields(n); len(f) > 0 {
				out[f[len(f)-1]] = string(m[1]) // `router as items_router`: items_router
			}
		}
	}
	return out
}

var pyIncludeRe = regexp.MustCompile(`(?:(\w+)\s*\.\s*)?(?:include_router|register_blueprint|add_namespace)\(\s*([\w.]+)\s*(?:,[^)]*?(?:(?:url_)?prefix|path)\s*=\s*["']([^"']*)["']|,\s*["']([^"']*)["'])?`)

// matchesIf runs re over src only when src holds one of the words every
// match holds: a regular expression that starts with an optional part has
// no literal to skip ahead by, and would try every byte of every file.
func matchesIf(src []byte, word string, re *regexp.Regexp, more ...string) [][][]byte {
	for _, w := range append([]string{word}, more...) {
		if bytes.Contains(src, []byte(w)) {
			return re.FindAllSubmatch(src, -1)
		}
	}
	return nil
}

// pyRestxAPIRe is a flask-restx Api made on a blueprint: `api = Api(bp, ...)`.
var pyRestxAPIRe = regexp.MustCompile(`(?m)^(\w+)\s*=\s*(?:\w+\.)?Api\(\s*(\w+)`)

var djangoGroupRe = regexp.MustCompile(`\(\?P<(\w+)>[^)]*\)`)

// djangoPattern turns "items/<int:pk>/" and r"^items/(?P<pk>\d+)/$" into
// "/items/<int:pk>/" and "/items/{pk}/".
func djangoPattern(p string) string {
	p = strings.TrimSuffix(strings.TrimPrefix(p, "^"), "$")
	p = djangoGroupRe.ReplaceAllString(p, "{$1}")
	return "/" + strings.TrimPrefix(p, "/")
}

// restxRoutes are the routes of a flask-restx resource: a class
// decorated @ns.route("/x") serves /x with each of its methods named for
// an HTTP method (def get(self), def post(self)).
func restxRoutes(decorated, class *sitter.Node, src []byte) []extract.RouteCall {
	var paths []string
	for _, dec := range extract.NamedChildren(decorated) {
		call := dec.NamedChild(0)
		if dec.Type() != "decorator" || call == nil || call.Type() != "call" {
			continue
		}
		fn := call.ChildByFieldName("function")
		args := extract.NamedChildren(call.ChildByFieldName("arguments"))
		if fn == nil || fn.Type() != "attribute" || fn.ChildByFieldName("attribute").Content(src) != "route" || len(args) == 0 {
			continue
		}
		for _, a := range args {
			if p, ok := route.StringValue(a, src); ok && (p == "" || strings.HasPrefix(p, "/")) {
				paths = append(paths, p)
			}
		}
	}
	if len(paths) == 0 {
		return nil
	}
	var out []extract.RouteCall
	for _, c := range extract.NamedChildren(class.ChildByFieldName("body")) {
		def := c
		if c.Type() == "decorated_definition" {
			def = c.ChildByFieldName("definition")
		}
		if def == nil || def.Type() != "function_definition" {
			continue
		}
		name := def.ChildByFieldName("name").Content(src)
		method := strings.ToUpper(name)
		if !route.Methods[method] {
			continue
		}
		for _, p := range paths {
			// (The class is shown, with the path its decorator maps.)
			out = append(out, extract.RouteCall{Route: extract.Route{Method: method, Pattern: p, Handler: name}, Show: decorated, OwnFunc: def})
		}
	}
	return out
}
