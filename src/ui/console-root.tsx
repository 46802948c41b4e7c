/**
 * Everything a console screen needs around it: React Query, the injected services, the
 * colour theme, the notice line and the profile's search index. The real start and the screen tests use the same root.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NoticeProvider } from './context/notice-context.js';
import { ServicesProvider } from './context/services-context.js';
import { ThemeProvider, type Theme } from './context/theme-context.js';
import type { ConsoleServices } from './services.js';
import { SearchIndexProvider } from './search-index/search-index-context.js';

export interface ConsoleRootProps {
  readonly services: ConsoleServices;
  readonly queryClient: QueryClient;
  readonly theme: Theme;
  readonly children?: ReactNode;
}

/** The providers of the console. */
export function ConsoleRoot(props: ConsoleRootProps) {
  return (
    <QueryClientProvider client={props.queryClient}>
      <ServicesProvider services={props.services}>
        <ThemeProvider theme={props.theme}>
          <NoticeProvider>
            <SearchIndexProvider>{props.children}</SearchIndexProvider>
          </NoticeProvider>
        </ThemeProvider>
      </ServicesProvider>
    </QueryClientProvider>
  );
}
