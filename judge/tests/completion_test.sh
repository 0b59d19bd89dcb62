#!/usr/bin/env bash
# Drives the generated bash completion (judge completion bash) as bash does on TAB: sets
# COMP_WORDS and COMP_CWORD, calls _judge and checks COMPREPLY. With zsh installed, the zsh
# script must parse and its walker must find the same slugs. Usage: completion_test.sh JUDGE SOURCE_ROOT
set -euo pipefail
judge=$1
root=$2
failed=0

script=$(mktemp /tmp/judge-completion-XXXXXX)
trap 'rm -f "$script"' EXIT
"$judge" completion bash >"$script"
# shellcheck disable=SC1090
source "$script"

# complete WORD... : the words of the command line, the last one being completed.
complete_words() {
  COMP_WORDS=("$@")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMPREPLY=()
  _judge
  printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' '
}

expect() {  # expect WHAT EXPECTED ACTUAL
  if [ "$2" != "$3" ]; then
    echo "completion_test: $1: expected '$2', got '$3'" >&2
    failed=1
  else
    echo "ok: $1 -> $3"
  fi
}

# The slugs starting with "re", as judge list names them.
slugs_re=$("$judge" --root "$root" list --slugs | grep '^re' | sort | tr '\n' ' ')
[ -n "$slugs_re" ] || { echo "completion_test: no challenge starts with 're'" >&2; exit 1; }

expect "judge --root R run re<TAB>" "$slugs_re" "$(complete_words "$judge" --root "$root" run re)"
(cd /tmp && JUDGE_ROOT=$root expect "judge run re<TAB> (JUDGE_ROOT)" "$slugs_re" "$(complete_words "$judge" run re)")
expect "judge ru<TAB>" "run " "$(complete_words "$judge" ru)"
expect "judge baseline a<TAB>" "add " "$(complete_words "$judge" baseline a)"
expect "judge run relu --js<TAB>" "--json " "$(complete_words "$judge" run relu --js)"
expect "judge cache <TAB>" "clear info " "$(complete_words "$judge" cache '')"
expect "judge completion <TAB>" "bash zsh " "$(complete_words "$judge" completion '')"
# After the slug, run takes a file: bash offers files.
tmp=$(mktemp -d /tmp/judge-completion-dir-XXXXXX)
touch "$tmp/mine.cu"
expect "judge run relu $tmp/mi<TAB>" "$tmp/mine.cu " "$(complete_words "$judge" run relu "$tmp/mi")"
rm -rf "$tmp"

if command -v zsh >/dev/null; then
  # The zsh script parses, and its walker (shared with bash) finds the slugs under zsh's rules;
  # compadd itself runs only inside zsh's completion system.
  "$judge" completion zsh >"$script"
  zsh -n "$script" && echo "ok: the zsh script parses" || { echo "completion_test: the zsh script does not parse" >&2; failed=1; }
  got=$(zsh -c 'source "$1" 2>/dev/null; setopt shwordsplit
    _judge_walk --root "$2" run; _judge_candidates re "$3"; print -l -- $cands | grep "^re" | sort | tr "\n" " "' \
    zsh "$script" "$root" "$judge")
  expect "zsh: judge --root R run re<TAB>" "$slugs_re" "$got"
else
  echo "zsh not installed: its script is not checked here (scripts/test.sh installs it)"
fi
exit $failed
