/** The flags of `returns-console completion`. */
import type { CommandSpec } from '../../flags.js';

/**
 * The config file's sections whose names complete a flag's value, keyed by the flag that
 * takes one (`--profile NAME`); `completion --<section>` lists them for the scripts.
 */
export const CONFIG_NAME_FLAGS = { profile: 'profiles', view: 'views' } as const;
export type ConfigNames = (typeof CONFIG_NAME_FLAGS)[keyof typeof CONFIG_NAME_FLAGS];

export const COMPLETION_SPEC: CommandSpec = {
  name: 'completion',
  summary: 'Print a completion script for bash, zsh or fish: commands, flags, statuses and the profiles and views of your config file.',
  positionals: [{ name: 'SHELL', description: 'bash, zsh or fish' }],
  flags: Object.entries(CONFIG_NAME_FLAGS).map(([flag, section]) => ({
    name: section,
    type: 'boolean',
    description: `Print the ${flag} names of the config file, one per line, or nothing if it is missing or invalid (the scripts call this)`,
  })),
  notes: [
    [
      'Set-up (see README.md, "Install"):',
      '  bash  add to ~/.bashrc:  source <(returns-console completion bash)',
      '  zsh   add to ~/.zshrc (after compinit):  source <(returns-console completion zsh)',
      '  fish  returns-console completion fish > ~/.config/fish/completions/returns-console.fish',
    ].join('\n'),
  ],
  examples: ['returns-console completion bash', 'returns-console completion --views'],
};
