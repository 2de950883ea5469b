# appendix: see README.md. Everything here works offline once modules are cached.
GO        ?= go
VERSION   ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS   := -X github.com/appendix-dev/appendix/appendix.Version=$(VERSION)
BENCHTIME ?= 1x
FUZZTIME  ?= 20s

.PHONY: build test bench fuzz lint golden demo clean

build:
	CGO_ENABLED=1 $(GO) build -trimpath -ldflags "$(LDFLAGS)" -o bin/appendix ./cmd/appendix

test:
	CGO_ENABLED=1 $(GO) test -race -count=1 ./...

bench:
	CGO_ENABLED=1 $(GO) test -run '^$$' -bench . -benchmem -count 6 -benchtime $(BENCHTIME) ./...

fuzz:
	$(GO) test -run '^$$' -fuzz FuzzParse -fuzztime $(FUZZTIME) ./appendix/internal/spec
	$(GO) test -run '^$$' -fuzz FuzzBudget -fuzztime $(FUZZTIME) ./appendix/cli
	$(GO) test -run '^$$' -fuzz FuzzStrip -fuzztime $(FUZZTIME) ./appendix/internal/render
	$(GO) test -run '^$$' -fuzz FuzzRedact -fuzztime $(FUZZTIME) ./appendix/internal/redact
	$(GO) test -run '^$$' -fuzz FuzzPrisma -fuzztime $(FUZZTIME) ./extract/lang/prisma
	$(GO) test -run '^$$' -fuzz FuzzSQL -fuzztime $(FUZZTIME) ./extract/lang/sql
	$(GO) test -run '^$$' -fuzz FuzzGraphQL -fuzztime $(FUZZTIME) ./extract/lang/graphql
	$(GO) test -run '^$$' -fuzz FuzzProtobuf -fuzztime $(FUZZTIME) ./extract/lang/protobuf
	$(GO) test -run '^$$' -fuzz FuzzFocus -fuzztime $(FUZZTIME) ./extract

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

golden:
	CGO_ENABLED=1 $(GO) test ./appendix/cli -run TestGolden -update

demo: build
	./bin/appendix --repo . --now 2026-01-01T00:00:00Z fixtures/demo-spec.md

clean:
	rm -rf bin
