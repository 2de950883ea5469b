package brief

import (
	"encoding/json"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/appendix-dev/appendix/appendix/audit"
	"github.com/appendix-dev/appendix/extract"
)

// dependency is one package a manifest declares.
type dependency struct {
	name     string // as the manifest names it: "pydantic", "@scope/pkg", "github.com/x/y"
	text     string // as a reader writes it: "pydantic>=2.0", "github.com/x/y v1.2.3", "react ^18.2.0"
	manifest string
	dev      bool
}

// spaced is a dependency written with its version after a space.
func spaced(name, version string) string {
	if version = strings.TrimSpace(version); version == "" {
		return name
	}
	return name + " " + version
}

// manifestData is what the repository's manifests declare.
type manifestData struct {
	deps []dependency
	// modules are the repository's own module and package names (go.mod's
	// module, package.json's name): imports of them are no dependency.
	modules map[string]bool
	files   []string // the manifests read, in walk order
}

var (
	// pep508Re() reads a Python requirement: a name, extras, a specifier.
	pep508Re = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*([^;#]*)`)
	})
	tomlKeyRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\s*"?([A-Za-z0-9][A-Za-z0-9._-]*)"?\s*=\s*(.+)$`) })
	tomlStrRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`"([^"]*)"|'([^']*)'`) })
	tomlVerRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`version\s*=\s*"([^"]*)"`) })
	gemRe     = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^\s*gem\s+['"]([^'"]+)['"]\s*(?:,\s*['"]([^'"]+)['"])?`)
	})
	pyDevWords = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)(dev|test|lint|doc|type)`) })
)

// manifests reads the dependency manifests of the repository once.
func (b *briefer) manifests() *manifestData {
	if b.manifestCache != nil {
		return b.manifestCache
	}
	m := &manifestData{modules: map[string]bool{}}
	files, _ := audit.Matching(b.ix.Files, audit.ManifestFiles())
	for _, f := range files {
		if strings.Contains("/"+f, "/node_modules/") || strings.Contains("/"+f, "/vendor/") {
			continue
		}
		m.files = append(m.files, f)
		lines := readLines(b.repo.Root, f)
		m.deps = append(m.deps, parseManifest(f, lines, m.modules)...)
	}
	b.manifestCache = m
	return m
}

