import type { CalendarEvent, Product } from '@studiolo/domain/calendar';
import type { CustomerKind, Fattura, FatturaInput, TassazioneInput } from '@studiolo/domain/invoices';
import type { Settings } from '@studiolo/domain/settings';
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

/** What the form needs to know of a patient (from the patients feature, composed in app/). */
export type PatientSummary = {
  id: string;
  name: string;
  validForFattura: boolean;
  codiceDestinatario: string | null;
  /** A person, a company or a public administration: the document type a new invoice starts as (issue 26 item 4). */
  customerKind?: CustomerKind;
};

export type PatientFieldProps = {
  value: string | null;
  onChange: (id: string | null, patient: PatientSummary | null) => void;
  label: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
};

/**
 * What the invoice form needs from the rest of the app: the patient field and a patient's data, the services, the
 * sezionali of the settings, marking an appointment paid and saving the default taxes. The routes
 * (app/routes/accounting-fattura.tsx: InvoicePage and ProformaPage) provide them, so this feature does not reach into
 * the others (GUIDE §2).
 */
/** The electronic-invoicing panel an invoice shows (from the einvoicing feature, composed in app/). */
export type SdiPanelSlotProps = {
  document: Fattura | null;
  /** The invoice as it would be saved now, or null while a required field is missing. */
  payload: FatturaInput | null;
  dirty: boolean;
};

export type DocumentFormDeps = {
  PatientField: ComponentType<PatientFieldProps>;
  /** A hook: the patient's summary, or null while it loads (or without an id). */
  usePatientSummary: (id: string | null) => PatientSummary | null;
  products: readonly Product[];
  /** What a line of appointments without a service says (the studio's own, or its profession's: serviceDescriptionOf). */
  serviceDescription: string;
  sezionali: Settings['sezionali'];
  setEventPaid: (body: { eventId: string; isPagato: boolean }) => Promise<CalendarEvent>;
  saveTaxDefaults: (tassazione: TassazioneInput) => Promise<unknown>;
  /** Where an invoice goes and its sending (absent: the form shows none). */
  SdiPanel?: ComponentType<SdiPanelSlotProps>;
};

const DocumentFormDepsContext = createContext<DocumentFormDeps | null>(null);

export const DocumentFormDepsProvider = ({ value, children }: { value: DocumentFormDeps; children: ReactNode }) => (
  <DocumentFormDepsContext.Provider value={value}>{children}</DocumentFormDepsContext.Provider>
);

export const useDocumentFormDeps = (): DocumentFormDeps => {
  const deps = useContext(DocumentFormDepsContext);
  if (!deps) throw new Error('DocumentFormDepsProvider missing');
  return deps;
};
