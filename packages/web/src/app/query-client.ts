import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A business code answers the same on a retry and would toast twice; only transport failures retry.
      retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.code > 0),
      refetchOnWindowFocus: false,
      staleTime: 10_000,
    },
  },
});
