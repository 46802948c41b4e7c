/** The flags of `returns-console completion`. */
import type { CommandSpec } from '../../flags.js';

export const COMPLETION_SPEC: CommandSpec = {
  name: 'completion',
  summary: 'Print a completion script for bash, zsh or fish: commands, flags, statuses and the profiles of your config file.',
  positionals: [{ name: 'SHELL', description: 'bash, zsh or fish' }],
  flags: [{ name: 'profiles', type: 'boolean', description: 'Print the profile names of the config file, one per line (the scripts call this)' }],
  notes: [
    [
      'Set-up (see README.md, "Install"):',
      '  bash  add to ~/.bashrc:  source <(returns-console completion bash)',
      '  zsh   add to ~/.zshrc (after compinit):  source <(returns-console completion zsh)',
      '  fish  returns-console completion fish > ~/.config/fish/completions/returns-console.fish',
    ].join('\n'),
  ],
  examples: ['returns-console completion bash', 'returns-console completion --profiles'],
};
