import { Alert, Anchor, Badge, Button, Code, Collapse, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { statoInvioLabels } from '@studiolo/domain/einvoicing';
import type { Fattura, FatturaInput } from '@studiolo/domain/invoices';
import { IconAlertTriangle, IconDownload, IconSend } from '@tabler/icons-react';
import { useEffect } from 'react';
import { type SdiErrore, SdiErrors } from '../../../components/sdi-errors.tsx';
import { isHttpError } from '../../../lib/http.ts';
import { downloadAttemptXml, downloadInvoiceXml } from '../api/download-xml.ts';
import { useSdiPreview } from '../api/get-sdi-preview.ts';
import { useSendSdi } from '../api/send-sdi.ts';
import { einvoicingTexts as t } from '../einvoicing.texts.ts';

export type SdiPanelProps = {
  /** The saved invoice, or null for a new one. */
  document: Fattura | null;
  /** The form's document as it would be saved now (null while it cannot be: a required field is empty). */
  payload: FatturaInput | null;
  /** The form has changes not saved yet. */
  dirty: boolean;
  /** Reloads the invoice (its attempts and notifications). */
  refresh: () => void;
};

/** Attempts whose answer is still to come: the panel looks again every few seconds. */
const waiting = new Set(['IN_CODA', 'INVIO_IN_CORSO', 'INVIATO']);
const correctable = new Set(['SCARTATO', 'ERRORE_INVIO']);
const refreshEveryMs = 3000;
const previewDebounceMs = 600;

/**
 * Where the invoice goes and why (the domain's channel rule), the live preview of its XML with what the SDI would
 * refuse, sending with its attempts and their files (issue 13). A rejected invoice says so and can be corrected and
 * sent again from here.
 */
export const SdiPanel = ({ document, payload, dirty, refresh }: SdiPanelProps) => {
  const [debounced] = useDebouncedValue(payload, previewDebounceMs);
  const last = document?.sdiInvii.at(-1) ?? null;
  const locked = Boolean(last && !correctable.has(last.stato));
  const preview = useSdiPreview(locked ? null : debounced, document?.id ?? null);
  const send = useSendSdi();
  const [xmlOpen, xml] = useDisclosure(false);

  const pending = Boolean(last && waiting.has(last.stato));
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(refresh, refreshEveryMs);
    return () => clearInterval(timer);
  }, [pending, refresh]);

  const canale = preview.data?.canaleInvio ?? document?.canaleInvio ?? null;
  const motivo = preview.data?.canaleMotivo ?? document?.canaleMotivo ?? null;
  if (!canale || !motivo) return null;
  const errori = locked ? [] : (preview.data?.errori ?? []);
  const simulated = (last?.canale ?? 'simulator') === 'simulator';
  // what the SDI said of the last refused attempt (the local checks cannot know everything it knows)
  const scarto = document?.sdiNotifications.filter((n) => n.type === 'NS').at(-1)?.message as
    | { lista_errori?: { errore?: SdiErrore[] } }
    | undefined;
  const rejection = scarto?.lista_errori?.errore ?? [];

  const onSend = async () => {
    if (!document) return;
    try {
      await send.mutateAsync(document.id);
      refresh();
    } catch (e) {
      if (!isHttpError(e)) throw e;
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="sdi-panel-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="sdi-panel-title">
            {t.panelTitle}
          </Title>
          <Badge variant="light" color={canale === 'SDI' ? 'blue' : 'teal'}>
            {canale === 'SDI' ? t.channelSdi : t.channelTs}
          </Badge>
        </Group>
        <Text size="sm">{motivo}</Text>

        {canale === 'SDI' && (
          <>
            {simulated && (
              <Text size="xs" c="gray.7">
                {t.simulatorNotice}
              </Text>
            )}
            {last?.stato === 'SCARTATO' && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
                <Stack gap="xs">
                  <Text size="sm">{t.rejectedNotice}</Text>
                  {rejection.length > 0 && <SdiErrors errori={rejection} />}
                </Stack>
              </Alert>
            )}
            {!locked && preview.isError && (
              <Text size="sm" c="gray.7">
                {t.previewUnavailable}
              </Text>
            )}
            {!locked && preview.data && !preview.isError && (
              <div aria-live="polite">
                {errori.length ? (
                  <SdiErrors errori={errori} />
                ) : (
                  <Text size="sm" c="teal.9">
                    {t.readyToSend}
                  </Text>
                )}
              </div>
            )}
            {!locked && (
              <Stack gap={4}>
                <Button
                  leftSection={<IconSend size={16} aria-hidden />}
                  onClick={onSend}
                  loading={send.isPending}
                  disabled={!document || dirty || errori.length > 0}
                >
                  {last ? t.sendAgain : t.send}
                </Button>
                {(!document || dirty) && (
                  <Text size="xs" c="gray.7">
                    {document ? t.saveChanges : t.saveFirst}
                  </Text>
                )}
              </Stack>
            )}
            {locked && last && (
              <Text size="sm" fw={600}>
                {statoInvioLabels[last.stato] ?? last.stato}
              </Text>
            )}
            {document && document.sdiInvii.length > 0 && (
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {t.attempts}
                </Text>
                <List size="sm" spacing={4}>
                  {document.sdiInvii.map((i, n) => (
                    <List.Item key={i.id}>
                      <Text size="sm" span>
                        {t.attempt(n + 1, i.fileName)} — {statoInvioLabels[i.stato] ?? i.stato}{' '}
                      </Text>
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        onClick={() => downloadAttemptXml(document.id, i.id)}
                      >
                        {t.downloadXml}
                      </Anchor>
                      {i.errore && (
                        <Text size="xs" c="red.9">
                          {i.errore}
                        </Text>
                      )}
                    </List.Item>
                  ))}
                </List>
              </Stack>
            )}
            <Group gap="xs">
              {!locked && preview.data?.xml && (
                <Button variant="subtle" size="xs" onClick={xml.toggle} aria-expanded={xmlOpen}>
                  {xmlOpen ? t.hideXml : t.showXml}
                </Button>
              )}
              {document && (
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconDownload size={14} aria-hidden />}
                  onClick={() => downloadInvoiceXml(document.id)}
                >
                  {t.downloadXml}
                </Button>
              )}
            </Group>
            <Collapse expanded={xmlOpen && !locked}>
              <Code
                block
                aria-label={t.xmlLabel}
                tabIndex={0}
                style={{ maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
              >
                {prettyXml(preview.data?.xml ?? '')}
              </Code>
            </Collapse>
          </>
        )}
      </Stack>
    </Paper>
  );
};

/** One element per line, indented: the file is written on one line. */
export const prettyXml = (xml: string): string => {
  let depth = 0;
  return xml
    .replace(/>\s*</g, '>\n<')
    .split('\n')
    .map((line) => {
      if (/^<\//.test(line)) depth = Math.max(0, depth - 1);
      const out = `${'  '.repeat(depth)}${line}`;
      if (/^<[^!?/][^>]*[^/]>$/.test(line) && !/<\/[^>]+>$/.test(line)) depth++;
      return out;
    })
    .join('\n');
};
