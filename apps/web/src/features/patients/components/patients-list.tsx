import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  EmptyState,
  Group,
  Menu,
  MultiSelect,
  Pagination,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type Patient, type PatientState, patientDisplayName } from '@studiolo/domain/patients';
import { onFirstUse } from '@studiolo/domain/shared';
import {
  IconDotsVertical,
  IconFileDescription,
  IconSearch,
  IconTrash,
  IconUserCheck,
  IconUserOff,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DeleteConfirmDialog } from '../../../components/delete-confirm-dialog.tsx';
import { EmailAddress } from '../../../components/email-address.tsx';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useDeletePatient } from '../api/delete-patient.ts';
import { usePatientTags } from '../api/get-patient-tags.ts';
import { patientsPageSize, usePatientsPage } from '../api/search-patients.ts';
import { useSetPatientState } from '../api/set-patient-state.ts';
import { newPatientPath, patientRecordPath } from '../paths.ts';
import { PatientBadges, PatientStateBadge } from './patient-badges.tsx';
import { PatientTagsEditor } from './patient-tags-editor.tsx';
import { PatientsExportButton, PatientsExportProgress, usePatientsExport } from './patients-export.tsx';
import { usePatientListFilters } from './use-patient-list-filters.ts';

/** The name a patient is listed under; a record without one still gets a readable line. */
export const listedName = (p: Patient) =>
  patientDisplayName(p.datiGenerali) || p.datiGenerali.nomeCompleto || 'Senza nome';

const stateFilterOptions = [
  { value: 'ALL', label: 'Tutti' },
  { value: 'ACTIVE', label: 'Attivi' },
  { value: 'UNACTIVE', label: 'Non attivi' },
];

const count = onFirstUse(() => new Intl.NumberFormat('it-IT'));

/** Texts of the list (decided: the spec names the route and its calls, not the screen's words). */
export const patientsListTexts = {
  title: 'Pazienti',
  searchLabel: 'Cerca pazienti',
  searchPlaceholder: 'Nome, codice fiscale, email o telefono',
  stateFilterLabel: 'Stato',
  tagsFilterLabel: 'Etichette',
  tagsFilterPlaceholder: 'Filtra per etichette',
  newPatient: 'Nuovo paziente',
  total: (n: number) => (n === 1 ? '1 paziente' : `${count().format(n)} pazienti`),
  emptyTitle: 'Ancora nessun paziente',
  emptyDescription: 'Aggiungi il primo paziente dello studio: bastano nome, cognome e codice fiscale.',
  noMatchTitle: 'Nessun paziente trovato',
  noMatchDescription: 'Nessun paziente corrisponde alla ricerca e ai filtri scelti.',
  clearFilters: 'Azzera filtri',
  loadFailed: 'Impossibile caricare i pazienti.',
  retry: 'Riprova',
  actions: (name: string) => `Azioni per ${name}`,
  open: 'Apri scheda',
  makeActive: 'Segna come attivo',
  makeInactive: 'Segna come non attivo',
  delete: 'Elimina',
} as const;

type RowProps = {
  patient: Patient;
  studioTags: readonly string[];
  canDelete: boolean;
  onDelete: (p: Patient) => void;
};

const PatientName = ({ patient }: { patient: Patient }) => (
  <Anchor component={Link} to={patientRecordPath(patient.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
    {listedName(patient)}
  </Anchor>
);

const Contacts = ({ patient }: { patient: Patient }) => {
  const c = patient.contatti;
  const lines: ReactNode[] = [];
  if (c.cellulare) lines.push(<span key="cell">{c.cellulare}</span>);
  if (c.telefono) lines.push(<span key="tel">{c.telefono}</span>);
  if (c.email) lines.push(<EmailAddress key="email" email={c.email} />);
  if (lines.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed short list, each line with its own element key
        <Text key={i} size="sm">
          {line}
        </Text>
      ))}
    </Stack>
  );
};

