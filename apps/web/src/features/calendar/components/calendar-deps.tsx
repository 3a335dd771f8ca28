import type { CalendarEvent, Product } from '@studiolo/domain/calendar';
import type { StaffMember } from '@studiolo/domain/staff';
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

/** A room, service location or medical device of settings calendario. */
export type CalendarResourceItem = { id: string; name: string; active: boolean };

/** The patient field other features lend the calendar (app/ composes the patients feature's PatientSearchSelect). */
export type PatientFieldProps = {
  value: string | null;
  onChange: (id: string | null, patient: { id: string; name: string } | null) => void;
  label?: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  /** Only active patients (a new appointment). */
  activeOnly?: boolean;
};

/**
 * What the calendar needs from the rest of the app: the staff, the rooms and devices of the settings, the services,
 * the patients' tags and a patient field. The route (app/routes/calendar.tsx) provides them, so the calendar
 * feature does not reach into other features (GUIDE §2).
 */
export type CalendarDeps = {
  staff: StaffMember[];
  rooms: CalendarResourceItem[];
  serviceLocations: CalendarResourceItem[];
  medicalDevices: CalendarResourceItem[];
  products: Product[];
  tags: string[];
  PatientField: ComponentType<PatientFieldProps>;
  canWrite: boolean;
  canExport: boolean;
  settingsPath: string | null;
  /** Opens the clinical record's diary form for the appointment (null: the role may not write clinical notes). */
  writeDiary: ((event: CalendarEvent) => void) | null;
  /**
   * Opens "Fattura appuntamenti da saldare" for the appointment's patient (issue 26 item 6); absent or null: the role
   * may not invoice.
   */
  invoiceToSettle?: ((event: CalendarEvent) => void) | null;
  /** Buttons other features add to the calendar's header ("Prenotazioni da confermare", decision 035). */
  headerActions?: ReactNode;
  /** The appointment's reminder state, lent by the reminders feature (decision 036); absent: not shown. */
  AppointmentReminders?: ComponentType<{ eventId: string }> | null;
  /** Several patients' past unpaid appointments invoiced in one go (issue 26 item 6); absent: not offered. */
  SettleBatchDialog?: ComponentType<{ opened: boolean; onClose: () => void }> | null;
  /**
   * "Importa appuntamenti" (issue 30 item 2, decision 045), lent by the appointment-imports feature; absent or null:
   * not offered (roles that may not write the calendar).
   */
  ImportAppointmentsDialog?: ComponentType<{
    opened: boolean;
    onClose: () => void;
    calendars: { id: string; summary: string }[];
  }> | null;
};

const CalendarDepsContext = createContext<CalendarDeps | null>(null);

export const CalendarDepsProvider = ({ value, children }: { value: CalendarDeps; children: ReactNode }) => (
  <CalendarDepsContext.Provider value={value}>{children}</CalendarDepsContext.Provider>
);

export const useCalendarDeps = (): CalendarDeps => {
  const deps = useContext(CalendarDepsContext);
  if (!deps) throw new Error('CalendarDepsProvider missing');
  return deps;
};
