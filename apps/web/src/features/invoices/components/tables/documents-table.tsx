import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { type FatturaRow, invoiceMessages as m, tipoDocumentoLabels } from '@studiolo/domain/invoices';
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconFileTypePdf } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { listCardStyle, ResponsiveList } from '../../../../components/responsive-list.tsx';
import { formatEuro } from '../../../../lib/format.ts';
import { invoicePageSizes } from '../../api/get-invoices.ts';
import { invoiceTablesTexts as t } from './invoice-tables.texts.ts';
import { PaidSelect } from './paid-select.tsx';
import { SdiStatus } from './sdi-status.tsx';

export type DocumentsPaging = { page: number; size: number; direction: 'ASC' | 'DESC' };

export type DocumentsTableProps = {
  rows: readonly FatturaRow[];
  totalElements: number;
  /** False when the server stopped counting (more than 10,000 matches). */
  totalIsExact: boolean;
  paging: DocumentsPaging;
  onPaging: (paging: DocumentsPaging) => void;
  /** Where the document pages send the user back to. */
  backTo: string;
  /** A patient's own table leaves the customer out. */
  showCliente?: boolean;
};

/** Where a row opens: the invoice form or the pro-forma form (spec part 2 §2: row click edits). */
export const documentPath = (row: FatturaRow, backTo: string) => {
  const q = new URLSearchParams({ id: row.id, navigateBack: backTo });
  if (row.pazienteId) q.set('pazienteId', row.pazienteId);
  return `${row.tipoDocumento === 'PROFORMA' ? '/accounting/proforma' : '/accounting/fattura'}?${q}`;
};
export const pdfPath = (row: FatturaRow) =>
  `/accounting/fattura/pdf?id=${row.id}${row.tipoDocumento === 'PROFORMA' ? '&tipo=PROFORMA' : ''}`;

const Overdue = ({ row }: { row: FatturaRow }) =>
  row.scaduta ? (
    <Tooltip label={t.overdue}>
      <Box component="span" c="red.8" style={{ display: 'inline-flex' }} role="img" aria-label={t.overdue}>
        <IconAlertTriangle size={18} aria-hidden />
      </Box>
    </Tooltip>
  ) : null;

const DateCell = ({ row }: { row: FatturaRow }) => (
  <Stack gap={0}>
    <Text size="sm">{row.dataFattura}</Text>
    {row.dataScadenza && (
      <Text size="xs" c="gray.7">
        {t.due(row.dataScadenza)}
      </Text>
    )}
  </Stack>
);

const IdCell = ({ row, backTo }: { row: FatturaRow; backTo: string }) => (
  <Stack gap={0}>
    <Anchor component={Link} to={documentPath(row, backTo)} fw={600} size="sm" aria-label={t.open(row.idDocumento)}>
      {row.idDocumento}
    </Anchor>
    {row.tipoDocumento === 'NOTA_DI_CREDITO' && (
      <Text size="xs" c="gray.7">
        {tipoDocumentoLabels.NOTA_DI_CREDITO}
      </Text>
    )}
  </Stack>
);

const PdfLink = ({ row }: { row: FatturaRow }) => (
  <Tooltip label={t.openPdf(row.idDocumento)}>
    <ActionIcon component={Link} to={pdfPath(row)} variant="subtle" aria-label={t.openPdf(row.idDocumento)}>
      <IconFileTypePdf size={18} aria-hidden />
    </ActionIcon>
  </Tooltip>
);

const StatusCell = ({ row }: { row: FatturaRow }) =>
  row.tipoDocumento === 'PROFORMA' ? (
    <Badge variant="light" color={row.accepted ? 'teal' : 'gray'}>
      {row.accepted ? t.acceptedYes : t.acceptedNo}
    </Badge>
  ) : (
    <Group gap={6} wrap="nowrap">
      <PaidSelect row={row} />
      <Overdue row={row} />
    </Group>
  );

/**
 * The documents of the accounting page and of a patient's record (spec part 2 §2 customer invoice table): ID,
 * Cliente, Data with the due date (sortable), Pagata, SDI, Totale and the PDF; a card per document on a phone.
 */