// parseManifest reads the dependencies one manifest declares, and notes
// the module it is the manifest of in modules.
func parseManifest(f string, lines []string, modules map[string]bool) []dependency {
	var out []dependency
	add := func(name, text string, dev bool) {
		if name != "" {
			out = append(out, dependency{name: name, text: text, manifest: f, dev: dev})
		}
	}
	switch base := path.Base(f); {
	case base == "go.mod":
		block := false
		for _, l := range lines {
			t := strings.TrimSpace(l)
			if i := strings.Index(t, "//"); i >= 0 {
				t = strings.TrimSpace(t[:i])
			}
			fs := strings.Fields(t)
			switch {
			case len(fs) >= 2 && fs[0] == "module":
				modules[strings.Trim(fs[1], `"`)] = true
			case t == "require (":
				block = true
			case block && t == ")":
				block = false
			case len(fs) >= 3 && fs[0] == "require" && fs[1] != "(":
				add(fs[1], spaced(fs[1], fs[2]), false)
			case block && len(fs) >= 2:
				add(fs[0], spaced(fs[0], fs[1]), false)
			}
		}
	case base == "package.json" || base == "composer.json":
		var pj struct {
			Name            string            `json:"name"`
			Dependencies    map[string]string `json:"dependencies"`
			DevDependencies map[string]string `json:"devDependencies"`
			Require         map[string]string `json:"require"`
			RequireDev      map[string]string `json:"require-dev"`
		}
		if json.Unmarshal([]byte(strings.Join(lines, "\n")), &pj) != nil {
			return nil
		}
		if pj.Name != "" {
			modules[pj.Name] = true
		}
		for _, set := range []struct {
			deps map[string]string
			dev  bool
		}{{pj.Dependencies, false}, {pj.Require, false}, {pj.DevDependencies, true}, {pj.RequireDev, true}} {
			for k, v := range set.deps {
				add(k, spaced(k, v), set.dev)
			}
		}
	case strings.HasPrefix(base, "requirements") && strings.HasSuffix(base, ".txt"):
		dev := pyDevWords().MatchString(base)
		for _, l := range lines {
			if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") && !strings.HasPrefix(t, "-") {
				if d, ok := requirement(t); ok {
					add(d.name, d.text, dev)
				}
			}
		}
	case base == "pyproject.toml" || base == "Pipfile" || base == "Cargo.toml":
		out = append(out, parseToml(f, base, lines)...)
	case base == "Gemfile":
		for _, l := range lines {
			if m := gemRe().FindStringSubmatch(l); m != nil {
				add(m[1], spaced(m[1], m[2]), false)
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// parseToml reads the dependencies of a TOML manifest: pyproject.toml's
// [project] dependencies, optional-dependencies, dependency-groups and
// Poetry's tables (its interpreter entry too), Pipfile's [packages],
// Cargo.toml's [dependencies]; dev and test ones marked.
func parseToml(f, base string, lines []string) []dependency {
	var out []dependency
	table := ""
	inArray, arrayDev := false, false
	// array reads the requirements a line of a TOML array holds and
	// whether the array goes on past it.
	array := func(line string) bool {
		for _, m := range tomlStrRe().FindAllStringSubmatch(line, -1) {
			if d, ok := requirement(m[1] + m[2]); ok {
				d.manifest, d.dev = f, arrayDev
				out = append(out, d)
			}
		}
		return !strings.Contains(tomlStrRe().ReplaceAllString(line, ""), "]")
	}
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if inArray {
			inArray = array(t)
			continue
		}
		if strings.HasPrefix(t, "[") {
			table = strings.Trim(t, "[] ")
			continue
		}
		m := tomlKeyRe().FindStringSubmatch(t)
		if m == nil {
			continue
		}
		key, val := m[1], strings.TrimSpace(m[2])
		switch {
		case table == "project" && key == "dependencies", table == "project.optional-dependencies", table == "dependency-groups":
			if strings.HasPrefix(val, "[") {
				arrayDev = table != "project"
				inArray = array(val[1:])
			}
		case tomlDepTable(table):
			version := ""
			if s := tomlStrRe().FindStringSubmatch(val); s != nil && !strings.HasPrefix(val, "{") {
				version = s[1] + s[2]
			} else if v := tomlVerRe().FindStringSubmatch(val); v != nil {
				version = v[1]
			}
			out = append(out, dependency{name: key, text: spaced(key, version), manifest: f, dev: pyDevWords().MatchString(table)})
		}
	}
	return out
}

// tomlDepTable reports a TOML table whose keys are dependencies.
func tomlDepTable(t string) bool {
	switch t {
	case "tool.poetry.dependencies", "tool.poetry.dev-dependencies", "packages", "dev-packages", "dependencies", "dev-dependencies", "build-dependencies":
		return true
	}
	return strings.HasPrefix(t, "tool.poetry.group.") && strings.HasSuffix(t, ".dependencies") ||
		strings.HasPrefix(t, "target.") && strings.HasSuffix(t, "dependencies")
}

// requirement reads a PEP 508 requirement ("fastapi[standard]>=0.110 ;
// python_version>'3.8'") as its name and its name with the version
// specifier.
func requirement(r string) (dependency, bool) {
	m := pep508Re().FindStringSubmatch(r)
	if m == nil {
		return dependency{}, false
	}
	return dependency{name: m[1], text: m[1] + strings.TrimSpace(m[3])}, true
}

// declaring returns the entries of the manifests of a language (its
// Manifests) that provide a package a file of it imports.
func (m *manifestData) declaring(l *extract.Language, imp string) []dependency {
	var out []dependency
	for _, d := range m.deps {
		if !slices.ContainsFunc(l.Manifests, func(p string) bool { ok, _ := path.Match(p, path.Base(d.manifest)); return ok }) {
			continue
		}
		if l.DeclaredBy != nil && l.DeclaredBy(imp, d.name) || l.DeclaredBy == nil && imp == d.name {
			out = append(out, d)
		}
	}
	return out
}

// own reports an import of the repository's own code: a module its
// manifests are the manifests of (go.mod's module, package.json's name)
// or one under it, or, where the language says so, a module at the top
// of its code.
func (b *briefer) own(l *extract.Language, imp string) bool {
	for mod := range b.manifests().modules {
		if imp == mod || strings.HasPrefix(imp, mod+"/") {
			return true
		}
	}
	return l.RootModules && (b.ix.ModuleFile(imp) || len(b.ix.ModuleDirs(imp)) > 0)
}
