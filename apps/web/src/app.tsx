import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import type { AppRouter } from './router';

// No tsr.ReactQueryProvider: it only backs tsr.useQueryClient(), which nothing uses (the tsr hooks call
// react-query's own hooks), and importing the tsr client here put the contract and zod in the entry chunk.
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
