package ruby

import (
	"bytes"
	"cmp"
	"slices"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
)

// railsRoutes finds the routes a Rails application draws: in a routes
// file (config/routes.rb, config/routes/*.rb), or in any file's
// routes.draw block (an engine's). It reads resources and resource with
// their only, except, path, param, controller and module options, their
// member, collection and nested routes; namespace and scope prefixes and
// modules; the verbs get, post, put, patch, delete, match (via:) and root,
// with to: "controller#action" or controller: and action:. A route's
// handler is the controller's action, ArticlesController#show; the
// snippet is the call that registers it.
func railsRoutes(root *sitter.Node, src []byte, file string) ([]extract.RouteCall, []extract.Mount) {
	r := &router{src: src}
	// (An application's routes file draws from the root; an engine's is
	// mounted where the host application says.)
	r.full = routeFile(file) && !bytes.Contains(src, []byte("Engine.routes.draw"))
	if routeFile(file) {
		r.stmts(root, rscope{})
		return r.out, nil
	}
	extract.Walk(root, func(n *sitter.Node) {
		if n.Type() == "call" {
			if m := n.ChildByFieldName("method"); m != nil && m.Content(src) == "draw" {
				if b := blockOf(n); b != nil {
					r.stmts(b, rscope{})
				}
			}
		}
	})
	return r.out, nil
}

// router collects the routes of one file.
type router struct {
	src  []byte
	full bool // its routes are the application's whole paths (extract.Route.Full)
	out  []extract.RouteCall
	// concerns are the bodies of the routing concerns declared so far
	// (`concern :commentable do ... end`), by name, for the resources
	// that include them.
	concerns map[string]*sitter.Node
}

// rscope is where a statement of a routes block stands: the path prefix
// its routes start with, the module of its controllers ("admin/"), the
// controller a controller block names, and the resource it is inside.
type rscope struct {
	path, module, controller string
	res                      *resource
	on                       string // member or collection: the block is one of res
}

// resource is what resources or resource declared: its controller and
// the paths of its collection, its members and what nests in it.
type resource struct {
	controller           string
	base, member, nested string
}

// blockOf returns the body of a call's do or brace block, or nil.
func blockOf(call *sitter.Node) *sitter.Node {
	b := call.ChildByFieldName("block")
	if b == nil {
		return nil
	}
	return b.ChildByFieldName("body")
}

// stmts reads the statements of a block (or a file) under sc.
func (r *router) stmts(n *sitter.Node, sc rscope) {
	for _, c := range extract.NamedChildren(n) {
		switch c.Type() {
		case "call":
			r.call(c, sc)
		case "if", "unless", "then", "else", "begin", "body_statement", "block_body", "parenthesized_statements":
			r.stmts(c, sc)
		}
	}
}

// args splits a call's arguments: the positional ones, and the options
// by their key (to, only, path, ...); a "path" => "c#a" pair is a
// positional path and its to.
func (r *router) args(call *sitter.Node) (pos []*sitter.Node, opts map[string]*sitter.Node) {
	opts = map[string]*sitter.Node{}
	add := func(p *sitter.Node) {
		k := p.ChildByFieldName("key")
		v := p.ChildByFieldName("value")
		if k == nil || v == nil {
			return
		}
		switch k.Type() {
		case "hash_key_symbol":
			opts[k.Content(r.src)] = v
		case "simple_symbol":
			opts[strings.TrimPrefix(k.Content(r.src), ":")] = v
		case "string":
			pos = append(pos, k)
			opts["to"] = v
		}
	}
	for _, a := range extract.NamedChildren(call.ChildByFieldName("arguments")) {
		switch a.Type() {
		case "pair":
			add(a)
		case "hash":
			for _, p := range extract.NamedChildren(a) {
				if p.Type() == "pair" {
					add(p)
				}
			}
		default:
			pos = append(pos, a)
		}
	}
	return pos, opts
}

// text is the literal an option or argument spells, or "".
func (r *router) text(n *sitter.Node) string {
	if n == nil {
		return ""
	}
	s, _ := literal(n, r.src)
	return s
}

