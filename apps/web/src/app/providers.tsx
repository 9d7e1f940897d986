import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toasts } from './toasts';

export const queryClient = new QueryClient({
  defaultOptions: {
    // Slow mobile connections: keep what we have for a while instead of refetching on every focus.
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
    // What the visitor asked for is sent at once, or fails at once with the screen's message: held while the phone
    // is offline (the library's default), a form only spun, and its request left later, maybe after the visitor had
    // gone (an order among them).
    mutations: { networkMode: 'always' },
  },
});

/** `client`: the server renders each page with its own cache, prefilled with the page's data. */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toasts />
    </QueryClientProvider>
  );
}
