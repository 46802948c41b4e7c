/**
 * Renders one screen as the console does: inside the console's providers (ConsoleRoot)
 * and its input router, so keys take the same path as in the app (the router, the scan
 * classifier, one key per render), never Ink's own input hook.
 */
import type { QueryClient } from '@tanstack/react-query';
import { render } from 'ink-testing-library';
import type { ReactElement } from 'react';
import { ConsoleRoot } from '../../src/ui/console-root.js';
import { makeTheme } from '../../src/ui/context/theme-context.js';
import { InputRouterProvider } from '../../src/ui/keys/input-router.js';
import { createConsoleQueryClient } from '../../src/ui/queries/query-client.js';
import type { ConsoleServices } from '../../src/ui/services.js';

export interface RenderScreenOptions {
  readonly services: ConsoleServices;
  /** Default: a fresh console QueryClient. */
  readonly queryClient?: QueryClient;
}

/** Renders `screen` in the console's providers and input router. */
export function renderScreen(screen: ReactElement, options: RenderScreenOptions) {
  const queryClient = options.queryClient ?? createConsoleQueryClient();
  const view = render(
    <ConsoleRoot services={options.services} queryClient={queryClient} theme={makeTheme(false)}>
      <InputRouterProvider>{screen}</InputRouterProvider>
    </ConsoleRoot>,
  );
  return { ...view, queryClient };
}
