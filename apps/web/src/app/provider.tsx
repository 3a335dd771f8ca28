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
import { LoadingBar } from './loading-bar.tsx';
import { theme } from './theme.ts';

dayjs.extend(customParseFormat);
dayjs.locale('it');

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
        <Notifications position="top-right" limit={5} zIndex={2000} />
        <LoadingBar />
        {children}
      </QueryClientProvider>
    </DatesProvider>
  </MantineProvider>
);
