// Package graphql is GraphQL SDL for extract: types (extensions
// included), inputs, interfaces and enums read by the block scanner.
package graphql
