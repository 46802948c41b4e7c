# Presses Tab after the line $2 in an interactive zsh (zpty) with the completion script $1
# loaded, and prints the first words offered (tab-separated; zsh-compadd-hits.zsh records
# them). It waits for them: the caller's timeout ends a completion that offers nothing.
zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z "PROMPT=''; autoload -Uz compinit; compinit -u -D; source ${1:q}; bindkey '^I' complete-word; source ${0:a:h:q}/zsh-compadd-hits.zsh; print '<rea''dy>'"
local out
# Typed before the set-up is done, the line would be lost.
zpty -r z out '*<ready>*'
zpty -w -n z "$2"$'\t'
zpty -r z out '*<hits>?*</hits>*'
print -r -- ${${out##*<hits>}%%</hits>*}
zpty -d z
