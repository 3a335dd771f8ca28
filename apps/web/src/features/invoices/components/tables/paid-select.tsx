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
import { widgetMessages } from '../../../../components/widget.messages.ts';
import { useSetInvoicePaid } from '../../api/set-invoice-paid.ts';
import { DateField } from '../document-form/date-field.tsx';
import { invoiceTablesTexts as t } from './invoice-tables.texts.ts';

/**
 * The Pagata select of a table row (spec part 2 §2, §4): NO → SI asks payment method and collection date (today by
 * default), SI → NO asks for confirmation; a cancelled dialog leaves the select as it was.
 */
export const PaidSelect = ({ row }: { row: FatturaRow }) => {
  const setPaid = useSetInvoicePaid();
  const [asking, setAsking] = useState<'paid' | 'unpaid' | null>(null);
  const [method, setMethod] = useState<MetodoPagamento>(row.metodoPagamento);
  const [date, setDate] = useState('');

  const openPaid = () => {
    setMethod(row.metodoPagamento);
    setDate(formatUiDate(new Date()));
    setAsking('paid');
  };
  const close = () => setAsking(null);

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
        disabled={setPaid.isPending}
        onChange={(v) => {
          if (v === 'SI' && !row.pagata) openPaid();
          if (v === 'NO' && row.pagata) setAsking('unpaid');
        }}
        onClick={(e) => e.stopPropagation()}
      />
      <Modal opened={asking === 'paid'} onClose={close} title={t.paidDialogTitle} centered>
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
            <Button variant="default" onClick={close}>
              {m.cancel}
            </Button>
            <Button
              disabled={!date}
              loading={setPaid.isPending}
              onClick={() =>
                setPaid.mutate(
                  { fatturaId: row.id, isPagata: true, dataIncasso: date, metodoPagamento: method },
                  { onSuccess: close },
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
        onCancel={close}
        onConfirm={() => setPaid.mutate({ fatturaId: row.id, isPagata: false }, { onSuccess: close })}
      />
    </>
  );
};
