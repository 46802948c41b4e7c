# compadd as the completion functions call it, also printing the words it is given as
# <hits>word<TAB>word</hits> (calls that only query matches, -O -A -D, print nothing).
compadd() {
  if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi
  local -a hits
  builtin compadd -A hits "$@"
  print -rn -- $'\n<hits>'${(pj:\t:)hits}$'</hits>\n'
  builtin compadd "$@"
}
