// Package brief builds one briefing per gauntlet adversary from a spec's
// blast zone: a shared base (primer, blast zone, recent commits) and the
// supplements each adversary's profile asks for, within its token budget.
package brief
