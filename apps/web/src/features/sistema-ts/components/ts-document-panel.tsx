import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { isoDateToUi } from '@studiolo/domain/shared';
import { operazioneTsLabels, scadenzaTsOf, statoTsLabels } from '@studiolo/domain/sistema-ts';
import { IconSend, IconTrash } from '@tabler/icons-react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { isHttpError } from '../../../lib/http.ts';
import { useCancellaTs, useInviaTs, useTsDocumento } from '../api/riepilogo.ts';
import { sistemaTsTexts as t } from '../sistema-ts.texts.ts';
import { StatoTsBadge, TsErrori } from './sistema-ts-overview.tsx';

/** A record's own states (the queue's words for the two the document's state does not have). */
const recordStateLabels: Record<string, string> = {
  ...statoTsLabels,
  IN_CODA: 'In coda',
  ERRORE_INVIO: 'Errore di invio',
};

export type TsDocumentPanelProps = {
  documentId: string;
  /** The invoice's updatedAt: a save can change what is due. */
  version: string;
  /** The form has changes not saved yet: nothing is sent before they are. */
  dirty: boolean;
};

/**
 * A health invoice's place at the Sistema TS (issue 14): its state with the reason of a refusal and the fix, the
 * deadline of what is still due, sending it now, withdrawing an accepted expense, and every record sent.
 */
export const TsDocumentPanel = ({ documentId, version, dirty }: TsDocumentPanelProps) => {
  const documento = useTsDocumento(documentId, version);
  const invia = useInviaTs();
  const cancella = useCancellaTs();
  const [confirming, confirm] = useDisclosure(false);
  const d = documento.data;
  if (!d) return null;

  const canSend = d.stato === 'DA_INVIARE' || d.stato === 'SCARTATO';
  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (e) {
      if (!isHttpError(e)) throw e;
    } finally {
      void documento.refetch();
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="ts-panel-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="ts-panel-title">
            {t.panelTitle}
          </Title>
          <StatoTsBadge stato={d.stato} />
        </Group>
        <div aria-live="polite">
          {d.stato === 'NON_PAGATA' && <Text size="sm">{t.panelNonPagata}</Text>}
          {d.nota && <Text size="sm">{d.nota}</Text>}
          {d.stato === 'DA_INVIARE' && <Text size="sm">{t.panelDaInviare(isoDateToUi(scadenzaTsOf(d.anno)))}</Text>}
          {d.stato === 'INVIATO' && <Text size="sm">{t.panelInviato}</Text>}
          {d.stato === 'ACCETTATO' && <Text size="sm">{t.panelAccettato}</Text>}
          {d.stato === 'CANCELLATO' && !d.nota && <Text size="sm">{t.panelCancellato}</Text>}
          {d.errori.length > 0 && (
            <Alert color="red" variant="light" mt="xs">
              <Stack gap={4}>
                <TsErrori errori={d.errori} />
              </Stack>
            </Alert>
          )}
        </div>
        {d.opposizione && (
          <Text size="sm" c="gray.7">
            {t.panelOpposizione}
          </Text>
        )}
        {canSend && (
          <Stack gap={4} align="flex-start">
            <Button
              leftSection={<IconSend size={16} aria-hidden />}
              disabled={dirty}
              loading={invia.isPending}
              onClick={() => run(() => invia.mutateAsync({ documentoIds: [d.id] }))}
            >
              {d.stato === 'SCARTATO' ? t.sendAgain : t.sendOne}
            </Button>
            {dirty && (
              <Text size="xs" c="gray.7">
                {t.saveFirst}
              </Text>
            )}
          </Stack>
        )}
        {d.stato === 'ACCETTATO' && (
          <Group>
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={confirm.open}
            >
              {t.cancel}
            </Button>
          </Group>
        )}
        {d.invii.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t.history}
            </Text>
            <List size="sm" spacing={4}>
              {d.invii.map((i) => (
                <List.Item key={i.id}>
                  {t.record(
                    operazioneTsLabels[i.operazione],
                    recordStateLabels[i.stato] ?? i.stato,
                    formatDateTime(i.createdAt),
                  )}
                  {i.protocollo ? ` (${t.protocol(i.protocollo)})` : ''}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t.cancelTitle}
        message={t.cancelMessage}
        confirmLabel={t.cancel}
        confirmColor="red"
        loading={cancella.isPending}
        onCancel={confirm.close}
        onConfirm={() =>
          run(async () => {
            await cancella.mutateAsync(d.id);
            confirm.close();
          })
        }
      />
    </Paper>
  );
};
