// Package prisma is the Prisma schema language for extract: models,
// views, types and enums read by the block scanner, with a model's
// @@map table name as its alias.
package prisma