// call reads one statement of a routes block.
func (r *router) call(c *sitter.Node, sc rscope) {
	verb := bareCall(c, r.src)
	pos, opts := r.args(c)
	body := blockOf(c)
	switch verb {
	case "namespace":
		if len(pos) == 0 || body == nil {
			return
		}
		name := r.text(pos[0])
		p, mod := cmp.Or(r.text(opts["path"]), name), cmp.Or(r.text(opts["module"]), name)
		r.stmts(body, rscope{path: joinPath(sc.path, p), module: sc.module + mod + "/"})
	case "scope":
		inner := sc
		inner.res, inner.on = nil, ""
		if len(pos) > 0 {
			inner.path = joinPath(sc.path, r.text(pos[0]))
		}
		if p := r.text(opts["path"]); p != "" {
			inner.path = joinPath(inner.path, p)
		}
		if m := r.text(opts["module"]); m != "" {
			inner.module += m + "/"
		}
		if ct := r.text(opts["controller"]); ct != "" {
			inner.controller = inner.module + ct
		}
		if body != nil {
			r.stmts(body, inner)
		}
	case "controller":
		if len(pos) > 0 && body != nil {
			inner := sc
			inner.controller = sc.module + r.text(pos[0])
			r.stmts(body, inner)
		}
	case "resources", "resource":
		for _, a := range pos {
			if name := r.text(a); name != "" && a.Type() != "pair" {
				r.resource(c, name, verb == "resource", opts, body, sc)
			}
		}
	case "member", "collection":
		if sc.res != nil && body != nil {
			inner := sc
			inner.on = verb
			r.stmts(body, inner)
		}
	case "get", "post", "put", "patch", "delete", "match", "root":
		r.verb(c, verb, pos, opts, sc)
	case "concern":
		if len(pos) > 0 && body != nil {
			if r.concerns == nil {
				r.concerns = map[string]*sitter.Node{}
			}
			r.concerns[r.text(pos[0])] = body
		}
	case "concerns":
		// `concerns :commentable` in a resource's block: the concern's
		// routes, drawn there.
		for _, a := range pos {
			r.concern(r.text(a), sc)
		}
	case "draw", "mount", "direct", "resolve", "devise_for":
	default:
		if body != nil {
			r.stmts(body, sc) // constraints, defaults, authenticate, ...
		}
	}
}

// resourceActions are the actions resources routes, in Rails' order, and
// whether each is one member's.
var resourceActions = []struct {
	action, method string
	member         bool
	suffix         string
}{
	{"index", "GET", false, ""}, {"create", "POST", false, ""}, {"new", "GET", false, "/new"}, {"edit", "GET", true, "/edit"},
	{"show", "GET", true, ""}, {"update", "PATCH", true, ""}, {"update", "PUT", true, ""}, {"destroy", "DELETE", true, ""},
}

// resource routes one resources (or, singular, resource) call and reads
// its block.
func (r *router) resource(c *sitter.Node, name string, one bool, opts map[string]*sitter.Node, body *sitter.Node, sc rscope) {
	ctrl := name
	if one {
		ctrl = plural(name)
	}
	if m := r.text(opts["module"]); m != "" {
		ctrl = m + "/" + ctrl
	}
	ctrl = sc.module + cmp.Or(r.text(opts["controller"]), ctrl)
	prefix := sc.path
	if sc.res != nil && sc.on != "" {
		prefix = sc.res.member
		if sc.on == "collection" {
			prefix = sc.res.base
		}
	}
	base := joinPath(prefix, cmp.Or(r.text(opts["path"]), name))
	param := cmp.Or(r.text(opts["param"]), "id")
	res := &resource{controller: ctrl, base: base, member: base + "/:" + param, nested: base + "/:" + singular(name) + "_" + param}
	if one {
		res.member, res.nested = base, base
	}
	keep := r.actionFilter(opts)
	for _, a := range resourceActions {
		if one && a.action == "index" || !keep(a.action) {
			continue
		}
		p := base
		if a.member {
			p = res.member
		}
		r.add(a.method, p+a.suffix, handler(ctrl, a.action), c)
	}
	inner := rscope{path: res.nested, module: sc.module, res: res}
	if c := opts["concerns"]; c != nil {
		// `resources :orders, concerns: [:commentable]`: the concerns'
		// routes, drawn in the resource's block.
		names := []string{r.text(c)}
		if t := c.Type(); t == "array" || t == "symbol_array" {
			names = nil
			for _, e := range extract.NamedChildren(c) {
				names = append(names, r.text(e))
			}
		}
		for _, n := range names {
			r.concern(n, inner)
		}
	}
	if body != nil {
		r.stmts(body, inner)
	}
}

// concern draws the routes of the concern of that name, declared before,
// under sc.
func (r *router) concern(name string, sc rscope) {
	if b := r.concerns[name]; b != nil && name != "" {
		r.stmts(b, sc)
	}
}

// actionFilter reads only: and except: (a symbol, or an array of them:
// [:index, :show], %i[index show]).
func (r *router) actionFilter(opts map[string]*sitter.Node) func(string) bool {
	list := func(n *sitter.Node) []string {
		if n == nil {
			return nil
		}
		if t := n.Type(); t == "array" || t == "symbol_array" || t == "string_array" {
			var out []string
			for _, e := range extract.NamedChildren(n) {
				out = append(out, r.text(e))
			}
			return out
		}
		return []string{r.text(n)}
	}
	only, except := list(opts["only"]), list(opts["except"])
	return func(a string) bool {
		return (opts["only"] == nil || slices.Contains(only, a)) && !slices.Contains(except, a)
	}
}

