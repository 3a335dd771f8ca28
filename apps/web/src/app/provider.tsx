import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './global.css';
import 'dayjs/locale/it';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { ReactNode } from 'react';
import { queryClient as defaultClient } from '../lib/query-client.ts';
import { useIsPhone } from '../lib/use-is-phone.ts';
import { LoadingBar } from './loading-bar.tsx';
import { theme } from './theme.ts';

dayjs.extend(customParseFormat);
dayjs.locale('it');

/**
 * Toasts stay for 5–10 s (lib/http.ts), so they sit where they cover no navigation: at the bottom, away from the
 * header (user menu, and on phones the burger and the title and close button of full-screen dialogs); on the
 * right on a desktop, across the bottom on a phone.
 */
const Toasts = () => {
  const isPhone = useIsPhone();
  return <Notifications position={isPhone ? 'bottom-center' : 'bottom-right'} limit={5} zIndex={2000} />;
};

/** Everything the pages need around them: theme, toasts, dates in Italian, the query cache. */
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
        <Toasts />
        <LoadingBar />
        {children}
      </QueryClientProvider>
    </DatesProvider>
  </MantineProvider>
);
