// Package hooks is appendix's Claude Code hooks: commands Claude Code runs
// around a tool call, each reading the hook's JSON payload on standard
// input and answering with JSON on standard output.
//
//   - context-gate (PreToolUse, any tool) puts, once per session, pointers
//     to the live specs of the active debate, the last round's artifact
//     index and the audit's gaps into the agent's context.
//   - debate-gate (PreToolUse, Bash) passes a spec sent to debate.py
//     critique or gauntlet from round 2 on through appendix --round N.
//   - spec-first (PreToolUse, Read/Edit/Write/MultiEdit/Grep/Glob) blocks
//     the first code access of a session that has not read its spec, once.
//   - spec-of-file (PostToolUse, Edit/Write/MultiEdit) names, once per file
//     per session, the specs that govern the file just edited.
//
// Every hook answers within two seconds, never blocks a tool call it does
// not understand, writes its once-per-session markers in a private
// directory of the user's, and logs metadata only: never a file's text.
package hooks
