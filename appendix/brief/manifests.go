package brief

import (
	"encoding/json"
	"path"
	"regexp"
	"sort"
	"strings"

	"github.com/appendix-dev/appendix/appendix/audit"
)

// dependency is one package a manifest declares.
type dependency struct {
	name     string // as the manifest names it: "pydantic", "@scope/pkg", "github.com/x/y"
	version  string // the specifier as written: ">=2.0", "v1.2.3", "^18.2.0"; "" for none
	manifest string
	family   string // the language family whose imports name it: "python", "go", "javascript", ...
	dev      bool
}

// String is the dependency as a manifest reads: "pydantic>=2.0",
// "github.com/x/y v1.2.3", "react ^18.2.0".
func (d dependency) String() string {
	switch {
	case d.version == "":
		return d.name
	case d.family == "python" && strings.IndexAny(d.version[:1], "<>=!~") == 0:
		return d.name + d.version
	}
	return d.name + " " + d.version
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
	// pep508Re reads a Python requirement: a name, extras, a specifier.
	pep508Re   = regexp.MustCompile(`^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*([^;#]*)`)
	tomlKeyRe  = regexp.MustCompile(`^\s*"?([A-Za-z0-9][A-Za-z0-9._-]*)"?\s*=\s*(.+)$`)
	tomlStrRe  = regexp.MustCompile(`"([^"]*)"|'([^']*)'`)
	tomlVerRe  = regexp.MustCompile(`version\s*=\s*"([^"]*)"`)
	gemRe      = regexp.MustCompile(`^\s*gem\s+['"]([^'"]+)['"]\s*(?:,\s*['"]([^'"]+)['"])?`)
	pyDevWords = regexp.MustCompile(`(?i)(dev|test|lint|doc|type)`)
)

// manifests reads the dependency manifests of the repository once.
func (b *briefer) manifests() *manifestData {
	if b.manifestCache != nil {
		return b.manifestCache
	}
	m := &manifestData{modules: map[string]bool{}}
	files, _ := audit.Matching(b.ix.Files, audit.ManifestFiles)
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
	add := func(name, version, family string, dev bool) {
		if name != "" {
			out = append(out, dependency{name: name, version: strings.TrimSpace(version), manifest: f, family: family, dev: dev})
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
				add(fs[1], fs[2], "go", false)
			case block && len(fs) >= 2:
				add(fs[0], fs[1], "go", false)
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
		family := "javascript"
		if base == "composer.json" {
			family = "php"
		}
		if pj.Name != "" {
			modules[pj.Name] = true
		}
		for _, set := range []struct {
			deps map[string]string
			dev  bool
		}{{pj.Dependencies, false}, {pj.Require, false}, {pj.DevDependencies, true}, {pj.RequireDev, true}} {
			for k, v := range set.deps {
				add(k, v, family, set.dev)
			}
		}
	case strings.HasPrefix(base, "requirements") && strings.HasSuffix(base, ".txt"):
		dev := pyDevWords.MatchString(base)
		for _, l := range lines {
			if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") && !strings.HasPrefix(t, "-") {
				if m := pep508Re.FindStringSubmatch(t); m != nil {
					add(m[1], m[3], "python", dev)
				}
			}
		}
	case base == "pyproject.toml" || base == "Pipfile" || base == "Cargo.toml":
		out = append(out, parseToml(f, base, lines)...)
	case base == "Gemfile":
		for _, l := range lines {
			if m := gemRe.FindStringSubmatch(l); m != nil {
				add(m[1], m[2], "ruby", false)
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// parseToml reads the dependencies of a TOML manifest: pyproject.toml's
// [project] dependencies and optional-dependencies and Poetry's tables,
// Pipfile's [packages], Cargo.toml's [dependencies]; dev and test ones
// marked.
func parseToml(f, base string, lines []string) []dependency {
	var out []dependency
	family := "python"
	if base == "Cargo.toml" {
		family = "rust"
	}
	table := ""
	inArray, arrayDev := false, false
	// array reads the requirements a line of a TOML array holds and
	// whether the array goes on past it.
	array := func(line string) bool {
		for _, m := range tomlStrRe.FindAllStringSubmatch(line, -1) {
			if d := pep508Re.FindStringSubmatch(m[1] + m[2]); d != nil {
				out = append(out, dependency{name: d[1], version: strings.TrimSpace(d[3]), manifest: f, family: family, dev: arrayDev})
			}
		}
		return !strings.Contains(tomlStrRe.ReplaceAllString(line, ""), "]")
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
		m := tomlKeyRe.FindStringSubmatch(t)
		if m == nil {
			continue
		}
		key, val := m[1], strings.TrimSpace(m[2])
		switch {
		case table == "project" && key == "dependencies", table == "project.optional-dependencies":
			if strings.HasPrefix(val, "[") {
				arrayDev = table != "project"
				inArray = array(val[1:])
			}
		case tomlDepTable(table):
			if key == "python" {
				continue
			}
			version := ""
			if s := tomlStrRe.FindStringSubmatch(val); s != nil && !strings.HasPrefix(val, "{") {
				version = s[1] + s[2]
			} else if v := tomlVerRe.FindStringSubmatch(val); v != nil {
				version = v[1]
			}
			out = append(out, dependency{name: key, version: version, manifest: f, family: family, dev: pyDevWords.MatchString(table)})
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

// declared returns the manifest entries of a package a file imports:
// the same name (Python's compared as pip does, case and -_. alike), or
// for Go the module that holds the package.
func (m *manifestData) declared(imp pkgImport) []dependency {
	var out []dependency
	for _, d := range m.deps {
		switch {
		case d.family != imp.lang:
		case imp.lang == "python" && pyName(d.name) == pyName(imp.name),
			imp.lang == "go" && (imp.name == d.name || strings.HasPrefix(imp.name, d.name+"/")),
			imp.lang != "python" && imp.lang != "go" && d.name == imp.name:
			out = append(out, d)
		}
	}
	return out
}

// pyName normalizes a Python distribution name as pip compares them.
func pyName(s string) string {
	return strings.NewReplacer("-", "_", ".", "_").Replace(strings.ToLower(s))
}
