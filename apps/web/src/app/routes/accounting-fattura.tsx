import { Alert, Skeleton, Stack } from '@mantine/core';
import { customerKindOf, type Fattura, type Proforma, serviceDescriptionOf } from '@studiolo/domain/invoices';
import { patientDisplayName } from '@studiolo/domain/patients';
import type { RegimeFiscale } from '@studiolo/domain/studio';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BackLink } from '../../components/back-link.tsx';
import { useCurrentStudioId } from '../../features/auth/api/get-user.ts';
import { useSetEventPaid } from '../../features/calendar/api/set-event-paid.ts';
import { SdiPanel } from '../../features/einvoicing/components/sdi-panel.tsx';
import { useInvoice } from '../../features/invoices/api/get-invoice.ts';
import { useProforma } from '../../features/invoices/api/get-proforma.ts';
import { invoiceQueryKey } from '../../features/invoices/api/invoice-keys.ts';
import { documentFormTexts } from '../../features/invoices/components/document-form/document-form.texts.ts';
import { DocumentForm, type SavedDocument } from '../../features/invoices/components/document-form/document-form.tsx';
import {
  type DocumentFormDeps,
  DocumentFormDepsProvider,
  type PatientFieldProps,
  type PatientSummary,
  type SdiPanelSlotProps,
} from '../../features/invoices/components/document-form/document-form-deps.tsx';
import {
  type DocumentKind,
  newDocumentValues,
  valuesOfFattura,
  valuesOfProforma,
} from '../../features/invoices/components/document-form/document-form-values.ts';
import { usePatient } from '../../features/patients/api/get-patient.ts';
import { PatientSearchSelect } from '../../features/patients/index.ts';
import { useProducts } from '../../features/products/api/get-products.ts';
import { useSettings } from '../../features/settings/api/get-settings.ts';
import { useUpdateSettingsSection } from '../../features/settings/api/update-settings-section.ts';
import { TsDocumentPanel } from '../../features/sistema-ts/components/ts-document-panel.tsx';
import { useStudio } from '../../features/studio/api/get-studio.ts';
import { isHttpError } from '../../lib/http.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

type PatientLike = {
  id: string;
  validForFattura: boolean;
  datiGenerali: Parameters<typeof patientDisplayName>[0] & {
    nomeCompleto: string;
    codiceDestinatario: string | null;
    tipologiaPersona: 'FISICA' | 'GIURIDICA';
    isPubblicaAmministrazione?: boolean | null;
  };
};
const summaryOf = (p: PatientLike): PatientSummary => ({
  id: p.id,
  name: p.datiGenerali.nomeCompleto || patientDisplayName(p.datiGenerali),
  validForFattura: p.validForFattura,
  codiceDestinatario: p.datiGenerali.codiceDestinatario,
  customerKind: customerKindOf(p.datiGenerali),
});

/** The patients feature's search field, as the invoice form asks for it. */
const PatientField = ({ value, onChange, label, error, disabled }: PatientFieldProps) => (
  <PatientSearchSelect
    value={value}
    onChange={(id, p) => onChange(id, p ? summaryOf(p) : null)}
    label={label}
    error={error}
    disabled={disabled}
    clearable={!disabled}
  />
);

/** The chosen patient's data (validForFattura, recipient code) from the patients feature. */
const usePatientSummary = (id: string | null): PatientSummary | null => {
  const patient = usePatient(id);
  return patient.data && patient.data.id === id ? summaryOf(patient.data) : null;
};

/**
 * The einvoicing feature's panel, refreshing the invoice query of the invoices feature, and for a health invoice the
 * sistema-ts feature's.
 */
const SdiPanelSlot = (props: SdiPanelSlotProps) => {
  const queryClient = useQueryClient();
  const studioId = useCurrentStudioId();
  const id = props.document?.id ?? null;
  const refresh = useCallback(() => {
    if (id) void queryClient.invalidateQueries({ queryKey: invoiceQueryKey(studioId, id) });
  }, [queryClient, studioId, id]);
  const document = props.document;
  return (
    <>
      <SdiPanel {...props} refresh={refresh} />
      {document?.canaleInvio === 'SISTEMA_TS' && (
        <TsDocumentPanel documentId={document.id} version={document.updatedAt} dirty={props.dirty} />
      )}
    </>
  );
};

/** A path of this app only (navigateBack comes from the address bar). */
const safeBack = (value: string | null, fallback: string) =>
  value?.startsWith('/') && !value.startsWith('//') ? value : fallback;

/**
 * What the invoices feature's form needs from the others (patients, services, settings, studio, calendar),
 * composed here (GUIDE §2). Shared by the invoice and the pro-forma page.
 */
