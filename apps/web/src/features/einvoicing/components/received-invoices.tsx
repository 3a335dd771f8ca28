import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CopyButton,
  FileButton,
  Group,
  List,
  Modal,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { einvoicingMessages as m } from '@studiolo/domain/einvoicing';
import { IconCheck, IconCopy, IconDownload, IconFileUpload, IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { SdiErrors } from '../../../components/sdi-errors.tsx';
import { useConfig } from '../../../lib/config.ts';
import { formatEuro } from '../../../lib/format.ts';
import { isHttpError, showToast } from '../../../lib/http.ts';
import {
  downloadReceivedXml,
  type ImportOutcome,
  type ReceivedInvoice,
  useReceivedInvoices,
  useUploadReceived,
} from '../api/received.ts';
import { einvoicingTexts as t } from '../einvoicing.texts.ts';

const pageSize = 25;

/** spec part 2 §2: the passive-invoicing dialog, activation steps when off, deactivation steps when on. */
export const PassiveInvoicingDialog = ({
  opened,
  enabled,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  enabled: boolean;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) => {
  const config = useConfig();
  const code = config.data?.sdi.codiceDestinatario ?? null;
  const [busy, setBusy] = useState(false);
  const steps = enabled ? t.deactivationSteps : t.activationSteps(code);
  return (
    <Modal opened={opened} onClose={onClose} title={enabled ? t.deactivateTitle : t.activateTitle} size="lg">
      <Stack gap="md">
        <List type="ordered" spacing="sm" size="sm">
          {steps.map((s) => (
            <List.Item key={s}>{s}</List.Item>
          ))}
        </List>
        {!enabled && code && (
          <Group gap="xs">
            <Text fw={700} ff="monospace" size="lg">
              {code}
            </Text>
            <CopyButton value={code}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? m.codiceDestinatarioCopied : t.copyCode}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t.copyCode}
                    onClick={() => {
                      copy();
                      showToast('SUCCESS', m.codiceDestinatarioCopied);
                    }}
                  >
                    {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t.cancel}
          </Button>
          <Button
            color={enabled ? 'red' : undefined}
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onConfirm();
                onClose();
              } catch (e) {
                if (!isHttpError(e)) throw e;
              } finally {
                setBusy(false);
              }
            }}
          >
            {enabled ? t.confirmDeactivate : t.confirmActivate}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

const OutcomeList = ({ outcomes }: { outcomes: ImportOutcome[] }) => (
  <Stack gap={4} aria-live="polite">
    {outcomes.map((o) => (
      <Group key={o.fileName} gap="xs" wrap="nowrap" align="flex-start">
        <Badge variant="light" color={o.esito === 'IMPORTATA' ? 'teal' : o.esito === 'ERRORE' ? 'red' : 'gray'}>
          {t.outcome[o.esito]}
        </Badge>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {o.fileName}
          {o.messaggio ? ` — ${o.messaggio}` : ''}
        </Text>
      </Group>
    ))}
  </Stack>
);

const Warnings = ({ row }: { row: ReceivedInvoice }) => {
  const [open, setOpen] = useState(false);
  if (!row.avvisi.length) return null;
  return (
    <>
      <Button variant="subtle" color="orange" size="compact-sm" onClick={() => setOpen(true)}>
        {t.warnings(row.avvisi.length)}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`${row.fornitore} — ${row.numero}`} size="lg">
        <SdiErrors errori={row.avvisi} />
      </Modal>
    </>
  );
};

/**
 * Received invoices (fatturazione passiva, issue 13): activation with its steps, manual upload of .xml and .xml.p7m,
 * the list of costs with their warnings and signatures, each file downloadable as received.
 */
export const ReceivedInvoices = ({
  enabled,
  onToggle,
}: {
  enabled: boolean;
  onToggle: (enabled: boolean) => Promise<void>;
}) => {
  const [page, setPage] = useState(0);
  const [dialog, setDialog] = useState(false);
  const [outcomes, setOutcomes] = useState<ImportOutcome[]>([]);
  const received = useReceivedInvoices({ page, size: pageSize }, enabled);
  const upload = useUploadReceived();
  const rows = received.data?.content ?? [];
  const pages = Math.max(1, Math.ceil((received.data?.totalElements ?? 0) / pageSize));

  const onFiles = async (files: File[]) => {
    if (!files.length) return;
    try {
      setOutcomes(await upload.mutateAsync(files));
    } catch (e) {
      if (!isHttpError(e)) throw e;
    }
  };

  return (
    <Stack gap="md">
      {!enabled ? (
        <Alert color="blue" variant="light" title={t.receivedTitle}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t.passiveOff}</Text>
            <Button onClick={() => setDialog(true)}>{t.activate}</Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <Group justify="space-between" wrap="wrap">
            <Stack gap={2} align="flex-start">
              <FileButton
                onChange={onFiles}
                accept=".xml,.p7m,application/xml,text/xml,application/pkcs7-mime"
                multiple
              >
                {(props) => (
                  <Button {...props} leftSection={<IconFileUpload size={16} aria-hidden />} loading={upload.isPending}>
                    {t.upload}
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="gray.7">
                {t.uploadHint}
              </Text>
            </Stack>
            <Button variant="subtle" color="red" onClick={() => setDialog(true)}>
              {t.deactivate}
            </Button>
          </Group>
          {outcomes.length > 0 && (
            <Paper withBorder p="sm" radius="md">
              <OutcomeList outcomes={outcomes} />
            </Paper>
          )}
          {rows.length === 0 && !received.isPending ? (
            <Text size="sm" c="gray.7">
              {t.emptyReceived}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table striped highlightOnHover aria-label={t.receivedList}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t.columns.fornitore}</Table.Th>
                    <Table.Th>{t.columns.numero}</Table.Th>
                    <Table.Th>{t.columns.data}</Table.Th>
                    <Table.Th>{t.columns.scadenza}</Table.Th>
                    <Table.Th ta="right">{t.columns.totale}</Table.Th>
                    <Table.Th>{t.columns.avvisi}</Table.Th>
                    <Table.Th>{t.columns.xml}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {r.fornitore}
                        </Text>
                        {r.fornitorePartitaIva && (
                          <Text size="xs" c="gray.7">
                            {r.fornitorePartitaIva}
                          </Text>
                        )}
                        {r.firma && (
                          <Group gap={4} wrap="nowrap">
                            <IconSignature size={14} aria-hidden />
                            <Text size="xs" c="gray.7">
                              {t.signedBy(r.firma.firmatario)}
                            </Text>
                          </Group>
                        )}
                      </Table.Td>
                      <Table.Td>{r.numero}</Table.Td>
                      <Table.Td>{r.data}</Table.Td>
                      <Table.Td>{r.dataScadenza ?? '—'}</Table.Td>
                      <Table.Td ta="right">{formatEuro(r.tipoDocumento === 'TD04' ? -r.totale : r.totale)}</Table.Td>
                      <Table.Td>
                        <Warnings row={r} />
                      </Table.Td>
                      <Table.Td>
                        <Tooltip label={t.downloadReceivedXml(r.numero)}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t.downloadReceivedXml(r.numero)}
                            onClick={() => downloadReceivedXml(r.id)}
                          >
                            <IconDownload size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {pages > 1 && (
            <Pagination total={pages} value={page + 1} onChange={(p) => setPage(p - 1)} aria-label={t.receivedList} />
          )}
        </>
      )}
      <PassiveInvoicingDialog
        opened={dialog}
        enabled={enabled}
        onClose={() => setDialog(false)}
        onConfirm={() => onToggle(!enabled)}
      />
    </Stack>
  );
};
