/** Where a console or command started with --base-url and RETURNS_API_KEY (no profile of its own) keeps its local state. */
import { localStateName } from '../../src/cli/config/local-state-name.js';
import { resolveConfig, type ResolvedConfig, type Sourced } from '../../src/cli/config/index.js';

/** The local-state name of profile "default" given `baseUrl` and `apiKey` from outside a config file. */
export function outsideStateName(baseUrl: string, apiKey: string): string {
  const config = resolveConfig({
    flags: { baseUrl },
    env: { RETURNS_API_KEY: apiKey },
    file: { path: '/nonexistent/config.json', isExplicit: false, isFound: false, config: {} },
    homeDir: '/nonexistent',
  });
  return localStateName(config as ResolvedConfig & { readonly baseUrl: Sourced<string> }, apiKey);
}
