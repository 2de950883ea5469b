// Package protobuf is protobuf for extract: messages, enums and services
// read by the block scanner, with nested messages and rpc methods as
// members.
package protobuf