export const useDocumentPageDeps = () => {
  const studioId = useCurrentStudioId();
  const studio = useStudio();
  const settings = useSettings();
  const products = useProducts();
  const updateSettings = useUpdateSettingsSection();
  const setEventPaid = useSetEventPaid();
  const deps = useMemo<DocumentFormDeps>(
    () => ({
      PatientField,
      usePatientSummary,
      products: products.data ?? [],
      serviceDescription: serviceDescriptionOf(settings.data?.fattura, studio.data?.professione),
      sezionali: settings.data?.sezionali ?? [],
      setEventPaid: setEventPaid.mutateAsync,
      saveTaxDefaults: (tassazione) => updateSettings.mutateAsync({ section: 'fattura', values: { tassazione } }),
      SdiPanel: SdiPanelSlot,
    }),
    [products.data, settings.data, studio.data, setEventPaid.mutateAsync, updateSettings.mutateAsync],
  );
  return { deps, studio, settings, studioId };
};

export type DocumentPageProps = {
  kind: DocumentKind;
  /** The loaded document (null for a new one) and its query state. */
  query: { data: Fattura | Proforma | undefined; isPending: boolean; isError: boolean; error: unknown } | null;
};

/** The page of one document: loading and error states, defaults of a new one, the form composed with its deps. */
export const DocumentPage = ({ kind, query }: DocumentPageProps) => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { deps, studio, settings, studioId } = useDocumentPageDeps();
  const backTo = safeBack(params.get('navigateBack'), '/accounting');
  const document = query?.data ?? null;
  usePageTitle(
    document
      ? `${kind === 'fattura' ? 'Fattura' : 'Proforma'} ${document.idDocumento}`
      : kind === 'fattura'
        ? documentFormTexts.newInvoice
        : documentFormTexts.newProforma,
  );

  const waitingDefaults = !query && (studio.isPending || settings.isPending);
  if (query?.isPending || waitingDefaults) {
    return (
      <Stack gap="lg" aria-busy="true">
        <BackLink to={backTo}>{documentFormTexts.back}</BackLink>
        <Skeleton h={34} w={260} />
        <Skeleton h={420} />
      </Stack>
    );
  }
  if (query?.isError || (query && !document)) {
    const notFound = isHttpError(query.error) && query.error.status === 404;
    return (
      <Stack gap="lg">
        <BackLink to={backTo}>{documentFormTexts.back}</BackLink>
        <Alert color="red" title={documentFormTexts.loadFailed}>
          {notFound ? documentFormTexts.notFound : 'Controlla la connessione e riprova.'}
        </Alert>
      </Stack>
    );
  }

  const regimeFiscale: RegimeFiscale | null = document
    ? document.tassazione.regimeFiscale
    : (studio.data?.tassazione.regimeFiscale ?? null);
  const initialValues = document
    ? document.tipoDocumento === 'PROFORMA'
      ? valuesOfProforma(document as Proforma)
      : valuesOfFattura(document as Fattura)
    : newDocumentValues({
        pazienteId: params.get('pazienteId'),
        regimeFiscale,
        tassazione: settings.data?.fattura.tassazione,
        coordinateBancarie: studio.data?.coordinateBancarie ?? null,
        fatturaSettings: settings.data?.fattura ?? null,
      });

  const pathOf = (doc: SavedDocument) => {
    const next = new URLSearchParams();
    next.set('id', doc.id);
    const pazienteId = document?.pazienteId ?? params.get('pazienteId');
    if (pazienteId) next.set('pazienteId', pazienteId);
    if (params.get('navigateBack')) next.set('navigateBack', backTo);
    return `/accounting/${doc.kind === 'fattura' ? 'fattura' : 'proforma'}?${next.toString()}`;
  };

  return (
    <DocumentFormDepsProvider value={deps}>
      <DocumentForm
        // a saved document starts the form again from what the server kept
        key={document ? `${document.id}:${document.updatedAt}` : 'new'}
        kind={kind}
        document={document}
        initialValues={initialValues}
        regimeFiscale={regimeFiscale}
        studioId={studioId}
        backTo={backTo}
        onOpen={(doc) => navigate(pathOf(doc), { replace: !document && doc.kind === kind })}
        onDeleted={() => navigate(backTo)}
        // issue 26 item 6: "Fattura appuntamenti da saldare" from the patient's page or the calendar
        settle={!document && params.get('daSaldare') === '1'}
      />
    </DocumentFormDepsProvider>
  );
};

/**
 * /accounting/fattura?pazienteId=&studioId=&id=&navigateBack= (spec part 2 §2): create or edit an invoice; with
 * daSaldare=1 a new one starts from the patient's appointments still to be paid (issue 26 item 6).
 */
export const InvoicePage = () => {
  const [params] = useSearchParams();
  const id = params.get('id');
  const invoice = useInvoice(id);
  return <DocumentPage key={id ?? 'new'} kind="fattura" query={id ? invoice : null} />;
};

/**
 * /accounting/proforma?pazienteId=&id=&navigateBack= (spec part 2 §2): create or edit a pro-forma. In this module with
 * InvoicePage, so both routes load one chunk (a route module of its own importing this one made the bundler split
 * the shared code in a way that left the patients list's tag popovers mounted after closing).
 */
export const ProformaPage = () => {
  const [params] = useSearchParams();
  const id = params.get('id');
  const proforma = useProforma(id);
  return <DocumentPage key={id ?? 'new'} kind="proforma" query={id ? proforma : null} />;
};
