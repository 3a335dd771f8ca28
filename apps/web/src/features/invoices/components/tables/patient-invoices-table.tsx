import { Alert, Button, EmptyState, Skeleton, Stack } from '@mantine/core';
import { invoiceMessages as m } from '@studiolo/domain/invoices';
import { IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { defaultInvoicePageSize } from '../../api/get-invoices.ts';
import { usePatientInvoices } from '../../api/get-patient-invoices.ts';
import { type DocumentsPaging, DocumentsTable } from './documents-table.tsx';
import { invoiceTablesTexts as t } from './invoice-tables.texts.ts';

/** A patient's invoices and credit notes (spec part 2 §2 customer invoice table), in the patient's record. */
export const PatientInvoicesTable = ({ pazienteId }: { pazienteId: string }) => {
  const location = useLocation();
  const backTo = `${location.pathname}${location.search}`;
  const [paging, setPaging] = useState<DocumentsPaging>({ page: 0, size: defaultInvoicePageSize, direction: 'DESC' });
  const invoices = usePatientInvoices(pazienteId, paging);
  const newInvoice = `/accounting/fattura?${new URLSearchParams({ pazienteId, navigateBack: backTo })}`;

  if (invoices.isPending) return <Skeleton h={160} />;
  if (invoices.isError) return <Alert color="red">{t.loadFailed}</Alert>;
  if (invoices.data.totalElements === 0)
    return (
      <EmptyState py="xl" icon={<IconFileInvoice size={28} aria-hidden />} withIndicatorBackground title={m.noInvoices}>
        <EmptyState.Actions>
          <Button component={Link} to={newInvoice}>
            {m.createFirst}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  return (
    <Stack gap="sm">
      <DocumentsTable
        rows={invoices.data.content}
        totalElements={invoices.data.totalElements}
        totalIsExact={invoices.data.totalIsExact}
        paging={paging}
        onPaging={setPaging}
        backTo={backTo}
        showCliente={false}
      />
    </Stack>
  );
};
