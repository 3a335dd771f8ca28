import { Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { statoInvioTsLabels } from '@studiolo/domain/sistema-ts';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format.ts';
import { downloadArchivioTs, downloadTrasmissione, useTrasmissioniTs } from '../api/trasmissioni.ts';
import { sistemaTsTexts as t } from '../sistema-ts.texts.ts';

/** The year's files as they left for the Sistema TS, each downloadable, and the whole year in one ZIP. */
export const TsFilesPanel = ({ anno }: { anno: number }) => {
  const files = useTrasmissioniTs(anno);
  const [pending, setPending] = useState<string | null>(null);
  const run = async (key: string, download: () => Promise<void>) => {
    setPending(key);
    try {
      await download();
    } catch {
      // shown by lib/http.ts
    } finally {
      setPending(null);
    }
  };
  const list = files.data?.trasmissioni ?? [];
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="ts-files-title">
      <Stack gap="sm">
        <Stack gap={4}>
          <Title order={3} fz="md" id="ts-files-title">
            {t.filesTitle}
          </Title>
          <Text size="sm" c="gray.7">
            {t.filesIntro}
          </Text>
        </Stack>
        {files.data && list.length === 0 && (
          <Text size="sm" c="gray.7">
            {t.filesEmpty}
          </Text>
        )}
        {list.length > 0 && (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.fileSentOn}</Table.Th>
                  <Table.Th>{t.fileProtocol}</Table.Th>
                  <Table.Th ta="right">{t.fileRecords}</Table.Th>
                  <Table.Th>{t.fileState}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((f) => (
                  <Table.Tr key={f.id}>
                    <Table.Td>{formatDateTime(f.createdAt)}</Table.Td>
                    <Table.Td>{f.protocollo ?? t.noProtocol}</Table.Td>
                    <Table.Td ta="right">{f.documenti}</Table.Td>
                    <Table.Td>{statoInvioTsLabels[f.stato] ?? f.stato}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={<IconDownload size={14} aria-hidden />}
                        aria-label={t.fileDownload(f.fileName)}
                        loading={pending === f.id}
                        onClick={() => run(f.id, () => downloadTrasmissione(f.id, f.fileName))}
                      >
                        XML
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {list.length > 0 && (
          <Button
            style={{ alignSelf: 'flex-start' }}
            variant="light"
            leftSection={<IconFileZip size={16} aria-hidden />}
            loading={pending === 'year'}
            onClick={() => run('year', () => downloadArchivioTs(anno))}
          >
            {t.downloadYear(anno)}
          </Button>
        )}
      </Stack>
    </Paper>
  );
};
