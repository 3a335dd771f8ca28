import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isHttpError, notifyUnnotifiedError } from './http.ts';
import { onSignOut } from './session.ts';

/** Client errors will not change by retrying; 5xx and network failures get one more try. */
const retry = (failureCount: number, error: unknown) => {
  if (isHttpError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
};

export const createQueryClient = () => {
  const client = new QueryClient({
    // Errors the http wrapper passed on without showing (503) are shown once here.
    queryCache: new QueryCache({ onError: notifyUnnotifiedError }),
    mutationCache: new MutationCache({ onError: notifyUnnotifiedError }),
    defaultOptions: {
      queries: { retry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  // Signing out drops every cached answer: the next user must not see the previous one's data.
  onSignOut(() => client.clear());
  return client;
};

export const queryClient = createQueryClient();
