import { Alert, Button, Group, NumberInput, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { BackupDestinationInfo, BackupSettings, BackupsAnswer } from '@studiolo/domain/backups';
import { formatFileSize } from '@studiolo/domain/shared';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format.ts';
import { downloadBackup, useBackups, useSaveBackupSettings, useTakeBackup } from '../api/backups.ts';

export const backupsTexts = {
  title: 'Backup',
  intro:
    'Il backup salva il database e i file dello studio in un unico archivio. Ogni giorno ne viene eseguito uno all’ora indicata; quelli più vecchi dei giorni indicati vengono eliminati (il più recente resta sempre).',
  copyAway: 'Copia i backup anche fuori da questo computer (un disco esterno, un archivio remoto).',
  inBucket: 'Il bucket è fuori da questo computer: un guasto del disco del server non tocca i backup.',
  takeNow: 'Esegui backup ora',
  hour: 'Ora del backup giornaliero',
  hourHint: 'Da 0 a 23, ora italiana',
  keepDays: 'Giorni di conservazione',
  keepDaysHint: 'Da 1 a 365',
  save: 'Salva',
  listTitle: 'Backup disponibili',
  empty: 'Ancora nessun backup.',
  date: 'Data',
  size: 'Dimensione',
  download: 'Scarica',
  notHere: 'Backup',
  loadError: 'Impossibile caricare i backup.',
} as const;

/** Where the backups go, as the owner reads it. */
export const destinationText = (d: BackupDestinationInfo) => {
  if (d.kind === 'dir') return `I backup sono salvati nella cartella ${d.path} di questo server.`;
  const host = d.endpoint ? ` su ${d.endpoint.replace(/^https?:\/\//, '').replace(/\/.*$/, '')}` : '';
  return `I backup sono salvati nel bucket S3 «${d.bucket}»${host}, nella cartella ${d.prefix}.`;
};

export type BackupsViewProps = {
  answer: BackupsAnswer;
  taking?: boolean;
  saving?: boolean;
  onTake: () => void;
  onSave: (settings: BackupSettings) => void;
  onDownload: (name: string) => void;
};

/** Impostazioni › Backup: the list (date, size, download), "Esegui backup ora", the daily hour and the days kept. */
export const BackupsView = ({ answer, taking, saving, onTake, onSave, onDownload }: BackupsViewProps) => {
  const [form, setForm] = useState<BackupSettings>(answer.settings);
  if (!answer.available)
    return (
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {backupsTexts.title}
          </Title>
          <Alert color="blue" variant="light">
            {answer.reason}
          </Alert>
        </Stack>
      </Paper>
    );
  const hourOk = Number.isInteger(form.hour) && form.hour >= 0 && form.hour <= 23;
  const daysOk = Number.isInteger(form.keepDays) && form.keepDays >= 1 && form.keepDays <= 365;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        <Stack gap="xs">
          <Group justify="space-between" align="center">
            <Title order={2} fz="lg">
              {backupsTexts.title}
            </Title>
            <Button onClick={onTake} loading={taking}>
              {backupsTexts.takeNow}
            </Button>
          </Group>
          <Text size="sm">{backupsTexts.intro}</Text>
          {answer.destination && <Text size="sm">{destinationText(answer.destination)}</Text>}
          <Text size="sm" c="dimmed">
            {answer.destination?.kind === 's3' ? backupsTexts.inBucket : backupsTexts.copyAway}
          </Text>
        </Stack>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (hourOk && daysOk) onSave(form);
          }}
        >
          <Group align="flex-end" wrap="wrap">
            <NumberInput
              label={backupsTexts.hour}
              description={backupsTexts.hourHint}
              min={0}
              max={23}
              allowDecimal={false}
              value={form.hour}
              error={hourOk ? undefined : 'L’ora deve essere un numero intero da 0 a 23'}
              onChange={(v) => setForm((f) => ({ ...f, hour: typeof v === 'number' ? v : Number.NaN }))}
              w={220}
            />
            <NumberInput
              label={backupsTexts.keepDays}
              description={backupsTexts.keepDaysHint}
              min={1}
              max={365}
              allowDecimal={false}
              value={form.keepDays}
              error={daysOk ? undefined : 'I giorni di conservazione devono essere un numero intero da 1 a 365'}
              onChange={(v) => setForm((f) => ({ ...f, keepDays: typeof v === 'number' ? v : Number.NaN }))}
              w={220}
            />
            <Button type="submit" variant="default" loading={saving}>
              {backupsTexts.save}
            </Button>
          </Group>
        </form>
        <Stack gap="xs">
          <Title order={3} fz="md">
            {backupsTexts.listTitle}
          </Title>
          {answer.listError ? (
            <Alert color="orange" variant="light">
              {answer.listError}
            </Alert>
          ) : answer.backups.length === 0 ? (
            <Text size="sm" c="dimmed">
              {backupsTexts.empty}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={300}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{backupsTexts.date}</Table.Th>
                    <Table.Th>{backupsTexts.size}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {answer.backups.map((b) => (
                    <Table.Tr key={b.name}>
                      <Table.Td>{formatDateTime(b.createdAt)}</Table.Td>
                      <Table.Td>{formatFileSize(b.sizeBytes)}</Table.Td>
                      <Table.Td ta="right">
                        <Button
                          size="xs"
                          variant="subtle"
                          aria-label={`${backupsTexts.download} il backup del ${formatDateTime(b.createdAt)}`}
                          onClick={() => onDownload(b.name)}
                        >
                          {backupsTexts.download}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
};

/** The tab's content, wired to the API. */
export const BackupsPanel = () => {
  const backups = useBackups();
  const take = useTakeBackup();
  const save = useSaveBackupSettings();
  if (backups.isError) return <Alert color="red">{backupsTexts.loadError}</Alert>;
  if (!backups.data) return null;
  return (
    <BackupsView
      answer={backups.data}
      taking={take.isPending}
      saving={save.isPending}
      onTake={() => take.mutate()}
      onSave={(settings) => save.mutate(settings)}
      onDownload={(name) => void downloadBackup(name)}
    />
  );
};
