/**
 * React Query's timers never keep the console's process alive: after q the process must end
 * at once. A settled mutation's gc timer (5 minutes) outlived `queryClient.clear()` and kept
 * the process running after a review (the e2e review test hung on q).
 */
import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createConsoleQueryClient } from '../../src/ui/queries/query-client.js';

const refTimers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('the console QueryClient', () => {
  it('leaves no timer that keeps the process alive after a mutation, a query and clear()', async () => {
    const before = refTimers();
    const queryClient = createConsoleQueryClient();
    const mutation = new MutationObserver(queryClient, { mutationKey: ['write'], mutationFn: async () => 'done' });
    await mutation.mutate();
    const query = new QueryObserver(queryClient, { queryKey: ['read'], queryFn: async () => 1, refetchInterval: 60_000 });
    const unsubscribe = query.subscribe(() => undefined);
    await queryClient.fetchQuery({ queryKey: ['read'], queryFn: async () => 1 });
    // While the console runs, its timers exist (refresh, gc) but hold nothing open.
    expect(refTimers()).toBe(before);
    unsubscribe();
    mutation.reset();
    queryClient.clear();
    expect(refTimers()).toBe(before);
  });
});
