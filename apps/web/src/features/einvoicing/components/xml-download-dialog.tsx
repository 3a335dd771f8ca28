import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import { DateField } from '../../../components/date-field.tsx';
import type { CsvDownloadProgress } from '../../../lib/download.ts';
import { isHttpError, showToast } from '../../../lib/http.ts';
import { downloadInvoiceXmls } from '../api/download-xmls.ts';
import { einvoicingTexts as t } from '../einvoicing.texts.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const uiOf = (d: Date) => `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}`;

/**
 * 'Scarica XML' of the accounting page: the files sent to the SDI in a period, as one ZIP streamed by the server, with
 * the files counted as they arrive (spec part 2 §7 download-xmls).
 */
export const XmlDownloadButton = () => {
  const [opened, setOpened] = useState(false);
  const today = new Date();
  const [from, setFrom] = useState(uiOf(new Date(today.getFullYear(), today.getMonth(), 1)));
  const [to, setTo] = useState(uiOf(today));
  const [progress, setProgress] = useState<CsvDownloadProgress | null>(null);
  const busy = progress !== null && progress.percent !== 100;

  const run = async () => {
    try {
      const file = await downloadInvoiceXmls({ startDate: from, endDate: to }, setProgress);
      if (file.rows === 0) showToast('ALERT', t.noFiles);
      setOpened(false);
    } catch (e) {
      if (!isHttpError(e)) throw e;
    } finally {
      setProgress(null);
    }
  };

  return (
    <>
      <Button variant="default" leftSection={<IconFileZip size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {t.downloadXmls}
      </Button>
      <Modal opened={opened} onClose={() => !busy && setOpened(false)} title={t.downloadXmlsTitle}>
        <Stack gap="md">
          <Text size="sm">{t.downloadXmlsDescription}</Text>
          <Group grow align="flex-start">
            <DateField label={t.from} value={from} onChange={setFrom} required clearable={false} />
            <DateField label={t.to} value={to} onChange={setTo} required clearable={false} />
          </Group>
          {progress && (
            <Stack gap={4} aria-live="polite">
              <Progress value={progress.percent ?? 0} aria-label={t.progress(progress.rows, progress.total)} />
              <Text size="sm">{t.progress(progress.rows, progress.total)}</Text>
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)} disabled={busy}>
              {t.cancel}
            </Button>
            <Button onClick={run} loading={busy} disabled={!from || !to}>
              {t.download}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
};
