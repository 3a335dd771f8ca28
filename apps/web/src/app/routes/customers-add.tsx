import { Alert, Group, Skeleton, Stack, Title } from '@mantine/core';
import { evaluationSectionsOf } from '@studiolo/domain/clinical';
import { patientDisplayName, patientMessages } from '@studiolo/domain/patients';
import { can } from '@studiolo/domain/shared';
import { lazy, type ReactNode, Suspense } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BackLink } from '../../components/back-link.tsx';
import { TabMenu } from '../../components/tab-menu.tsx';
import { useCurrentUser } from '../../features/auth/api/get-user.ts';
import { clinicalTexts } from '../../features/clinical/components/clinical-texts.ts';
import { PatientInvoicesTable } from '../../features/invoices/components/tables/patient-invoices-table.tsx';
import { useCreatePatient } from '../../features/patients/api/create-patient.ts';
import { usePatient } from '../../features/patients/api/get-patient.ts';
import { usePatientTags } from '../../features/patients/api/get-patient-tags.ts';
import { useUpdatePatient } from '../../features/patients/api/update-patient.ts';
import { PatientBadges, PatientStateBadge } from '../../features/patients/components/patient-badges.tsx';
import { PatientForm } from '../../features/patients/components/patient-form.tsx';
import { emptyPatientValues, patientToFormValues } from '../../features/patients/components/patient-form-values.ts';
import { useSettings } from '../../features/settings/api/get-settings.ts';
import { isHttpError } from '../../lib/http.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { studioRoleOf } from '../layout/access.ts';

// The clinical record's panels in chunks of their own, fetched when their tab opens: the registry (the tab most
// opened) does not carry them, nor does the accounting role, which never sees them.
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
const Loading = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<Skeleton h={240} aria-label="Caricamento…" />}>{children}</Suspense>
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
        submitLabel="Crea paziente"
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
  const update = useUpdatePatient();
  const navigate = useNavigate();
  const settings = useSettings();
  const role = user.data ? studioRoleOf(user.data) : null;
  const may = (p: Parameters<typeof can>[1]) => Boolean(role && can(role, p));
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
  return (
    <Stack gap="lg">
      {backToList}
      <Stack gap={6}>
        <Group gap="sm" wrap="wrap" align="center">
          <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <PatientStateBadge state={p.state} />
        </Group>
        <PatientBadges patient={p} />
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
            content: <PatientInvoicesTable pazienteId={p.id} />,
          },
          // the clinical record: never shown to a role without clinical:read (the accounting staff), decision 029
          {
            label: clinicalTexts.evaluationsTab,
            canAccess: may('clinical:read'),
            content: (
              <Loading>
                <EvaluationsPanel
                  pazienteId={p.id}
                  canWrite={may('clinical:write')}
                  sections={evaluationSectionsOf(settings.data?.['cartella-paziente'])}
                />
              </Loading>
            ),
          },
          {
            label: clinicalTexts.diaryTab,
            canAccess: may('clinical:read'),
            content: (
              <Loading>
                <DiaryPanel pazienteId={p.id} canWrite={may('clinical:write')} />
              </Loading>
            ),
          },
          {
            label: clinicalTexts.outcomesTab,
            canAccess: may('clinical:read'),
            content: (
              <Loading>
                <OutcomesPanel pazienteId={p.id} canWrite={may('clinical:write')} />
              </Loading>
            ),
          },
          {
            label: clinicalTexts.accessTab,
            canAccess: may('audit:read'),
            content: (
              <Loading>
                <AuditLogPanel
                  pazienteId={p.id}
                  title={clinicalTexts.accessTitle}
                  description={clinicalTexts.accessIntro}
                />
              </Loading>
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
