# fish completion for appendix: its commands, flags, --format values and --adversaries
# codes. Load it with: appendix completion fish > ~/.config/fish/completions/appendix.fish

# __appendix_command prints the command being completed: the first argument
# when it names one, else appendix, the main command.
function __appendix_command
    set -l words (commandline -opc)
    if set -q words[2]; and contains -- $words[2] brief completion governs help hook inventory pointer strip
        echo $words[2]
    else
        echo appendix
    end
end

function __appendix_using
    test (__appendix_command) = $argv[1]
end

function __appendix_first
    test (count (commandline -opc)) -eq 1
end

complete -c appendix -e
complete -c appendix -n __appendix_first -a brief -d 'write one briefing per gauntlet adversary, for debate.py gauntlet'
complete -c appendix -n __appendix_first -a completion -d 'print a shell completion script: bash, zsh or fish'
complete -c appendix -n __appendix_first -a governs -d 'name the specs whose references are defined in each file'
complete -c appendix -n __appendix_first -a help -d 'print the help of appendix, or of a command'
complete -c appendix -n __appendix_first -a hook -d 'run a Claude Code hook, or install the hooks in .claude/settings.json'
complete -c appendix -n __appendix_first -a inventory -d 'run the Context Readiness Audit and write the inventory'
complete -c appendix -n __appendix_first -a pointer -d 'print the path of the live spec of a session or a spec'
complete -c appendix -n __appendix_first -a strip -d 'remove the appendix from a spec, which it prints byte for byte'
complete -c appendix -n '__appendix_using appendix' -l appendix-only -d 'print only the appendix, not the spec before it'
complete -c appendix -n '__appendix_using appendix' -l body -x -d 'from round 3: a function or method to show whole, body included (repeatable; Type.method, dir/package.Name or file:line, after REPO: to name one of several --repo)'
complete -c appendix -n '__appendix_using appendix' -l budget -x -d 'hard line budget for the appendix'
complete -c appendix -n '__appendix_using appendix' -l context -r -F -d 'a file already sent to the debate with --context (repeatable): pointed to, never pasted'
complete -c appendix -n '__appendix_using appendix' -l format -x -a 'markdown json' -d 'output format: markdown or json'
complete -c appendix -n '__appendix_using appendix' -s h -l help -d 'show this help'
complete -c appendix -n '__appendix_using appendix' -l inventory -r -F -d 'inventory file, unless the active adversarial-spec session is this spec\'s'
complete -c appendix -n '__appendix_using appendix' -l need -x -d 'from round 4: a name a concern must check against code (repeatable)'
complete -c appendix -n '__appendix_using appendix' -l no-cache -d 'neither read nor write the extraction cache (.appendix/cache)'
complete -c appendix -n '__appendix_using appendix' -l now -x -d 'RFC 3339 extraction timestamp (default: SOURCE_DATE_EPOCH if set, else now)'
complete -c appendix -n '__appendix_using appendix' -l repo -x -a '(__fish_complete_directories)' -d 'repository to extract from (default: the git work tree containing the current directory); repeat as NAME=DIR for a spec that spans repositories'
complete -c appendix -n '__appendix_using appendix' -l round -x -d 'debate round'
complete -c appendix -n '__appendix_using appendix' -l stats -d 'print per-phase timings and counts to stderr'
complete -c appendix -n '__appendix_using appendix' -l version -d 'print the version and exit'
complete -c appendix -n '__appendix_using brief' -l adversaries -x -a '(__fish_append , PARA BURN MINI PEDA ASSH COMP AUDT FLOW ARCH TRAF)' -d 'comma-separated codes or names (default: every gauntlet adversary)'
complete -c appendix -n '__appendix_using brief' -s h -l help -d 'show this help'
complete -c appendix -n '__appendix_using brief' -l no-cache -d 'neither read nor write the extraction cache (.appendix/cache)'
complete -c appendix -n '__appendix_using brief' -l notes -r -F -d 'JSON file of the orchestrator\'s notes, {"CODE": "markdown", "*": "markdown for every adversary"}: first in each briefing\'s specific context'
complete -c appendix -n '__appendix_using brief' -l now -x -d 'RFC 3339 extraction timestamp (default: SOURCE_DATE_EPOCH if set, else now)'
complete -c appendix -n '__appendix_using brief' -l out -x -a '(__fish_complete_directories)' -d 'directory for briefing-<CODE>.md and briefings.json'
complete -c appendix -n '__appendix_using brief' -l repo -x -a '(__fish_complete_directories)' -d 'repository to extract from (default: the git work tree containing the current directory); repeat as NAME=DIR for a spec that spans repositories'
complete -c appendix -n '__appendix_using completion' -s h -l help -d 'show this help'
complete -c appendix -n '__appendix_using completion' -f -a 'bash fish zsh'
complete -c appendix -n '__appendix_using governs' -l format -x -a 'markdown json' -d 'output format: markdown or json'
complete -c appendix -n '__appendix_using governs' -s h -l help -d 'show this help'
complete -c appendix -n '__appendix_using governs' -l no-cache -d 'neither read nor write the caches (.appendix/cache)'
complete -c appendix -n '__appendix_using governs' -l repo -x -a '(__fish_complete_directories)' -d 'repository the files and specs are in (default: the git work tree containing the current directory)'
complete -c appendix -n '__appendix_using governs' -l specs -r -F -d 'the specs, a glob (repeatable; default: every .md file under .adversarial-spec/specs)'
complete -c appendix -n '__appendix_using help' -s h -l help -d 'show this help'
complete -c appendix -n '__appendix_using help' -f -a 'brief completion governs help hook inventory pointer strip'
complete -c appendix -n '__appendix_using hook' -s h -l help -d 'show this help'
complete -c appendix -n '__appendix_using hook' -l print -d 'install: print the settings instead of writing them'
complete -c appendix -n '__appendix_using hook' -f -a 'install context-gate debate-gate spec-first spec-of-file'
complete -c appendix -n '__appendix_using inventory' -l format -x -a 'text json' -d 'output: text (the audit summary) or json (the inventory)'
complete -c appendix -n '__appendix_using inventory' -s h -l help -d 'show this help'
complete -c appendix -n '__appendix_using inventory' -l inventory -r -F -d 'inventory file, unless the active adversarial-spec session is this spec\'s'
complete -c appendix -n '__appendix_using inventory' -l now -x -d 'RFC 3339 audit timestamp (default: SOURCE_DATE_EPOCH if set, else now)'
complete -c appendix -n '__appendix_using inventory' -l repo -x -a '(__fish_complete_directories)' -d 'repository to audit (default: the git work tree containing the current directory); repeat as NAME=DIR for a spec that spans repositories'
complete -c appendix -n '__appendix_using pointer' -s h -l help -d 'show this help'
complete -c appendix -n '__appendix_using pointer' -f -a ''
complete -c appendix -n '__appendix_using strip' -s h -l help -d 'show this help'
complete -c appendix -n '__appendix_using strip' -l in-place -d 'rewrite FILE instead of printing'
