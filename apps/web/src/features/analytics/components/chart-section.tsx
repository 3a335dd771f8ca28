import { Box, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type ReactNode, Suspense, useId } from 'react';
import { saveBlob } from '../../../lib/download.ts';
import { analyticsTexts as t } from '../analytics.texts.ts';
import { type CsvColumn, toCsv } from '../csv.ts';

export type ChartColumn<T> = CsvColumn<T> & { display: (row: T) => string };

type ChartSectionProps<T> = {
  title: string;
  description: string;
  /** The CSV's file name, without extension. */
  fileName: string;
  rows: readonly T[];
  columns: readonly ChartColumn<T>[];
  chart: ReactNode;
};

/**
 * One chart with its title, a description tied to it, the same figures as a table (the accessible alternative: the
 * drawing itself is hidden from assistive technology) and a CSV of them.
 */
export const ChartSection = <T,>({ title, description, fileName, rows, columns, chart }: ChartSectionProps<T>) => {
  const titleId = useId();
  const descriptionId = useId();
  const download = () =>
    saveBlob(new Blob([toCsv(rows, columns)], { type: 'text/csv;charset=utf-8' }), `${fileName}.csv`);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId} aria-describedby={descriptionId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          {/* the text takes the room, so a long description wraps beside the button rather than pushing it below */}
          <div style={{ flex: '1 1 280px' }}>
            <Title order={2} fz="md" id={titleId}>
              {title}
            </Title>
            <Text size="sm" c="gray.7" id={descriptionId}>
              {description}
            </Text>
          </div>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={download}
            aria-label={t.downloadCsvOf(title)}
          >
            {t.downloadCsv}
          </Button>
        </Group>
        <div aria-hidden="true">
          {/* a chart is a lazy component (analytics-charts.tsx): its place waits with a loader while it is fetched */}
          <Suspense
            fallback={
              <Center h={120}>
                <Loader size="sm" />
              </Center>
            }
          >
            {chart}
          </Suspense>
        </div>
        <details>
          <summary>
            <Text span size="sm">
              {t.showTable}
            </Text>
          </summary>
          {/* focusable so that a table wider than a phone scrolls with the keyboard too (axe scrollable-region-focusable) */}
          <Box style={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label={t.tableOf(title)}>
            <Table striped withTableBorder mt="xs" fz="sm">
              <Table.Caption>{title}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c) => (
                    <Table.Th key={c.header} scope="col">
                      {c.header}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r, i) => (
                  // rows are periods in order and never reordered
                  // biome-ignore lint/suspicious/noArrayIndexKey: a period's position is its identity here
                  <Table.Tr key={i}>
                    {columns.map((c, j) =>
                      j === 0 ? (
                        <Table.Th key={c.header} scope="row" fw={400}>
                          {c.display(r)}
                        </Table.Th>
                      ) : (
                        <Table.Td key={c.header}>{c.display(r)}</Table.Td>
                      ),
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        </details>
      </Stack>
    </Paper>
  );
};