// verb routes one get, post, put, patch, delete, match or root call.
func (r *router) verb(c *sitter.Node, verb string, pos []*sitter.Node, opts map[string]*sitter.Node, sc rscope) {
	seg, action := "", ""
	if verb == "root" {
		if len(pos) > 0 && opts["to"] == nil {
			opts["to"] = pos[0]
		}
	} else {
		if len(pos) == 0 {
			return
		}
		s, ok := literal(pos[0], r.src)
		if !ok {
			return
		}
		seg = strings.ReplaceAll(s, "(.:format)", "")
		action = strings.TrimPrefix(optionals(seg)[0], "/")
		if i := strings.LastIndexByte(action, '/'); i >= 0 {
			action = action[i+1:]
		}
	}
	prefix := sc.path
	on := cmp.Or(r.text(opts["on"]), sc.on)
	if sc.res != nil && on == "member" {
		prefix = sc.res.member
	} else if sc.res != nil && on == "collection" {
		prefix = sc.res.base
	}
	p := joinPath(prefix, seg)
	if strings.HasPrefix(seg, "/") && sc.res == nil {
		p = joinPath(sc.path, seg)
	}
	ctrl, act := "", ""
	if to := opts["to"]; to != nil {
		s, ok := literal(to, r.src)
		if !ok {
			s = "" // a redirect or a Rack app
		}
		if c2, a2, found := strings.Cut(s, "#"); found {
			ctrl, act = sc.module+c2, a2
		}
	}
	switch {
	case ctrl != "":
	case opts["controller"] != nil:
		ctrl, act = sc.module+r.text(opts["controller"]), cmp.Or(r.text(opts["action"]), action)
	case sc.res != nil:
		ctrl, act = sc.res.controller, cmp.Or(r.text(opts["action"]), action)
	case sc.controller != "":
		ctrl, act = sc.controller, cmp.Or(r.text(opts["action"]), action)
	case strings.Contains(strings.Trim(seg, "/"), "/") && opts["to"] == nil:
		// get "photos/search": photos#search.
		parts := strings.Split(strings.Trim(seg, "/"), "/")
		ctrl, act = sc.module+parts[len(parts)-2], parts[len(parts)-1]
	}
	h := ""
	if ctrl != "" && act != "" && !strings.ContainsAny(act, ":*") {
		h = handler(ctrl, act)
	}
	methods := []string{strings.ToUpper(verb)}
	switch verb {
	case "root":
		methods = []string{"GET"}
	case "match":
		methods = nil
		via := opts["via"]
		vs := []*sitter.Node{via}
		if via != nil && (via.Type() == "array" || via.Type() == "symbol_array") {
			vs = extract.NamedChildren(via)
		}
		for _, v := range vs {
			if m := strings.ToUpper(r.text(v)); m == "ALL" || m == "" {
				methods = []string{"ANY"}
				break
			} else {
				methods = append(methods, m)
			}
		}
	}
	for _, m := range methods {
		for _, v := range optionals(p) {
			if v != "/" {
				v = strings.TrimRight(v, "/")
			}
			r.add(m, v, h, c)
		}
	}
}

// optionals spells a path with optional parts, /top(/:length(/page/:page)),
// as the paths it matches: /top, /top/:length, /top/:length/page/:page.
func optionals(p string) []string {
	i := strings.IndexByte(p, '(')
	if i < 0 {
		return []string{p}
	}
	depth, j := 0, i
	for ; j < len(p); j++ {
		if p[j] == '(' {
			depth++
		} else if p[j] == ')' {
			if depth--; depth == 0 {
				break
			}
		}
	}
	if j == len(p) {
		return []string{p} // not closed: the path as written
	}
	var out []string
	for _, rest := range optionals(p[j+1:]) {
		out = append(out, p[:i]+rest)
		for _, in := range optionals(p[i+1 : j]) {
			out = append(out, p[:i]+in+rest)
		}
	}
	return out
}

// add records one route, shown by the call that registers it.
func (r *router) add(method, pattern, h string, c *sitter.Node) {
	r.out = append(r.out, extract.RouteCall{Route: extract.Route{Method: method, Pattern: pattern, Handler: h, Full: r.full}, Show: c})
}

// handler names a controller's action as Rails writes it:
// Admin::UsersController#index for admin/users and index.
func handler(controller, action string) string {
	return camelize(controller) + "Controller#" + action
}

// joinPath joins a prefix and a path segment as a request sees them.
func joinPath(prefix, seg string) string {
	s := strings.TrimRight(prefix, "/") + "/" + strings.Trim(seg, "/")
	if s != "/" {
		s = strings.TrimRight(s, "/")
	}
	return s
}