/** Open, change state, delete: one menu per patient. */
const RowMenu = ({ patient, canDelete, onDelete }: Omit<RowProps, 'studioTags'>) => {
  const setState = useSetPatientState();
  const name = listedName(patient);
  const nextState: PatientState = patient.state === 'ACTIVE' ? 'UNACTIVE' : 'ACTIVE';
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={patientsListTexts.actions(name)}>
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to={patientRecordPath(patient.id)}
          leftSection={<IconFileDescription size={16} aria-hidden />}
        >
          {patientsListTexts.open}
        </Menu.Item>
        <Menu.Item
          leftSection={
            nextState === 'ACTIVE' ? <IconUserCheck size={16} aria-hidden /> : <IconUserOff size={16} aria-hidden />
          }
          disabled={setState.isPending}
          onClick={() => setState.mutate({ id: patient.id, state: nextState })}
        >
          {nextState === 'ACTIVE' ? patientsListTexts.makeActive : patientsListTexts.makeInactive}
        </Menu.Item>
        {canDelete && (
          <>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => onDelete(patient)}>
              {patientsListTexts.delete}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
};

const PatientsTable = ({ patients, ...row }: { patients: Patient[] } & Omit<RowProps, 'patient'>) => (
  <Table.ScrollContainer minWidth={860}>
    <Table verticalSpacing="sm" highlightOnHover aria-label="Elenco dei pazienti">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Nome / Ragione sociale</Table.Th>
          <Table.Th>Codice fiscale</Table.Th>
          <Table.Th>Contatti</Table.Th>
          <Table.Th>Etichette</Table.Th>
          <Table.Th>Stato</Table.Th>
          <Table.Th>
            <Box component="span" style={visuallyHidden}>
              Azioni
            </Box>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {patients.map((p) => (
          <Table.Tr key={p.id} data-testid="patient-row">
            <Table.Td style={{ minWidth: 200 }}>
              <Stack gap={4}>
                <PatientName patient={p} />
                <PatientBadges patient={p} />
              </Stack>
            </Table.Td>
            <Table.Td
              style={{ fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13, whiteSpace: 'nowrap' }}
            >
              {p.datiGenerali.codiceFiscale ?? p.datiGenerali.partitaIva ?? '—'}
            </Table.Td>
            <Table.Td style={{ maxWidth: 240 }}>
              <Contacts patient={p} />
            </Table.Td>
            <Table.Td style={{ maxWidth: 260 }}>
              <PatientTagsEditor patient={p} name={listedName(p)} studioTags={row.studioTags} />
            </Table.Td>
            <Table.Td>
              <PatientStateBadge state={p.state} />
            </Table.Td>
            <Table.Td style={{ width: 48 }}>
              <RowMenu patient={p} canDelete={row.canDelete} onDelete={row.onDelete} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Phones: one card per patient. */
const PatientCards = ({ patients, ...row }: { patients: Patient[] } & Omit<RowProps, 'patient'>) => (
  <Stack gap="xs" component="ul" aria-label="Elenco dei pazienti" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
    {patients.map((p) => (
      <Paper component="li" key={p.id} withBorder p="sm" data-testid="patient-row">
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <PatientName patient={p} />
              {(p.datiGenerali.codiceFiscale || p.datiGenerali.partitaIva) && (
                <Text size="xs" c="dimmed" ff="monospace">
                  {p.datiGenerali.codiceFiscale ?? p.datiGenerali.partitaIva}
                </Text>
              )}
            </Stack>
            <Group gap={4} wrap="nowrap">
              <PatientStateBadge state={p.state} />
              <RowMenu patient={p} canDelete={row.canDelete} onDelete={row.onDelete} />
            </Group>
          </Group>
          <PatientBadges patient={p} />
          {(p.contatti.cellulare || p.contatti.telefono || p.contatti.email) && <Contacts patient={p} />}
          <PatientTagsEditor patient={p} name={listedName(p)} studioTags={row.studioTags} />
        </Stack>
      </Paper>
    ))}
  </Stack>
);

/**
 * /customers (spec part 1 §2, §7): search (400 ms), state and tag filters, 25 per page, a table on desktop and
 * cards on phones, and per patient: open, tags, state, delete; the registry export with its progress.
 */
export const PatientsList = ({
  canDelete,
  canExport,
  moreExports,
  moreExportsProgress,
}: {
  canDelete: boolean;
  canExport: boolean;
  /** Other exports the page composes in (the clinical record's files): buttons beside the registry's… */
  moreExports?: (opts: { compact: boolean }) => ReactNode;
  /** …and their progress under it. */
  moreExportsProgress?: ReactNode;
}) => {
  const isPhone = useIsPhone();
  const filters = usePatientListFilters();
  const list = usePatientsPage({
    searchText: filters.searchText,
    statoPaziente: filters.statoPaziente,
    tags: filters.tags,
    page: filters.page - 1,
    size: patientsPageSize,
  });
  const tags = usePatientTags();
  const remove = useDeletePatient();
  const exporter = usePatientsExport();
  const [deleting, setDeleting] = useState<Patient | null>(null);

  // The last patient of the last page was deleted (or filtered away): show the page before.
  const emptyPageBeyondEnd = Boolean(list.data && list.data.content.length === 0 && filters.page > 1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: react to the empty page only
  useEffect(() => {
    if (emptyPageBeyondEnd && list.data) filters.setPage(Math.max(1, list.data.totalPages));
  }, [emptyPageBeyondEnd]);

  const studioTags = (tags.data ?? []).map((t) => t.tag);
  const tagCounts = new Map((tags.data ?? []).map((t) => [t.tag, t.count]));
  // a tag in the address that no patient carries any more still shows as chosen
  const tagOptions = [...new Set([...studioTags, ...filters.tags])];
  const data = list.data;
  const rowProps = { studioTags, canDelete, onDelete: setDeleting };

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <Stack aria-busy="true">
        <Skeleton h={48} />
        <Skeleton h={48} />
        <Skeleton h={48} />
      </Stack>
    );
  } else if (list.isError || !data) {
    body = (
      <Alert color="red" title={patientsListTexts.loadFailed}>
        <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void list.refetch()}>
          {patientsListTexts.retry}
        </Button>
      </Alert>
    );
  } else if (data.content.length === 0) {
    body = filters.hasFilters ? (
      <EmptyState
        py="xl"
        icon={<IconSearch size={28} aria-hidden />}
        withIndicatorBackground
        title={patientsListTexts.noMatchTitle}
        description={patientsListTexts.noMatchDescription}
      >
        <EmptyState.Actions>
          <Button variant="default" onClick={filters.clear}>
            {patientsListTexts.clearFilters}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    ) : (
      <EmptyState
        py="xl"
        icon={<IconUsers size={28} aria-hidden />}
        variant="light"
        title={patientsListTexts.emptyTitle}
        description={patientsListTexts.emptyDescription}
      >
        <EmptyState.Actions>
          <Button component={Link} to={newPatientPath} leftSection={<IconUserPlus size={18} aria-hidden />}>
            {patientsListTexts.newPatient}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  } else {
    body = isPhone ? (
      <PatientCards patients={data.content} {...rowProps} />
    ) : (
      <PatientsTable patients={data.content} {...rowProps} />
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {patientsListTexts.title}
          </Title>
          {data && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {patientsListTexts.total(data.totalElements)}
            </Text>
          )}
        </div>
        <Group gap="sm" wrap="nowrap">
          {canExport && !isPhone && (
            <PatientsExportButton running={exporter.state.status === 'running'} onClick={() => void exporter.start()} />
          )}
          {!isPhone && moreExports?.({ compact: false })}
          <Button component={Link} to={newPatientPath} leftSection={<IconUserPlus size={18} aria-hidden />}>
            {patientsListTexts.newPatient}
          </Button>
        </Group>
      </Group>
      {/* Phones: the rarer export under the title, so the title and "Nuovo paziente" share one line. */}
      {canExport && isPhone && (
        <PatientsExportButton
          compact
          running={exporter.state.status === 'running'}
          onClick={() => void exporter.start()}
        />
      )}
      {isPhone && moreExports?.({ compact: true })}

      <PatientsExportProgress state={exporter.state} onDismiss={exporter.dismiss} />
      {moreExportsProgress}

      <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={patientsListTexts.searchLabel}
              placeholder={patientsListTexts.searchPlaceholder}
              leftSection={<IconSearch size={16} aria-hidden />}
              type="search"
              value={filters.text}
              onChange={(e) => filters.setText(e.currentTarget.value)}
              style={{ flex: '3 1 260px' }}
            />
            <Stack gap={4} style={{ flex: '0 1 auto' }} w={isPhone ? '100%' : undefined}>
              <Text component="span" size="sm" fw={500} id="patients-state-filter">
                {patientsListTexts.stateFilterLabel}
              </Text>
              <SegmentedControl
                aria-labelledby="patients-state-filter"
                data={stateFilterOptions}
                value={filters.statoPaziente ?? 'ALL'}
                onChange={(v) => filters.setStatoPaziente(v === 'ALL' ? null : (v as PatientState))}
                fullWidth={isPhone}
              />
            </Stack>
            <MultiSelect
              label={patientsListTexts.tagsFilterLabel}
              placeholder={filters.tags.length === 0 ? patientsListTexts.tagsFilterPlaceholder : undefined}
              data={tagOptions}
              value={filters.tags}
              onChange={filters.setTags}
              searchable
              clearable
              nothingFoundMessage="Nessuna etichetta"
              renderOption={({ option }) => (
                <Group justify="space-between" wrap="nowrap" w="100%" gap="xs">
                  <span>{option.label}</span>
                  <Text span size="xs" c="dimmed">
                    {tagCounts.get(option.value) ?? 0}
                  </Text>
                </Group>
              )}
              style={{ flex: '2 1 220px' }}
            />
          </Group>
          {body}
          {data && data.totalPages > 1 && (
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" c="dimmed">
                Pagina {filters.page} di {data.totalPages}
              </Text>
              <Pagination
                total={data.totalPages}
                value={filters.page}
                onChange={filters.setPage}
                size={isPhone ? 'sm' : 'md'}
                siblings={isPhone ? 0 : 1}
                getItemProps={(page) => ({ 'aria-label': `Pagina ${page}` })}
                getControlProps={(control) => ({
                  'aria-label': {
                    first: 'Prima pagina',
                    previous: 'Pagina precedente',
                    next: 'Pagina successiva',
                    last: 'Ultima pagina',
                  }[control],
                })}
              />
            </Group>
          )}
        </Stack>
      </Paper>

      <DeleteConfirmDialog
        opened={deleting !== null}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </Stack>
  );
};
