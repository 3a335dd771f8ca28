import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { queryClient as defaultClient } from '../lib/query-client.ts';
import { LoadingBar } from './loading-bar.tsx';
import { theme } from './theme.ts';

// The toasts' container (with its transitions) is a chunk of its own fetched after the first screen: nothing shows a
// toast before it, and one shown earlier waits in the notifications store until it mounts (issue 17 item 11).
const Toasts = lazy(() => import('./toasts.tsx').then(({ Toasts }) => ({ default: Toasts })));

/** Everything the pages need around them: theme, toasts, dates in Italian (dayjs's locale: lib/dayjs-it.ts), the query cache. */
export const AppProvider = ({
  children,
  queryClient = defaultClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) => (
  <MantineProvider theme={theme} defaultColorScheme="light">
    <DatesProvider settings={{ locale: 'it', firstDayOfWeek: 1, weekendDays: [0, 6] }}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
        <LoadingBar />
        {children}
      </QueryClientProvider>
    </DatesProvider>
  </MantineProvider>
);
