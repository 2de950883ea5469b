# bash completion for appendix: its commands, flags, --format values and --adversaries
# codes. Load it with: source <(appendix completion bash)

_appendix() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=
    (( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD-1]}
    # bash splits --flag=value at the =.
    if [[ $cur == = ]]; then
        cur=
    elif [[ $prev == = ]] && (( COMP_CWORD > 1 )); then
        prev=${COMP_WORDS[COMP_CWORD-2]}
    fi
    # A command is the first argument, or there is none.
    local cmd=
    if (( COMP_CWORD > 1 )); then
        case ${COMP_WORDS[1]} in
        brief|completion|governs|help|hook|inventory|pointer|strip) cmd=${COMP_WORDS[1]} ;;
        esac
    fi
    COMPREPLY=()
    local IFS=$'\n'
    case $cmd in
    '')
        case $prev in
        --body|--budget|--need|--now|--round) return ;;
        --context|--inventory) _appendix_files "$cur"; return ;;
        --format) _appendix_words "$cur" markdown json; return ;;
        --repo) _appendix_dirs "$cur"; return ;;
        esac
        if [[ $cur == -* ]]; then _appendix_words "$cur" --appendix-only --body --budget --context --format -h --help --inventory --need --no-cache --now --repo --round --stats --version; return; fi
        (( COMP_CWORD == 1 )) && _appendix_words "$cur" brief completion governs help hook inventory pointer strip
        _appendix_files "$cur"
        ;;
    brief)
        case $prev in
        --adversaries) _appendix_list "$cur" PARA BURN MINI PEDA ASSH COMP AUDT FLOW ARCH TRAF; return ;;
        --notes) _appendix_files "$cur"; return ;;
        --now) return ;;
        --out|--repo) _appendix_dirs "$cur"; return ;;
        esac
        if [[ $cur == -* ]]; then _appendix_words "$cur" --adversaries -h --help --no-cache --notes --now --out --repo; return; fi
        _appendix_files "$cur"
        ;;
    completion)
        if [[ $cur == -* ]]; then _appendix_words "$cur" -h --help; return; fi
        _appendix_words "$cur" bash fish zsh
        ;;
    governs)
        case $prev in
        --format) _appendix_words "$cur" markdown json; return ;;
        --repo) _appendix_dirs "$cur"; return ;;
        --specs) _appendix_files "$cur"; return ;;
        esac
        if [[ $cur == -* ]]; then _appendix_words "$cur" --format -h --help --no-cache --repo --specs; return; fi
        _appendix_files "$cur"
        ;;
    help)
        if [[ $cur == -* ]]; then _appendix_words "$cur" -h --help; return; fi
        _appendix_words "$cur" brief completion governs help hook inventory pointer strip
        ;;
    hook)
        if [[ $cur == -* ]]; then _appendix_words "$cur" -h --help --print; return; fi
        _appendix_words "$cur" install context-gate debate-gate spec-first spec-of-file
        ;;
    inventory)
        case $prev in
        --format) _appendix_words "$cur" text json; return ;;
        --inventory) _appendix_files "$cur"; return ;;
        --now) return ;;
        --repo) _appendix_dirs "$cur"; return ;;
        esac
        if [[ $cur == -* ]]; then _appendix_words "$cur" --format -h --help --inventory --now --repo; return; fi
        _appendix_files "$cur"
        ;;
    pointer)
        if [[ $cur == -* ]]; then _appendix_words "$cur" -h --help; return; fi
        return
        ;;
    strip)
        if [[ $cur == -* ]]; then _appendix_words "$cur" -h --help --in-place; return; fi
        _appendix_files "$cur"
        ;;
    esac
}

# _appendix_words CUR WORD...: the words that start with CUR.
_appendix_words() {
    local cur=$1
    shift
    COMPREPLY+=($(compgen -W "$*" -- "$cur"))
}

# _appendix_list CUR WORD...: the words that start with what follows the
# last comma of CUR, after what precedes it.
_appendix_list() {
    local cur=$1 head=
    shift
    [[ $cur == *,* ]] && head=${cur%,*},
    compopt -o nospace 2>/dev/null
    COMPREPLY+=($(compgen -P "$head" -W "$*" -- "${cur##*,}"))
}

# _appendix_files CUR: the files and directories that start with CUR.
_appendix_files() {
    compopt -o filenames 2>/dev/null
    COMPREPLY+=($(compgen -f -- "$1"))
}

# _appendix_dirs CUR: the directories that start with CUR.
_appendix_dirs() {
    compopt -o filenames 2>/dev/null
    COMPREPLY+=($(compgen -d -- "$1"))
}

complete -F _appendix appendix
