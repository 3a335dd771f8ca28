import { Alert, Button, Group, Skeleton, Stack, Title } from '@mantine/core';
import { evaluationSectionsOf } from '@studiolo/domain/clinical';
import { mayLackCodiceFiscale, patientDisplayName, patientMessages } from '@studiolo/domain/patients';
import { can } from '@studiolo/domain/shared';
import { IconReceipt } from '@tabler/icons-react';
import { lazy } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BackLink } from '../../components/back-link.tsx';
import { LazyPanel } from '../../components/lazy-panel.tsx';
import { TabMenu } from '../../components/tab-menu.tsx';
import { useCurrentUser } from '../../features/auth/api/get-user.ts';
import { clinicalTexts } from '../../features/clinical/components/clinical-texts.ts';
import { settleInvoiceLabel, settleInvoicePath } from '../../features/invoices/paths.ts';
import { useCreatePatient } from '../../features/patients/api/create-patient.ts';
import { usePatient } from '../../features/patients/api/get-patient.ts';
import { usePatientTags } from '../../features/patients/api/get-patient-tags.ts';
import { useUpdatePatient } from '../../features/patients/api/update-patient.ts';
import {
  lacksBookedCodiceFiscale,
  PatientBadges,
  PatientStateBadge,
  patientBadgeTexts,
} from '../../features/patients/components/patient-badges.tsx';
import { PatientForm } from '../../features/patients/components/patient-form.tsx';
import { emptyPatientValues, patientToFormValues } from '../../features/patients/components/patient-form-values.ts';
import { PatientRemindersSwitch } from '../../features/patients/components/patient-reminders-switch.tsx';
import { useSettings } from '../../features/settings/api/get-settings.ts';
import { signatureTexts } from '../../features/signature/components/signature-texts.ts';
import { PatientExportAction } from '../../features/studio-export/components/studio-export.tsx';
import { isHttpError } from '../../lib/http.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { studioRoleOf } from '../layout/access.ts';

// The invoices tab (its table, the invoice rules and pickers) is fetched when opened, not with the record's first
// screen, the Anagrafica tab (issue 17 item 11).
const PatientInvoicesTable = lazy(() =>
  import('../../features/invoices/components/tables/patient-invoices-table.tsx').then(({ PatientInvoicesTable }) => ({
    default: PatientInvoicesTable,
  })),
);

const PatientSignaturesPanel = lazy(() =>
  import('../../features/signature/components/patient-signatures-panel.tsx').then(({ PatientSignaturesPanel }) => ({
    default: PatientSignaturesPanel,
  })),
);

// The clinical record's tabs (the body chart's drawing tool among them) are fetched when opened: the registry (the tab
// most opened) does not carry them, nor does the accounting role, which never sees them.
const EvaluationsPanel = lazy(async () => ({
  default: (await import('../../features/clinical/components/evaluations-panel.tsx')).EvaluationsPanel,
}));
const DiaryPanel = lazy(async () => ({
  default: (await import('../../features/clinical/components/diary-panel.tsx')).DiaryPanel,
}));
const OutcomesPanel = lazy(async () => ({
  default: (await import('../../features/clinical/components/outcomes-panel.tsx')).OutcomesPanel,
}));
const AuditLogPanel = lazy(async () => ({
  default: (await import('../../features/audit/components/audit-log-panel.tsx')).AuditLogPanel,
}));
const PatientAttachments = lazy(() =>
  import('../../features/clinical/components/patient-attachments.tsx').then(({ PatientAttachments }) => ({
    default: PatientAttachments,
  })),
);
const PatientBodyCharts = lazy(() =>
  import('../../features/clinical/components/patient-body-charts.tsx').then(({ PatientBodyCharts }) => ({
    default: PatientBodyCharts,
  })),
);

const backToList = <BackLink to="/customers">Torna ai pazienti</BackLink>;

/** A new patient: saved, back to the list, where the server's "Paziente creato" is shown. */
const NewPatient = ({ tagOptions }: { tagOptions: string[] }) => {
  usePageTitle('Nuovo paziente');
  const navigate = useNavigate();
  const create = useCreatePatient();
  return (
    <Stack gap="lg">
      {backToList}
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        Nuovo paziente
      </Title>
      <PatientForm
        isNew
        initialValues={emptyPatientValues()}
        tagOptions={tagOptions}
        submitLabel={(tipologia) => (tipologia === 'FISICA' ? 'Crea paziente' : 'Crea cliente')}
        loading={create.isPending}
        onCancel={() => navigate('/customers')}
        onSubmit={async (input) => {
          await create.mutateAsync(input);
          navigate('/customers');
        }}
      />
    </Stack>
  );
};

