import type { CalendarEvent } from '@studiolo/domain/calendar';
import { customerKindOf, serviceDescriptionOf } from '@studiolo/domain/invoices';
import type { Patient } from '@studiolo/domain/patients';
import { can } from '@studiolo/domain/shared';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../features/auth/api/get-user.ts';
import {
  type CalendarDeps,
  CalendarDepsProvider,
  type PatientFieldProps,
} from '../../features/calendar/components/calendar-deps.tsx';
import { CalendarScreen } from '../../features/calendar/components/calendar-screen.tsx';
import type { DiaryPrefill } from '../../features/clinical/components/diary-entry-dialog.tsx';
import { settleInvoicePath } from '../../features/invoices/paths.ts';
import type { SettleDefaults } from '../../features/invoices/settle-batch.ts';
import { getPatient } from '../../features/patients/api/get-patient.ts';
import { usePatientTags } from '../../features/patients/api/get-patient-tags.ts';
import { PatientSearchSelect } from '../../features/patients/index.ts';
import { useProducts } from '../../features/products/api/get-products.ts';
import { useSettings } from '../../features/settings/api/get-settings.ts';
import { useStaff } from '../../features/staff/api/get-staff.ts';
import { useStudio } from '../../features/studio/api/get-studio.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { studioRoleOf } from '../layout/access.ts';

// the clinical diary's form in its own chunk, fetched when "Scrivi diario" is pressed
const DiaryEntryDialog = lazy(async () => ({
  default: (await import('../../features/clinical/components/diary-entry-dialog.tsx')).DiaryEntryDialog,
}));

const patientName = (p: Patient) =>
  p.datiGenerali.nomeCompleto || [p.datiGenerali.cognome, p.datiGenerali.nome].filter(Boolean).join(' ');

/** The patients feature's search field, as the calendar asks for it (id and display name). */
const PatientField = ({ value, onChange, label, description, placeholder, activeOnly }: PatientFieldProps) => (
  <PatientSearchSelect
    value={value}
    onChange={(id, p) => onChange(id, p ? { id: p.id, name: patientName(p) } : null)}
    label={label}
    description={description}
    placeholder={placeholder}
    statoPaziente={activeOnly ? 'ACTIVE' : null}
  />
);

// the online bookings to confirm: a small chunk of its own, so the calendar's stays as it is
const PendingBookings = lazy(async () => ({
  default: (await import('../../features/booking/components/pending-bookings.tsx')).PendingBookings,
}));

// the appointment dialog's reminder line (decision 036), in a chunk of its own
const AppointmentReminderStatus = lazy(async () => ({
  default: (await import('../../features/reminders/components/appointment-reminder-status.tsx'))
    .AppointmentReminderStatus,
}));
const AppointmentReminders = ({ eventId }: { eventId: string }) => (
  <Suspense fallback={null}>
    <AppointmentReminderStatus eventId={eventId} />
  </Suspense>
);

// the batch of invoices (the invoice rules and totals) is fetched when first opened, not with the calendar
const SettleBatchDialog = lazy(async () => ({
  default: (await import('../../features/invoices/components/settle-batch-dialog.tsx')).SettleBatchDialog,
}));

// the appointment import (issue 30 item 2) in a chunk of its own, fetched when first opened
const AppointmentImportDialog = lazy(async () => ({
  default: (await import('../../features/appointment-imports/components/appointment-import-dialog.tsx'))
    .AppointmentImportDialog,
}));
const ImportAppointments = (props: {
  opened: boolean;
  onClose: () => void;
  calendars: { id: string; summary: string }[];
}) => (
  <Suspense fallback={null}>
    <AppointmentImportDialog {...props} />
  </Suspense>
);

/** A patient's kind of customer and recipient code, for the invoices the calendar's batch makes (issue 26 item 6). */
const loadCustomer = async (pazienteId: string) => {
  const p = await getPatient(pazienteId);
  return { kind: customerKindOf(p.datiGenerali), codiceDestinatario: p.datiGenerali.codiceDestinatario };
};

