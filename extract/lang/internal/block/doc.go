// Package block is the scanner shared by the schema languages whose
// definitions are brace blocks, "keyword Name ... { members }": Prisma,
// GraphQL SDL and protobuf. Each sets a Syntax; Scan does the rest.
package block
