import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};
const onClient = () => true;
const onServer = () => false;

/**
 * false on the server and while the browser hydrates its markup, true from the render after: what the server
 * painted and the first client render agree (docs/decisions/0027-server-rendered-storefront.md), and what only
 * works with the scripts running can wait for them (docs/decisions/0030-paint-first-then-scripts.md).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, onClient, onServer);
}
