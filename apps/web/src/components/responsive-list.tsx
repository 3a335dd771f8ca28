import { Box, Stack, Table } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

/** The outline of a card in the phone layout of a ResponsiveList. */
export const listCardStyle: CSSProperties = {
  border: '1px solid var(--mantine-color-gray-3)',
  borderRadius: 'var(--mantine-radius-md)',
};

export type ResponsiveListProps<T extends { id: string }> = {
  items: readonly T[];
  /** The accessible name of both the list of cards and the table. */
  label: string;
  columns: readonly string[];
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  tableMinWidth: number;
  highlightOnHover?: boolean;
  /** What one list item of the phone layout holds. */
  card: (item: T) => ReactNode;
  /** The cells of one table row. */
  cells: (item: T) => ReactNode;
};

/** The same items as one card each on phones and as a table from the `sm` breakpoint up. */
export const ResponsiveList = <T extends { id: string }>({
  items,
  label,
  columns,
  tableMinWidth,
  highlightOnHover,
  card,
  cells,
}: ResponsiveListProps<T>) => (
  <>
    <Stack
      gap="xs"
      hiddenFrom="sm"
      component="ul"
      aria-label={label}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {items.map((item) => (
        <li key={item.id}>{card(item)}</li>
      ))}
    </Stack>
    <Box visibleFrom="sm">
      <Table.ScrollContainer minWidth={tableMinWidth}>
        <Table highlightOnHover={highlightOnHover} verticalSpacing="sm" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id}>{cells(item)}</Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Box>
  </>
);
