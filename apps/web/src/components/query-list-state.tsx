import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type ListQuery<T> = { isPending: boolean; isError: boolean; data: T[] | undefined };

/**
 * The states every list panel has: skeleton rows while loading, an Italian error, an empty message, or the list.
 * One component so that every list in the app loads, fails and stays empty the same way.
 */
export const QueryListState = <T,>({
  query,
  errorMessage,
  emptyMessage,
  children,
}: {
  query: ListQuery<T>;
  errorMessage: string;
  emptyMessage: string;
  children: (items: T[]) => ReactNode;
}) => {
  if (query.isPending) {
    return (
      <Stack aria-busy="true">
        <Skeleton h={36} />
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Stack>
    );
  }
  if (query.isError || !query.data) return <Alert color="red">{errorMessage}</Alert>;
  if (query.data.length === 0) {
    return (
      <Text c="dimmed" py="md" ta="center">
        {emptyMessage}
      </Text>
    );
  }
  return <>{children(query.data)}</>;
};
