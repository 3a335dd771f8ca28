import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useNotifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { queryClient as defaultClient } from '../lib/query-client.ts';
import { LoadingBar } from './loading-bar.tsx';
import { theme } from './theme.ts';

// The toasts' container (with its transitions) is a chunk of its own fetched after the first screen: nothing shows a
// toast before it, and one shown earlier waits in the notifications store until it mounts (issue 17 item 11).
const Toasts = lazy(() => import('./toasts.tsx').then(({ Toasts }) => ({ default: Toasts })));

/** After this, the toasts' container is fetched anyway, so a later toast shows at once. */
const toastsAfterMs = 1500;

/**
 * Mounts the toasts' container at the first toast or once the first screen had time to arrive, not with the page: on a
 * phone its chunk was one more round trip before the content (issue 27).
 */
const LateToasts = () => {
  const [due, setDue] = useState(false);
  const { notifications, queue } = useNotifications();
  useEffect(() => {
    const timer = setTimeout(() => setDue(true), toastsAfterMs);
    return () => clearTimeout(timer);
  }, []);
  if (!due && notifications.length === 0 && queue.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
};

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
        <LateToasts />
        <LoadingBar />
        {children}
      </QueryClientProvider>
    </DatesProvider>
  </MantineProvider>
);