export const DocumentsTable = ({
  rows,
  totalElements,
  totalIsExact,
  paging,
  onPaging,
  backTo,
  showCliente = true,
}: DocumentsTableProps) => {
  const navigate = useNavigate();
  const proforma = rows[0]?.tipoDocumento === 'PROFORMA';
  const pages = Math.max(1, Math.ceil(totalElements / paging.size));
  const sortButton = (
    <UnstyledButton
      onClick={() => onPaging({ ...paging, page: 0, direction: paging.direction === 'DESC' ? 'ASC' : 'DESC' })}
      aria-label={t.sortByDate(paging.direction)}
      fw={700}
      fz="sm"
    >
      <Group gap={4} wrap="nowrap">
        {t.columns.data}
        {paging.direction === 'DESC' ? <IconArrowDown size={14} aria-hidden /> : <IconArrowUp size={14} aria-hidden />}
      </Group>
    </UnstyledButton>
  );
  const columns = [
    t.columns.id,
    ...(showCliente ? [t.columns.cliente] : []),
    t.columns.data,
    proforma ? t.columns.accepted : t.columns.pagata,
    ...(proforma ? [] : [t.columns.sdi]),
    t.columns.totale,
    t.columns.pdf,
  ];

  return (
    <Stack gap="sm">
      <Group justify="flex-end">{sortButton}</Group>
      <ResponsiveList
        items={rows}
        label={proforma ? t.proformaListLabel : t.listLabel}
        columns={columns}
        tableMinWidth={showCliente ? 860 : 720}
        highlightOnHover
        card={(row) => (
          <Paper p="sm" style={listCardStyle}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <IdCell row={row} backTo={backTo} />
                {showCliente && (
                  <Text size="sm" truncate>
                    {row.cliente}
                  </Text>
                )}
                <DateCell row={row} />
              </Stack>
              <Stack gap={4} align="flex-end">
                <Text fw={700}>{formatEuro(row.totaleFattura)}</Text>
                <PdfLink row={row} />
              </Stack>
            </Group>
            <Group justify="space-between" mt="xs">
              <StatusCell row={row} />
              {!proforma && <SdiStatus row={row} />}
            </Group>
          </Paper>
        )}
        cells={(row) => (
          <>
            <Table.Td>
              <IdCell row={row} backTo={backTo} />
            </Table.Td>
            {showCliente && (
              <Table.Td style={{ cursor: 'pointer' }} onClick={() => navigate(documentPath(row, backTo))}>
                {row.cliente}
              </Table.Td>
            )}
            <Table.Td style={{ cursor: 'pointer' }} onClick={() => navigate(documentPath(row, backTo))}>
              <DateCell row={row} />
            </Table.Td>
            <Table.Td>
              <StatusCell row={row} />
            </Table.Td>
            {!proforma && (
              <Table.Td>
                <SdiStatus row={row} />
              </Table.Td>
            )}
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatEuro(row.totaleFattura)}</Table.Td>
            <Table.Td>
              <PdfLink row={row} />
            </Table.Td>
          </>
        )}
      />
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs">
          <Select
            aria-label={t.pageSize}
            data={invoicePageSizes.map(String)}
            value={String(paging.size)}
            allowDeselect={false}
            w={84}
            size="xs"
            onChange={(v) => v && onPaging({ ...paging, page: 0, size: Number(v) })}
          />
          <Text size="sm" c="gray.7">
            {t.total(totalElements, totalIsExact)}
          </Text>
        </Group>
        <Group gap="xs" component="nav" aria-label={t.pagination}>
          <Button
            variant="default"
            size="xs"
            disabled={paging.page === 0}
            onClick={() => onPaging({ ...paging, page: paging.page - 1 })}
          >
            {m.previous}
          </Button>
          <Text size="sm">
            {paging.page + 1} / {totalIsExact ? pages : `${pages}+`}
          </Text>
          <Button
            variant="default"
            size="xs"
            disabled={totalIsExact && paging.page + 1 >= pages}
            onClick={() => onPaging({ ...paging, page: paging.page + 1 })}
          >
            {m.next}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
};
