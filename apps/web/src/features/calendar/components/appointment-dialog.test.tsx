import type { Calendar, CalendarEvent, Product } from '@studiolo/domain/calendar';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { romeInstant } from '../calendar-dates.ts';
import { AppointmentDialog } from './appointment-dialog.tsx';
import { type CalendarDeps, CalendarDepsProvider } from './calendar-deps.tsx';

const studioId = '11111111-1111-4111-8111-111111111111';
const calendar = { id: '22222222-2222-4222-8222-222222222222', summary: 'Studio' } as Calendar;
const seduta: Product = {
  id: '44444444-4444-4444-8444-444444444444',
  studioId,
  name: 'Seduta di fisioterapia',
  price: 50,
  grossPrice: 50,
  duration: 45,
  codiceIvaId: null,
  status: 'ACTIVE',
  tipoSpesa: 'SP',
};

const deps: CalendarDeps = {
  staff: [],
  rooms: [],
  serviceLocations: [],
  medicalDevices: [],
  products: [seduta],
  tags: [],
  PatientField: () => null,
  canWrite: true,
  canExport: true,
  settingsPath: null,
  writeDiary: null,
};

const openNew = (start: string, end: string) => {
  const onSubmit = vi.fn(async () => {});
  const r = renderWithProviders(
    <CalendarDepsProvider value={deps}>
      <AppointmentDialog
        mode={{
          kind: 'create',
          defaults: {
            start: romeInstant('2027-03-01', start),
            end: romeInstant('2027-03-01', end),
            calendarId: calendar.id,
          },
        }}
        calendars={[calendar]}
        onClose={vi.fn()}
        onSubmit={onSubmit}
        onDelete={vi.fn()}
        onTogglePaid={vi.fn()}
        onDuplicateNextWeek={vi.fn()}
      />
    </CalendarDepsProvider>,
  );
  return { ...r, onSubmit };
};

beforeAll(() => {
  // happy-dom has no document.fonts, which the autosizing Textarea (Note) listens to
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
    });
  }
});

const hoursOf = (label: string) => screen.getByLabelText(`${label}, ore`) as HTMLInputElement;
const minutesOf = (label: string) => screen.getByLabelText(`${label}, minuti`) as HTMLInputElement;

const typeStart = async (user: ReturnType<typeof openNew>['user'], hh: string, mm: string) => {
  await user.clear(hoursOf('Ora inizio'));
  await user.type(hoursOf('Ora inizio'), hh);
  await user.clear(minutesOf('Ora inizio'));
  await user.type(minutesOf('Ora inizio'), mm);
};

describe('Appointment dialog: the end follows the start (issue 26 item 5)', () => {
  it('moves "Ora fine" with "Ora inizio", keeping the length, so a new appointment at 10:00 saves', async () => {
    const { user, onSubmit } = openNew('09:00', '10:00');
    await screen.findByRole('dialog', { name: 'Nuovo appuntamento' });
    await user.type(screen.getByLabelText(/^Titolo/), 'Controllo');
    await typeStart(user, '10', '00');
    await waitFor(() => expect(hoursOf('Ora fine').value).toBe('11'));
    expect(minutesOf('Ora fine').value).toBe('00');
    await user.click(screen.getByRole('button', { name: 'Crea appuntamento' }));
    expect(screen.queryByText("L'orario di fine deve essere successivo a quello di inizio")).toBeNull();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const [values] = onSubmit.mock.calls[0] as unknown as [{ startTime: string; endTime: string }];
    expect(values).toMatchObject({ startTime: '10:00', endTime: '11:00' });
  });

  it('keeps the chosen service’s duration when the start moves', async () => {
    const { user } = openNew('09:00', '10:00');
    await screen.findByRole('dialog', { name: 'Nuovo appuntamento' });
    await user.click(screen.getByRole('combobox', { name: 'Prestazione' }));
    await user.click(await screen.findByRole('option', { name: /Seduta di fisioterapia/ }));
    await waitFor(() => expect(minutesOf('Ora fine').value).toBe('45'));
    await typeStart(user, '15', '30');
    await waitFor(() => expect(hoursOf('Ora fine').value).toBe('16'));
    expect(minutesOf('Ora fine').value).toBe('15');
  });
});

describe('Appointment dialog: "Fattura appuntamenti da saldare" (issue 26 item 6)', () => {
  const past: CalendarEvent = {
    id: '55555555-5555-4555-8555-555555555555',
    seriesId: null,
    originalStart: null,
    studioId,
    calendarId: calendar.id,
    summary: 'Rossi Mario',
    start: '2026-03-10T09:00:00.000Z',
    end: '2026-03-10T10:00:00.000Z',
    allDay: false,
    rrule: null,
    color: '#123456',
    googleColorId: null,
    googleCalendarId: null,
    googleEventOwner: null,
    pazienteId: '33333333-3333-4333-8333-333333333333',
    pazienteName: 'Rossi Mario',
    paziente: null,
    staffMemberId: null,
    clinicRoomId: null,
    serviceLocationId: null,
    medicalDeviceIds: [],
    productId: seduta.id,
    price: 50,
    isPagato: false,
    note: null,
    linkedDocumentoContabileId: null,
    linkedDocumentoContabileIdDocumento: null,
  };
  const openEdit = (event: CalendarEvent, invoiceToSettle: ((e: CalendarEvent) => void) | null) =>
    renderWithProviders(
      <CalendarDepsProvider value={{ ...deps, invoiceToSettle }}>
        <AppointmentDialog
          mode={{ kind: 'edit', event }}
          calendars={[calendar]}
          onClose={vi.fn()}
          onSubmit={vi.fn(async () => {})}
          onDelete={vi.fn()}
          onTogglePaid={vi.fn()}
          onDuplicateNextWeek={vi.fn()}
        />
      </CalendarDepsProvider>,
    );

  it('offers it on a past unpaid appointment of a patient and opens it for that patient', async () => {
    const invoiceToSettle = vi.fn();
    const { user } = openEdit(past, invoiceToSettle);
    await user.click(await screen.findByRole('button', { name: 'Fattura appuntamenti da saldare' }));
    expect(invoiceToSettle).toHaveBeenCalledWith(past);
  });

  it('does not offer it on an appointment already paid', async () => {
    openEdit({ ...past, isPagato: true }, vi.fn());
    await screen.findByRole('dialog', { name: 'Modifica appuntamento' });
    expect(screen.queryByRole('button', { name: 'Fattura appuntamenti da saldare' })).toBeNull();
  });

  it('shows an online booking’s status in words (decision 035), and nothing for an appointment the studio made', async () => {
    const { unmount } = openEdit({ ...past, reservationStatus: 'STUDIO_PENDING_CONFIRMATION' }, null);
    const dialog = await screen.findByRole('dialog', { name: 'Modifica appuntamento' });
    expect(dialog.textContent).toContain('Prenotazione online:');
    expect(screen.getByText('In attesa di conferma dallo studio')).toBeTruthy();
    unmount();
    openEdit(past, null);
    await screen.findByRole('dialog', { name: 'Modifica appuntamento' });
    expect(screen.queryByText('Prenotazione online:')).toBeNull();
  });
});
