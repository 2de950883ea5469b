// Package typescript is TypeScript, TSX, JavaScript and JSX for extract:
// four languages that share their rules and differ in grammar, query
// (typescript.scm or javascript.scm) and fence. It keeps definitions at
// module level, in namespaces and declare blocks, class methods and
// CommonJS exports, recognises schemas (zod, Drizzle, Mongoose, Convex,
// TypeORM), literal-union enums and error classes, and finds the routes
// of Express, Hono, Fastify, Convex httpRouter, Next.js route files and
// Remix / React Router file routes.
package typescript
