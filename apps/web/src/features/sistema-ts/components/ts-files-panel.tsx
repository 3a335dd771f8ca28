import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { statoInvioTsLabels, type TsTrasmissione } from '@studiolo/domain/sistema-ts';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import { listCardStyle, ResponsiveList } from '../../../components/responsive-list.tsx';
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
  const downloadButton = (file: TsTrasmissione) => (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconDownload size={14} aria-hidden />}
      aria-label={t.fileDownload(file.fileName)}
      loading={pending === file.id}
      onClick={() => run(file.id, () => downloadTrasmissione(file.id, file.fileName))}
    >
      XML
    </Button>
  );
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
          <ResponsiveList
            items={list}
            label={t.filesTitle}
            columns={[t.fileSentOn, t.fileProtocol, t.fileRecords, t.fileState, '']}
            tableMinWidth={560}
            card={(f) => (
              <Paper p="sm" style={listCardStyle}>
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600}>{formatDateTime(f.createdAt)}</Text>
                    <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                      {t.fileProtocol}: {f.protocollo ?? t.noProtocol}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {t.fileRecords}: {f.documenti} · {statoInvioTsLabels[f.stato] ?? f.stato}
                    </Text>
                  </Stack>
                  {downloadButton(f)}
                </Group>
              </Paper>
            )}
            cells={(f) => (
              <>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(f.createdAt)}</Table.Td>
                <Table.Td>{f.protocollo ?? t.noProtocol}</Table.Td>
                <Table.Td>{f.documenti}</Table.Td>
                <Table.Td>{statoInvioTsLabels[f.stato] ?? f.stato}</Table.Td>
                <Table.Td ta="right">{downloadButton(f)}</Table.Td>
              </>
            )}
          />
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
