import { Button, Group, Modal, Select, Stack } from '@mantine/core';
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

/**
 * The paid-status dialogs (spec part 2 §2): marking paid asks payment method and collection date (today by default),
 * marking unpaid asks for confirmation. Shared by the table's select and the form of an invoice sent to the SDI.
 */
export const PaidDialogs = ({
  invoice,
  asking,
  onClose,
}: {
  invoice: { id: string; metodoPagamento: MetodoPagamento };
  asking: Asking;
  onClose: () => void;
}) => {
  const setPaid = useSetInvoicePaid();
  const [method, setMethod] = useState<MetodoPagamento>(invoice.metodoPagamento);
  const [date, setDate] = useState(formatUiDate(new Date()));
  return (
    <>
      <Modal opened={asking === 'paid'} onClose={onClose} title={t.paidDialogTitle} centered>
        <Stack gap="sm">
          <Select
            label={t.paymentMethod}
            data={[...metodiPagamento]}
            value={method}
            allowDeselect={false}
            required
            onChange={(v) => v && setMethod(v as MetodoPagamento)}
            comboboxProps={{ withinPortal: true }}
          />
          <DateField label={t.collectionDate} required value={date} onChange={setDate} />
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
        message={m.markUnpaid}
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
  return (
    <>
      <Select
        aria-label={t.paidOf(row.idDocumento)}
        data={[
          { value: 'NO', label: t.no },
          { value: 'SI', label: t.yes },
        ]}
        value={row.pagata ? 'SI' : 'NO'}
        allowDeselect={false}
        w={84}
        size="xs"
        onChange={(v) => {
          if (v === 'SI' && !row.pagata) setAsking('paid');
          if (v === 'NO' && row.pagata) setAsking('unpaid');
        }}
        onClick={(e) => e.stopPropagation()}
      />
      {asking && <PaidDialogs invoice={row} asking={asking} onClose={() => setAsking(null)} />}
    </>
  );
};
