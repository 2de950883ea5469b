#compdef appendix
# zsh completion for appendix: its commands, flags, --format values and --adversaries
# codes. Load it with: source <(appendix completion zsh), after compinit; or save it as
# _appendix in a directory of $fpath.

_appendix() {
  local curcontext=$curcontext cmd=
  # A command is the first argument, or there is none.
  if (( CURRENT > 2 )); then
    case ${words[2]} in
      (brief|completion|governs|help|hook|inventory|pointer|strip) cmd=${words[2]} ;;
    esac
  fi
  if [[ -n $cmd ]]; then
    shift words
    (( CURRENT-- ))
    curcontext=${curcontext%:*:*}:appendix-$cmd:
  fi
  case $cmd in
    ('')
      _arguments -s -S : \
        '--appendix-only[print only the appendix, not the spec before it]' \
        '*--body=[from round 3\: a function or method to show whole, body included (repeatable; Type.method, dir/package.Name or file\:line, after REPO\: to name one of several --repo)]:body: ' \
        '--budget=[hard line budget for the appendix]:budget: ' \
        '*--context=[a file already sent to the debate with --context (repeatable)\: pointed to, never pasted]:context:_files' \
        '--format=[output format\: markdown or json]:format:(markdown json)' \
        '(-h --help)'{-h,--help}'[show this help]' \
        '--inventory=[inventory file, unless the active adversarial-spec session is this spec'\''s]:inventory:_files' \
        '*--need=[from round 4\: a name a concern must check against code (repeatable)]:need: ' \
        '--no-cache[neither read nor write the extraction cache (.appendix/cache)]' \
        '--now=[RFC 3339 extraction timestamp (default\: SOURCE_DATE_EPOCH if set, else now)]:now: ' \
        '*--repo=[repository to extract from (default\: the git work tree containing the current directory); repeat as NAME=DIR for a spec that spans repositories]:repo:_files -/' \
        '--round=[debate round]:round: ' \
        '--stats[print per-phase timings and counts to stderr]' \
        '--version[print the version and exit]' \
        '1: :_appendix_first'
      ;;
    (brief)
      _arguments -s -S : \
        '--adversaries=[comma-separated codes or names (default\: every gauntlet adversary)]:adversaries:_sequence compadd - PARA BURN MINI PEDA ASSH COMP AUDT FLOW ARCH TRAF' \
        '(-h --help)'{-h,--help}'[show this help]' \
        '--no-cache[neither read nor write the extraction cache (.appendix/cache)]' \
        '--notes=[JSON file of the orchestrator'\''s notes, {"CODE"\: "markdown", "*"\: "markdown for every adversary"}\: first in each briefing'\''s specific context]:notes:_files' \
        '--now=[RFC 3339 extraction timestamp (default\: SOURCE_DATE_EPOCH if set, else now)]:now: ' \
        '--out=[directory for briefing-<CODE>.md and briefings.json]:out:_files -/' \
        '*--repo=[repository to extract from (default\: the git work tree containing the current directory); repeat as NAME=DIR for a spec that spans repositories]:repo:_files -/' \
        '1:spec:_files'
      ;;
    (completion)
      _arguments -s -S : \
        '(-h --help)'{-h,--help}'[show this help]' \
        '1:shell:(bash fish zsh)'
      ;;
    (governs)
      _arguments -s -S : \
        '--format=[output format\: markdown or json]:format:(markdown json)' \
        '(-h --help)'{-h,--help}'[show this help]' \
        '--no-cache[neither read nor write the caches (.appendix/cache)]' \
        '--repo=[repository the files and specs are in (default\: the git work tree containing the current directory)]:repo:_files -/' \
        '*--specs=[the specs, a glob (repeatable; default\: every .md file under .adversarial-spec/specs)]:specs:_files' \
        '1:file...:_files'
      ;;
    (help)
      _arguments -s -S : \
        '(-h --help)'{-h,--help}'[show this help]' \
        '1:command:(brief completion governs help hook inventory pointer strip)'
      ;;
    (hook)
      _arguments -s -S : \
        '(-h --help)'{-h,--help}'[show this help]' \
        '--print[install\: print the settings instead of writing them]' \
        '1:name:(install context-gate debate-gate spec-first spec-of-file)'
      ;;
    (inventory)
      _arguments -s -S : \
        '--format=[output\: text (the audit summary) or json (the inventory)]:format:(text json)' \
        '(-h --help)'{-h,--help}'[show this help]' \
        '--inventory=[inventory file, unless the active adversarial-spec session is this spec'\''s]:inventory:_files' \
        '--now=[RFC 3339 audit timestamp (default\: SOURCE_DATE_EPOCH if set, else now)]:now: ' \
        '*--repo=[repository to audit (default\: the git work tree containing the current directory); repeat as NAME=DIR for a spec that spans repositories]:repo:_files -/' \
        '1:spec:_files'
      ;;
    (pointer)
      _arguments -s -S : \
        '(-h --help)'{-h,--help}'[show this help]' \
        '1:id: '
      ;;
    (strip)
      _arguments -s -S : \
        '(-h --help)'{-h,--help}'[show this help]' \
        '--in-place[rewrite FILE instead of printing]' \
        '1:file:_files'
      ;;
  esac
}

# _appendix_first: the first argument, a command or a spec.
_appendix_first() {
  local -a commands=(
    'brief:write one briefing per gauntlet adversary, for debate.py gauntlet'
    'completion:print a shell completion script: bash, zsh or fish'
    'governs:name the specs whose references are defined in each file'
    'help:print the help of appendix, or of a command'
    'hook:run a Claude Code hook, or install the hooks in .claude/settings.json'
    'inventory:run the Context Readiness Audit and write the inventory'
    'pointer:print the path of the live spec of a session or a spec'
    'strip:remove the appendix from a spec, which it prints byte for byte'
  )
  local ret=1
  if (( CURRENT == 2 )); then
    _describe -t commands command commands && ret=0
  fi
  _files && ret=0
  return ret
}

if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
  _appendix "$@"
else
  compdef _appendix appendix
fi
