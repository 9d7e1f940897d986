import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

export const queryClient = new QueryClient({
  defaultOptions: {
    // Slow mobile connections: keep what we have for a while instead of refetching on every focus.
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* spec §2/§9: toasts top-right, 3000 ms */}
      <ToastContainer position="top-right" autoClose={3000} newestOnTop />
    </QueryClientProvider>
  );
}