/**
 * /calendar: the calendar feature composed with what it needs from the others (staff, settings' rooms and devices,
 * services, patient tags and the patient field), GUIDE §2.
 */
export const CalendarPage = () => {
  usePageTitle('Calendario');
  const { data: user } = useCurrentUser();
  const role = user ? studioRoleOf(user) : null;
  const staff = useStaff();
  const settings = useSettings();
  const products = useProducts();
  const tags = usePatientTags();
  // the clinical record's diary, written from an appointment (issue 16 part 2)
  const [diaryFor, setDiaryFor] = useState<DiaryPrefill | null>(null);
  const canWriteDiary = role ? can(role, 'clinical:write') : false;
  const navigate = useNavigate();
  const canInvoice = role ? can(role, 'invoice:write') : false;
  const studio = useStudio();
  // issue 26 item 6: the invoice defaults the batch makes each invoice from (as the invoice page does)
  const settleDefaults = useMemo<SettleDefaults | null>(
    () =>
      studio.data && settings.data && products.data
        ? {
            regimeFiscale: studio.data.tassazione.regimeFiscale,
            tassazione: settings.data.fattura.tassazione,
            coordinateBancarie: studio.data.coordinateBancarie,
            fatturaSettings: settings.data.fattura,
            products: new Map(products.data.map((p) => [p.id, p])),
            serviceDescription: serviceDescriptionOf(settings.data.fattura, studio.data.professione),
          }
        : null,
    [studio.data, settings.data, products.data],
  );
  const SettleBatch = useMemo(
    () =>
      canInvoice
        ? ({ opened, onClose }: { opened: boolean; onClose: () => void }) => (
            <SettleBatchDialog
              opened={opened}
              onClose={onClose}
              defaults={settleDefaults}
              loadCustomer={loadCustomer}
            />
          )
        : null,
    [canInvoice, settleDefaults],
  );
  const deps = useMemo<CalendarDeps>(
    () => ({
      staff: staff.data ?? [],
      rooms: settings.data?.calendario.rooms ?? [],
      serviceLocations: settings.data?.calendario.serviceLocations ?? [],
      medicalDevices: settings.data?.calendario.medicalDevices ?? [],
      products: products.data ?? [],
      tags: (tags.data ?? []).map((t) => t.tag),
      PatientField,
      canWrite: role ? can(role, 'calendar:write') : false,
      canExport: role ? can(role, 'export:run') : false,
      settingsPath: role && can(role, 'calendar:write') ? '/calendar/settings' : null,
      writeDiary: canWriteDiary
        ? (e: CalendarEvent) =>
            e.pazienteId &&
            setDiaryFor({ pazienteId: e.pazienteId, eventId: e.id, start: e.start, patientName: e.pazienteName })
        : null,
      SettleBatchDialog: SettleBatch,
      ImportAppointmentsDialog: role && can(role, 'calendar:write') ? ImportAppointments : null,
      AppointmentReminders,
      // online bookings waiting for the studio (decision 035), confirmed or cancelled by those who write the calendar
      headerActions:
        role && can(role, 'calendar:write') ? (
          <Suspense fallback={null}>
            <PendingBookings />
          </Suspense>
        ) : null,
      invoiceToSettle:
        role && can(role, 'invoice:write')
          ? (e: CalendarEvent) => e.pazienteId && navigate(settleInvoicePath(e.pazienteId, '/calendar'))
          : null,
    }),
    [staff.data, settings.data, products.data, tags.data, role, canWriteDiary, navigate, SettleBatch],
  );
  if (!user) return null;
  return (
    <CalendarDepsProvider value={deps}>
      <CalendarScreen />
      {diaryFor && (
        <Suspense fallback={null}>
          <DiaryEntryDialog prefill={diaryFor} entry={null} onClose={() => setDiaryFor(null)} />
        </Suspense>
      )}
    </CalendarDepsProvider>
  );
};
