import { Alert, Button, EmptyState, Grid, Group, Select, Skeleton, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { metodiPagamento, tipiDocumentoFattura, tipoDocumentoLabels } from '@studiolo/domain/invoices';
import { IconFilePlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { DateField } from '../../../../components/date-field.tsx';
import { type DocumentListQuery, defaultInvoicePageSize, useDocuments } from '../../api/get-invoices.ts';
import type { InvoiceRegister } from '../../api/invoice-keys.ts';
import { type DocumentsPaging, DocumentsTable } from './documents-table.tsx';
import { invoiceTablesTexts as t } from './invoice-tables.texts.ts';

export const documentsListTexts = {
  search: 'Cerca',
  searchPlaceholder: 'Cliente, codice fiscale o numero',
  from: 'Dal',
  to: 'Al',
  type: 'Tipo documento',
  paid: 'Pagamento',
  paidOptions: [
    { value: 'true', label: 'Pagate' },
    { value: 'false', label: 'Non pagate' },
  ],
  sezionale: 'Sezionale',
  mainSezionale: 'Principale',
  method: 'Metodo di pagamento',
  all: 'Tutti',
  newInvoice: 'Nuova fattura',
  newProforma: 'Nuova proforma',
  emptyTitle: 'Ancora nessun documento',
  emptyInvoices: 'Crea la prima fattura: scegli il paziente e collega i suoi appuntamenti.',
  emptyProforma: 'Una proforma diventa fattura con un clic quando il paziente paga.',
} as const;

/** spec part 2 §5: search after 400 ms of typing, like the patient search. */
const searchDebounceMs = 400;

/**
 * The accounting page's list of one register (spec part 2 §7 list with every filter and paging): invoices and credit
 * notes with dates, text, type, paid state, sezionale (only when the studio has more than one) and payment method;
 * pro-forma with dates and text.
 */
export const DocumentsList = ({ register, sezionali }: { register: InvoiceRegister; sezionali: readonly string[] }) => {
  const location = useLocation();
  const backTo = `${location.pathname}${location.search}`;
  const proforma = register === 'proforma';
  const [paging, setPaging] = useState<DocumentsPaging>({ page: 0, size: defaultInvoicePageSize, direction: 'DESC' });
  const [text, setText] = useState('');
  const [searchText] = useDebouncedValue(text.trim(), searchDebounceMs);
  const [filters, setFilters] = useState<Omit<DocumentListQuery, keyof DocumentsPaging | 'searchText'>>({});
  const setFilter = (patch: Partial<typeof filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPaging((p) => ({ ...p, page: 0 }));
  };
  const query: DocumentListQuery = { ...paging, ...filters, searchText: searchText || null };
  const documents = useDocuments(register, query);
  const filtered = Boolean(searchText) || Object.values(filters).some(Boolean);

  return (
    <Stack gap="md">
      <Grid gap="sm" align="flex-end">
        <Grid.Col span={{ base: 12, sm: 6, md: proforma ? 6 : 4 }}>
          <TextInput
            label={documentsListTexts.search}
            placeholder={documentsListTexts.searchPlaceholder}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setPaging((p) => ({ ...p, page: 0 }));
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3, md: proforma ? 3 : 2 }}>
          <DateField
            label={documentsListTexts.from}
            value={filters.startDate ?? ''}
            onChange={(v) => setFilter({ startDate: v || null })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3, md: proforma ? 3 : 2 }}>
          <DateField
            label={documentsListTexts.to}
            value={filters.endDate ?? ''}
            onChange={(v) => setFilter({ endDate: v || null })}
          />
        </Grid.Col>
        {!proforma && (
          <>
            <Grid.Col span={{ base: 6, sm: 4, md: 2 }}>
              <Select
                label={documentsListTexts.type}
                placeholder={documentsListTexts.all}
                clearable
                data={tipiDocumentoFattura.map((v) => ({ value: v, label: tipoDocumentoLabels[v] }))}
                value={filters.tipoDocumento ?? null}
                onChange={(v) => setFilter({ tipoDocumento: v })}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 4, md: 2 }}>
              <Select
                label={documentsListTexts.paid}
                placeholder={documentsListTexts.all}
                clearable
                data={documentsListTexts.paidOptions}
                value={filters.isPagata ?? null}
                onChange={(v) => setFilter({ isPagata: (v as 'true' | 'false' | null) ?? null })}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 4, md: 3 }}>
              <Select
                label={documentsListTexts.method}
                placeholder={documentsListTexts.all}
                clearable
                data={[...metodiPagamento]}
                value={filters.metodoPagamento ?? null}
                onChange={(v) => setFilter({ metodoPagamento: v })}
              />
            </Grid.Col>
            {sezionali.length > 0 && (
              // spec part 2 §2: the sezionale is shown only when more than one exists (the main one and these)
              <Grid.Col span={{ base: 6, sm: 4, md: 3 }}>
                <Select
                  label={documentsListTexts.sezionale}
                  placeholder={documentsListTexts.all}
                  clearable
                  data={[
                    { value: '__main__', label: documentsListTexts.mainSezionale },
                    ...sezionali.map((s) => ({ value: s, label: s })),
                  ]}
                  value={filters.sezionale === '' ? '__main__' : (filters.sezionale ?? null)}
                  onChange={(v) => setFilter({ sezionale: v === '__main__' ? '' : v })}
                />
              </Grid.Col>
            )}
          </>
        )}
        <Grid.Col span={{ base: 12, md: 'content' }} ml="auto">
          <Group justify="flex-end">
            <Button
              component={Link}
              to={`${proforma ? '/accounting/proforma' : '/accounting/fattura'}?${new URLSearchParams({ navigateBack: backTo })}`}
              leftSection={<IconFilePlus size={16} aria-hidden />}
            >
              {proforma ? documentsListTexts.newProforma : documentsListTexts.newInvoice}
            </Button>
          </Group>
        </Grid.Col>
      </Grid>
      {documents.isPending ? (
        <Skeleton h={200} />
      ) : documents.isError ? (
        <Alert color="red">{t.loadFailed}</Alert>
      ) : documents.data.totalElements === 0 ? (
        <EmptyState py="xl" withIndicatorBackground title={filtered ? t.noMatch : documentsListTexts.emptyTitle}>
          {!filtered && (proforma ? documentsListTexts.emptyProforma : documentsListTexts.emptyInvoices)}
        </EmptyState>
      ) : (
        <DocumentsTable
          rows={documents.data.content}
          totalElements={documents.data.totalElements}
          totalIsExact={documents.data.totalIsExact}
          paging={paging}
          onPaging={setPaging}
          backTo={backTo}
        />
      )}
    </Stack>
  );
};
