import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import {
  type FatturaRow,
  type MetodoPagamento,
  invoiceMessages as m,
  metodiPagamento,
} from '@studiolo/domain/invoices';
import { formatUiDate } from '@studiolo/domain/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { DateField } from '../../../../components/date-field.tsx';
import { widgetMessages } from '../../../../components/widget.messages.ts';
import { useSetInvoicePaid } from '../../api/set-invoice-paid.ts';
import { invoiceTablesTexts as t } from './invoice-tables.texts.ts';

type Asking = 'paid' | 'unpaid' | null;

const isCreditNote = (d: { tipoDocumento?: string }) => d.tipoDocumento === 'NOTA_DI_CREDITO';

/**
 * The paid-status dialogs (spec part 2 §2): marking paid asks payment method and collection date (today by default),
 * marking unpaid asks for confirmation. Shared by the table's select and the form of an invoice sent to the SDI. A
 * credit note is not paid by the patient but refunded to them: the same state, worded as a refund (issue 26).
 */
export const PaidDialogs = ({
  invoice,
  asking,
  onClose,
}: {
  invoice: { id: string; metodoPagamento: MetodoPagamento; tipoDocumento?: string };
  asking: Asking;
  onClose: () => void;
}) => {
  const setPaid = useSetInvoicePaid();
  const refund = isCreditNote(invoice);
  const [method, setMethod] = useState<MetodoPagamento>(invoice.metodoPagamento);
  const [date, setDate] = useState(formatUiDate(new Date()));
  return (
    <>
      <Modal
        opened={asking === 'paid'}
        onClose={onClose}
        title={refund ? t.refundDialogTitle : t.paidDialogTitle}
        centered
      >
        <Stack gap="sm">
          <Select
            label={refund ? t.refundMethod : t.paymentMethod}
            data={[...metodiPagamento]}
            value={method}
            allowDeselect={false}
            required
            onChange={(v) => v && setMethod(v as MetodoPagamento)}
            comboboxProps={{ withinPortal: true }}
          />
          <DateField label={refund ? t.refundDate : t.collectionDate} required value={date} onChange={setDate} />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              {m.cancel}
            </Button>
            <Button
              disabled={!date}
              loading={setPaid.isPending}
              onClick={() =>
                setPaid.mutate(
                  { fatturaId: invoice.id, isPagata: true, dataIncasso: date, metodoPagamento: method },
                  { onSuccess: onClose },
                )
              }
            >
              {m.update}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={asking === 'unpaid'}
        title={widgetMessages.confirmTitle}
        message={refund ? t.markNotRefunded : m.markUnpaid}
        confirmLabel={m.proceed}
        cancelLabel={m.cancel}
        loading={setPaid.isPending}
        onCancel={onClose}
        onConfirm={() => setPaid.mutate({ fatturaId: invoice.id, isPagata: false }, { onSuccess: onClose })}
      />
    </>
  );
};

/**
 * The Pagata select of a table row (spec part 2 §2, §4): NO → SI asks payment method and collection date (today by
 * default), SI → NO asks for confirmation; a cancelled dialog leaves the select as it was.
 */
export const PaidSelect = ({ row }: { row: FatturaRow }) => {
  const [asking, setAsking] = useState<Asking>(null);
  const refund = isCreditNote(row);
  return (
    <>
      <Stack gap={2}>
        <Select
          aria-label={refund ? t.refundedOf(row.idDocumento) : t.paidOf(row.idDocumento)}
          data={[
            { value: 'NO', label: refund ? t.refundNo : t.no },
            { value: 'SI', label: refund ? t.refundYes : t.yes },
          ]}
          value={row.pagata ? 'SI' : 'NO'}
          allowDeselect={false}
          w={refund ? 136 : 84}
          size="xs"
          onChange={(v) => {
            if (v === 'SI' && !row.pagata) setAsking('paid');
            if (v === 'NO' && row.pagata) setAsking('unpaid');
          }}
          onClick={(e) => e.stopPropagation()}
        />
        {refund && row.pagata && row.dataIncasso && (
          <Text size="xs" c="gray.7">
            {t.refundedOn(row.dataIncasso, row.metodoPagamento)}
          </Text>
        )}
      </Stack>
      {asking && <PaidDialogs invoice={row} asking={asking} onClose={() => setAsking(null)} />}
    </>
  );
};
