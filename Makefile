# appendix: see README.md. Everything here works offline once modules are cached.
GO        ?= go
VERSION   ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS   := -X github.com/appendix-dev/appendix/appendix.Version=$(VERSION)
BENCHTIME ?= 1x
FUZZTIME  ?= 20s
# Minimizing each new interesting input may take up to a minute by
# default, reported as 0 execs/sec (golang/go#51484): most of a short run.
FUZZMIN   ?= 3s

.PHONY: build install test bench bench-real fuzz lint golden demo eval clean

build:
	CGO_ENABLED=1 $(GO) build -trimpath -ldflags "$(LDFLAGS)" -o bin/appendix ./cmd/appendix

# Into $GOBIN, else $(go env GOPATH)/bin, as go install does.
install:
	CGO_ENABLED=1 $(GO) install -trimpath -ldflags "$(LDFLAGS)" ./cmd/appendix

test:
	CGO_ENABLED=1 $(GO) test -race -count=1 ./...

bench:
	CGO_ENABLED=1 $(GO) test -run '^$$' -bench . -benchmem -count 6 -benchtime $(BENCHTIME) ./...

# Hyperfine on real repositories, side by side with rg -l -w on the same
# names: one table (see README.md, Speed). APPENDIX_BENCH_REPOS is a
# directory of clones the warm runs may write their cache into;
# APPENDIX_BENCH_ONLY picks repositories (owner/name or generated-N).
bench-real: build
	@test -n "$(APPENDIX_BENCH_REPOS)" || { echo "make bench-real: set APPENDIX_BENCH_REPOS to a directory of clones (see README.md, Speed)"; exit 2; }
	$(GO) run ./internal/benchreal -bin bin/appendix -repos "$(abspath $(APPENDIX_BENCH_REPOS))" $(if $(APPENDIX_BENCH_ONLY),-only "$(APPENDIX_BENCH_ONLY)") $(if $(APPENDIX_BENCH_RUNS),-runs $(APPENDIX_BENCH_RUNS))

fuzz:
	$(GO) test -run '^$$' -fuzz FuzzParse -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./appendix/internal/spec
	$(GO) test -run '^$$' -fuzz FuzzBudget -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./appendix/cli
	$(GO) test -run '^$$' -fuzz FuzzStrip -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./appendix/internal/render
	$(GO) test -run '^$$' -fuzz FuzzRedact -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./appendix/internal/redact
	$(GO) test -run '^$$' -fuzz FuzzPrisma -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./extract/lang/prisma
	$(GO) test -run '^$$' -fuzz FuzzSQL -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./extract/lang/sql
	$(GO) test -run '^$$' -fuzz FuzzGraphQL -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./extract/lang/graphql
	$(GO) test -run '^$$' -fuzz FuzzProtobuf -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./extract/lang/protobuf
	$(GO) test -run '^$$' -fuzz FuzzJava -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./extract/lang/java
	$(GO) test -run '^$$' -fuzz FuzzPHP -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./extract/lang/php
	$(GO) test -run '^$$' -fuzz FuzzRust -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./extract/lang/rust
	$(GO) test -run '^$$' -fuzz FuzzCSharp -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./extract/lang/csharp
	$(GO) test -run '^$$' -fuzz FuzzRuby -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./extract/lang/ruby
	$(GO) test -run '^$$' -fuzz FuzzKotlin -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./extract/lang/kotlin
	$(GO) test -run '^$$' -fuzz FuzzSwift -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./extract/lang/swift
	$(GO) test -run '^$$' -fuzz FuzzC -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./extract/lang/c
	$(GO) test -run '^$$' -fuzz FuzzCpp -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./extract/lang/cpp
	$(GO) test -run '^$$' -fuzz FuzzFocus -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./extract
	$(GO) test -run '^$$' -fuzz FuzzRecover -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./extract

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

golden:
	CGO_ENABLED=1 $(GO) test ./appendix/cli -run TestGolden -update

# The evaluation on real specs: a report, not a pass/fail gate. Paths are
# made absolute because go test runs in the package directory.
eval:
	@test -n "$(APPENDIX_EVAL_REPOS)" || { echo "make eval: set APPENDIX_EVAL_REPOS to the directory of clones (see README.md, Evaluation)"; exit 2; }
	APPENDIX_EVAL_REPOS="$(abspath $(APPENDIX_EVAL_REPOS))" APPENDIX_EVAL_CASE="$(APPENDIX_EVAL_CASE)" \
	APPENDIX_EVAL_OUT="$(if $(APPENDIX_EVAL_OUT),$(abspath $(APPENDIX_EVAL_OUT)))" \
	CGO_ENABLED=1 $(GO) test ./appendix/cli -run '^TestEval$$' -count=1 -v -timeout 60m

demo: build
	./bin/appendix --repo . --now 2026-01-01T00:00:00Z fixtures/demo-spec.md

clean:
	rm -rf bin
