/**
 * What the command line's commands do on the list: new filters, no filters, a saved view
 * (its dates read now), or a request to the app shell (log, help, quit, profile, overview).
 */
import { viewFilters } from '../../../ops/saved-views.js';
import type { AppCommand, CommandEffect } from '../../command-line/commands.js';
import { useServices } from '../../context/services-context.js';
import type { ListStore } from './use-list-state.js';

/** Asks the app shell for a command; a message when it cannot be done (e.g. not in this build). */
export type AppCommandHandler = (command: AppCommand, argument?: string) => string | null;

/** Carries out a command's effect on the list; a message when it could not be. */
export function useListCommands(store: ListStore, onAppCommand: AppCommandHandler | undefined): (effect: CommandEffect) => string | null {
  const [, dispatch, latest] = store;
  const { views = {}, now } = useServices();
  return (effect) => {
    switch (effect.kind) {
      case 'filters':
        dispatch({ type: 'apply-filters', filters: effect.filters, limit: latest().limit });
        return null;
      case 'clear':
        dispatch({ type: 'clear-filters' });
        return null;
      case 'view': {
        const view = views[effect.name];
        if (!view) return `No view named "${effect.name}".`;
        const applied = viewFilters(view, { nowMs: now() });
        if (!applied.ok) return `View ${effect.name}: ${applied.message}`;
        const columns = view.columns ?? null;
        dispatch({ type: 'apply-view', view: { name: effect.name, columns }, filters: applied.filters, limit: applied.limit ?? latest().limit });
        return null;
      }
      case 'app': {
        const problem = onAppCommand ? onAppCommand(effect.command, effect.argument) : `:${effect.command} is not available here.`;
        if (problem === null) dispatch({ type: 'set-mode', mode: 'browse' });
        return problem;
      }
    }
  };
}