/** An existing patient: saved in place (the server says "Paziente aggiornato"); the tabs hold the record's parts. */
const ExistingPatient = ({ id, tagOptions }: { id: string; tagOptions: string[] }) => {
  const patient = usePatient(id);
  const user = useCurrentUser();
  const settings = useSettings();
  const update = useUpdatePatient();
  const navigate = useNavigate();
  const name = patient.data ? patientDisplayName(patient.data.datiGenerali) || 'Paziente' : 'Scheda paziente';
  usePageTitle(name);

  if (patient.isPending) {
    return (
      <Stack gap="lg" aria-busy="true">
        {backToList}
        <Skeleton h={34} w={260} />
        <Skeleton h={320} />
      </Stack>
    );
  }
  if (patient.isError) {
    const notFound = isHttpError(patient.error) && patient.error.status === 404;
    return (
      <Stack gap="lg">
        {backToList}
        <Alert color="red" title={notFound ? patientMessages.notFound : 'Impossibile caricare il paziente.'}>
          {notFound ? 'Il paziente non esiste o è stato eliminato.' : 'Controlla la connessione e riprova.'}
        </Alert>
      </Stack>
    );
  }
  const p = patient.data;
  const role = user.data ? studioRoleOf(user.data) : null;
  const may = (permission: Parameters<typeof can>[1]) => Boolean(role && can(role, permission));
  const clinicalRead = may('clinical:read');
  const clinicalWrite = may('clinical:write');
  return (
    <Stack gap="lg">
      {backToList}
      <Stack gap={6}>
        <Group gap="sm" wrap="wrap" align="center">
          <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <PatientStateBadge state={p.state} />
          {may('invoice:write') && (
            // issue 26 item 6: the patient's unpaid appointments invoiced in a few clicks
            <Button
              component={Link}
              to={settleInvoicePath(p.id, `/customers/add?id=${p.id}`)}
              variant="light"
              size="compact-md"
              leftSection={<IconReceipt size={16} aria-hidden />}
              ml={{ sm: 'auto' }}
            >
              {settleInvoiceLabel}
            </Button>
          )}
        </Group>
        <PatientBadges patient={p} />
        {clinicalRead && <PatientExportAction pazienteId={p.id} />}
        <PatientRemindersSwitch patient={p} canEdit={may('patient:write')} />
        {lacksBookedCodiceFiscale(p) && (
          <Alert color="yellow" variant="light" title={patientBadgeTexts.completeCodiceFiscale}>
            {patientBadgeTexts.completeCodiceFiscaleHint}
          </Alert>
        )}
      </Stack>
      <TabMenu
        aria-label="Sezioni della scheda paziente"
        tabs={[
          {
            label: 'Anagrafica',
            content: (
              <PatientForm
                // a saved patient starts the form again from what the server kept
                key={p.updatedAt}
                isNew={false}
                initialValues={patientToFormValues(p)}
                tagOptions={tagOptions}
                mayLackCodiceFiscale={mayLackCodiceFiscale(p.source)}
                submitLabel="Salva modifiche"
                loading={update.isPending}
                onCancel={() => navigate('/customers')}
                onSubmit={(input) => update.mutateAsync({ ...input, id: p.id })}
              />
            ),
          },
          {
            label: 'Fatture',
            canAccess: may('invoice:read'),
            content: (
              <LazyPanel label="Caricamento delle fatture">
                <PatientInvoicesTable pazienteId={p.id} />
              </LazyPanel>
            ),
          },
          // the clinical record: never shown to a role without clinical:read (the accounting staff), decision 029
          {
            label: clinicalTexts.evaluationsTab,
            canAccess: clinicalRead,
            content: (
              <LazyPanel>
                <EvaluationsPanel
                  pazienteId={p.id}
                  canWrite={clinicalWrite}
                  sections={evaluationSectionsOf(settings.data?.['cartella-paziente'])}
                />
              </LazyPanel>
            ),
          },
          {
            label: clinicalTexts.diaryTab,
            canAccess: clinicalRead,
            content: (
              <LazyPanel>
                <DiaryPanel pazienteId={p.id} canWrite={clinicalWrite} />
              </LazyPanel>
            ),
          },
          {
            label: clinicalTexts.outcomesTab,
            canAccess: clinicalRead,
            content: (
              <LazyPanel>
                <OutcomesPanel pazienteId={p.id} canWrite={clinicalWrite} />
              </LazyPanel>
            ),
          },
          {
            label: 'Allegati',
            canAccess: clinicalRead,
            content: (
              <LazyPanel>
                <PatientAttachments pazienteId={p.id} canWrite={clinicalWrite} />
              </LazyPanel>
            ),
          },
          {
            label: 'Body chart',
            canAccess: clinicalRead,
            content: (
              <LazyPanel>
                <PatientBodyCharts pazienteId={p.id} canWrite={clinicalWrite} />
              </LazyPanel>
            ),
          },
          {
            label: signatureTexts.tab,
            canAccess: may('forms:read'),
            content: (
              <LazyPanel>
                <PatientSignaturesPanel pazienteId={p.id} canRevoke={may('forms:write')} />
              </LazyPanel>
            ),
          },
          {
            label: clinicalTexts.accessTab,
            canAccess: may('audit:read'),
            content: (
              <LazyPanel>
                <AuditLogPanel
                  pazienteId={p.id}
                  title={clinicalTexts.accessTitle}
                  description={clinicalTexts.accessIntro}
                />
              </LazyPanel>
            ),
          },
        ]}
      />
    </Stack>
  );
};

/** /customers/add?id=&tab= (spec part 1 §2): a new patient without id, the patient's record with it. */
export const CustomerAddPage = () => {
  const [params] = useSearchParams();
  const id = params.get('id');
  const tags = usePatientTags();
  const tagOptions = (tags.data ?? []).map((t) => t.tag);
  return id ? <ExistingPatient key={id} id={id} tagOptions={tagOptions} /> : <NewPatient tagOptions={tagOptions} />;
};
