import { Button, List, Loader, Stack, Text } from '@mantine/core';
import type { Fattura } from '@studiolo/domain/invoices';
import type { StatoTs } from '@studiolo/domain/sistema-ts';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { formatEuro } from '../../../../lib/format.ts';
import { isHttpError } from '../../../../lib/http.ts';
import { useCreateCreditNote } from '../../api/create-credit-note.ts';
import { useInvoiceTsState } from '../../api/get-invoice-ts-state.ts';

/** Texts of the question asked before a credit note is issued (issue 26; decision 003). */
export const creditNoteTexts = {
  button: 'Emetti nota di credito',
  title: 'Emettere la nota di credito?',
  whole: (id: string, total: string) =>
    `Una nota di credito per l’intero importo della fattura ${id} (${total}), con la data di oggi e il numero successivo. Per stornarne solo una parte, modificane poi le righe.`,
  refund:
    'La nota non si “paga”: se restituisci del denaro al paziente, segnala come rimborsata con la data e il metodo.',
  tsNotSent:
    'Sistema TS: la fattura non è stata inviata, quindi né la fattura né la nota di credito vi andranno; la fattura risulterà “Annullata da nota di credito”.',
  tsSent:
    'Sistema TS: la fattura è già stata inviata. Se restituisci al paziente quanto ha pagato, segna la nota come rimborsata: al Sistema TS andrà il rimborso (R) con la sua data. Se il paziente non aveva davvero pagato, lasciala da rimborsare: al Sistema TS andrà la cancellazione della spesa (C).',
  tsCancelled: 'Sistema TS: la spesa della fattura è già stata cancellata; la nota di credito non vi andrà.',
  tsNoSdi: 'SDI: come la fattura sanitaria, la nota di credito non va allo SDI.',
  sdiSent:
    'SDI: la nota di credito è una fattura elettronica (TD04) che rettifica quella inviata; la invii allo SDI dalla sua pagina.',
  sdiNotSent:
    'SDI: la fattura non risulta inviata allo SDI; la nota di credito (TD04) si invia dalla sua pagina come ogni fattura elettronica.',
  sdiPaper: 'SDI: la fattura non è elettronica, quindi nemmeno la nota di credito va allo SDI.',
  loading: 'Controllo lo stato della fattura al Sistema TS…',
  confirm: 'Emetti la nota di credito',
  // the form of a credit note: refunded to the patient, never paid by them
  refunded: 'Rimborsata al paziente',
  refundMethod: 'Metodo di rimborso',
  refundDate: 'Data del rimborso',
  refundDateHint: 'Si indica solo per una nota rimborsata.',
} as const;
const t = creditNoteTexts;

const inTs: readonly (StatoTs | 'CANCELLATO')[] = ['ACCETTATO', 'INVIATO'];

/** What issuing the credit note does to the Sistema TS and to the SDI, for this invoice as it stands. */
export const creditNoteEffects = (f: Fattura, stato: StatoTs | 'CANCELLATO' | undefined): string[] =>
  f.canaleInvio === 'SISTEMA_TS'
    ? [stato === 'CANCELLATO' ? t.tsCancelled : stato && inTs.includes(stato) ? t.tsSent : t.tsNotSent, t.tsNoSdi]
    : [f.isElettronica ? (f.isInviataToSDI ? t.sdiSent : t.sdiNotSent) : t.sdiPaper];

/**
 * 'Emetti nota di credito': asks first, saying what the note will be and what it will do to the Sistema TS and the
 * SDI (issue 26), then issues it and opens it.
 */
export const CreditNoteButton = ({ fattura, onCreated }: { fattura: Fattura; onCreated: (id: string) => void }) => {
  const [asking, setAsking] = useState(false);
  const creditNote = useCreateCreditNote();
  const ts = useInvoiceTsState(fattura.id, asking && fattura.canaleInvio === 'SISTEMA_TS');
  const waiting = fattura.canaleInvio === 'SISTEMA_TS' && ts.isPending;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconReceiptRefund size={16} aria-hidden />}
        onClick={() => setAsking(true)}
      >
        {t.button}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={t.title}
        message={
          <Stack gap="xs">
            <Text size="sm">{t.whole(fattura.idDocumento, formatEuro(fattura.totaleFattura))}</Text>
            {waiting ? (
              <Text size="sm" c="gray.7">
                <Loader size="xs" mr={6} />
                {t.loading}
              </Text>
            ) : (
              <List size="sm" spacing={4}>
                {creditNoteEffects(fattura, ts.data).map((e) => (
                  <List.Item key={e}>{e}</List.Item>
                ))}
              </List>
            )}
            <Text size="sm">{t.refund}</Text>
          </Stack>
        }
        confirmLabel={t.confirm}
        loading={creditNote.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={async () => {
          try {
            const note = await creditNote.mutateAsync(fattura.id);
            setAsking(false);
            onCreated(note.id);
          } catch (e) {
            setAsking(false);
            if (!isHttpError(e)) throw e;
          }
        }}
      />
    </>
  );
};
