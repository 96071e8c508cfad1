import { vi } from 'vitest';

/**
 * providers/realtime for screens tested without the live feed: nothing connects and no message comes, unless a
 * test makes `subscribeToFeed` hand it the callback. Test files use it with
 * `vi.mock('../../providers/realtime', () => import('./realtimeStub'))`.
 */
export const startRealtime = vi.fn(async () => {});
export const stopRealtime = vi.fn();
export const subscribeToFeed = vi.fn(() => () => {});
export const onFeedError = vi.fn(() => () => {});
