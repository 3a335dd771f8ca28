import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// a long form: every keystroke renders it whole
vi.setConfig({ testTimeout: 20_000 });

const { show } = vi.hoisted(() => ({ show: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show }, Notifications: () => null }));

import type { CalendarEvent, Product } from '@studiolo/domain/calendar';
import { cassePrevidenziali, documentTotals, invoiceMessages } from '@studiolo/domain/invoices';
import { formatEuroCents } from '@studiolo/domain/shared';
import { renderWithProviders } from '../../../../components/testing/render-with-providers.tsx';
import { createQueryClient } from '../../../../lib/query-client.ts';
import { reloadSession } from '../../../../lib/session.ts';
import { DocumentForm, type DocumentFormProps } from './document-form.tsx';
import { type DocumentFormDeps, DocumentFormDepsProvider, type PatientFieldProps } from './document-form-deps.tsx';
import { type DocumentFormValues, emptyLine, newDocumentValues, todayUi } from './document-form-values.ts';

const studioId = '11111111-1111-4111-8111-111111111111';
const rossiId = '33333333-3333-4333-8333-333333333333';
const productId = '44444444-4444-4444-8444-444444444444';
const user = { id: '22222222-2222-4222-8222-222222222222', username: 'giulia@studio.it', idsStudio: [studioId] };

const event = (id: string, over: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id,
  seriesId: null,
  originalStart: null,
  studioId,
  calendarId: null,
  summary: 'Fisioterapia',
  start: '2026-03-10T09:00:00.000Z',
  end: '2026-03-10T10:00:00.000Z',
  allDay: false,
  rrule: null,
  color: '#123456',
  googleColorId: null,
  googleCalendarId: null,
  googleEventOwner: null,
  pazienteId: rossiId,
  pazienteName: 'Rossi Mario',
  paziente: null,
  staffMemberId: null,
  clinicRoomId: null,
  serviceLocationId: null,
  medicalDeviceIds: [],
  productId,
  price: 60,
  isPagato: false,
  note: null,
  linkedDocumentoContabileId: null,
  linkedDocumentoContabileIdDocumento: null,
  ...over,
});
const events = [
  event('ev-1'),
  event('ev-2', { start: '2026-03-17T09:00:00.000Z', end: '2026-03-17T10:00:00.000Z' }),
  event('ev-3', {
    start: '2026-02-03T09:00:00.000Z',
    end: '2026-02-03T10:00:00.000Z',
    linkedDocumentoContabileId: '55555555-5555-4555-8555-555555555555',
    linkedDocumentoContabileIdDocumento: '2/2026',
  }),
];
const product: Product = {
  id: productId,
  studioId,
  name: 'Seduta di fisioterapia',
  price: 60,
  grossPrice: 60,
  duration: 60,
  codiceIvaId: 12,
  status: 'ACTIVE',
  tipoSpesa: 'SP',
};

const posted: unknown[] = [];
/** What GET /events/paziente/{id} answers (a test may change it; reset before each). */
let patientEvents: CalendarEvent[] = events;
const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
  const url = new URL(input, 'http://localhost');
  const path = url.pathname.replace('/app/api', '');
  let response: unknown = null;
  if (path === '/user/getUser') response = user;
  else if (path.endsWith('/next-documento-id')) response = { numeroDocumento: 7 };
  else if (path === '/casse-previdenziali') response = cassePrevidenziali;
  else if (path === `/events/paziente/${rossiId}`) response = patientEvents;
  else if (path === '/documento-contabile' && init?.method === 'POST') {
    posted.push(JSON.parse(String(init.body)));
    response = { id: '66666666-6666-4666-8666-666666666666' };
  }
  return new Response(JSON.stringify({ code: 'SUCCESS', response }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
});

beforeAll(() => {
  // happy-dom has no document.fonts, which the autosizing Textarea (Note) listens to
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
    });
  }
});
beforeEach(() => {
  localStorage.setItem('studiolo.user', JSON.stringify({ token: 't', username: user.username }));
  reloadSession();
  posted.length = 0;
  patientEvents = events;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  show.mockClear();
  vi.unstubAllGlobals();
  localStorage.clear();
  reloadSession();
});

/** A stand-in for the patients feature's field: one button per patient. */
const FakePatientField = ({ onChange, label }: PatientFieldProps) => (
  <div>
    <span>{label}</span>
    <button
      type="button"
      onClick={() =>
        onChange('pa-1', {
          id: 'pa-1',
          name: 'Comune',
          validForFattura: true,
          codiceDestinatario: 'UFABC1',
          customerKind: 'PA',
        })
      }
    >
      Scegli Comune
    </button>
    <button
      type="button"
      onClick={() =>
        onChange('az-1', {
          id: 'az-1',
          name: 'Ditta Rossi srl',
          validForFattura: true,
          codiceDestinatario: null,
          customerKind: 'AZIENDA',
        })
      }
    >
      Scegli Ditta
    </button>
  </div>
);

const deps = (over: Partial<DocumentFormDeps> = {}): DocumentFormDeps => ({
  PatientField: FakePatientField,
  usePatientSummary: (id) =>
    id === rossiId
      ? { id, name: 'Rossi Mario', validForFattura: true, codiceDestinatario: null }
      : id === 'az-1'
        ? { id, name: 'Ditta Rossi srl', validForFattura: true, codiceDestinatario: null, customerKind: 'AZIENDA' }
        : null,
  products: [product],
  serviceDescription: 'Seduta di fisioterapia',
  sezionali: [],
  setEventPaid: vi.fn(async (b) => ({ ...event(b.eventId), isPagato: b.isPagato })),
  saveTaxDefaults: vi.fn(async () => ({})),
  ...over,
});

const values = (over: Partial<DocumentFormValues> = {}): DocumentFormValues => ({
  ...newDocumentValues({ pazienteId: rossiId, regimeFiscale: 'RF_19' }),
  ...over,
});

const renderForm = (props: Partial<DocumentFormProps> = {}, depsOver: Partial<DocumentFormDeps> = {}) =>
  renderWithProviders(
    <QueryClientProvider client={createQueryClient()}>
      <DocumentFormDepsProvider value={deps(depsOver)}>
        <DocumentForm
          kind="fattura"
          document={null}
          initialValues={values()}
          regimeFiscale="RF_19"
          studioId={studioId}
          backTo="/accounting"
          onOpen={vi.fn()}
          onDeleted={vi.fn()}
          {...props}
        />
      </DocumentFormDepsProvider>
    </QueryClientProvider>,
  );

const field = (label: string, root: HTMLElement = document.body) =>
  within(root)
    .getAllByLabelText(label, { exact: true })
    .find((el) => el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) as HTMLInputElement;
const line = (n: number) => screen.getByRole('group', { name: `Trattamento ${n}` });
const lineCount = () => screen.queryAllByRole('group', { name: /^Trattamento \d+$/ }).length;
/** Lets the 100 ms totals debounce run. */
const settle = () => act(() => new Promise((r) => setTimeout(r, 150)));

describe('DocumentForm, lines', () => {
  it('recomputes the gross from price, quantity, discount and VAT, and the price from the gross', async () => {
    const { user: person } = renderForm({
      initialValues: values({
        tassazione: { ...values().tassazione, ivaAndRivalsaInclusa: false },
        prestazione: [{ ...emptyLine(1) }],
      }),
      regimeFiscale: 'RF_01',
    });
    const l = line(1);
    await person.type(field('Prezzo per unità', l), '100');
    expect(field('Prezzo lordo', l).value).toBe('122'); // 22 % VAT
    await person.clear(field('Quantità', l));
    await person.type(field('Quantità', l), '2');
    expect(field('Prezzo lordo', l).value).toBe('244');
    await person.clear(field('Sconto %', l));
    await person.type(field('Sconto %', l), '10');
    expect(field('Prezzo lordo', l).value).toBe('219,6');

    // the gross sets the unit price (without VAT, per unit) and the discount back to 0
    await person.clear(field('Prezzo lordo', l));
    await person.type(field('Prezzo lordo', l), '122');
    expect(field('Prezzo per unità', l).value).toBe('50');
    expect(field('Sconto %', l).value).toBe('0');
  });

  it('fills description, price and VAT code from a service', async () => {
    const { user: person } = renderForm();
    const l = line(1);
    await person.type(field('Descrizione', l), 'Sed');
    await person.click(await screen.findByRole('option', { name: 'Seduta di fisioterapia' }));
    expect(field('Descrizione', l).value).toBe('Seduta di fisioterapia');
    expect(field('Prezzo per unità', l).value).toBe('60');
    expect(field('Prezzo lordo', l).value).toBe('60');
    expect(field('Codice IVA', l).value).toMatch(/^Esente art. 10/);
  });

  it('refuses a new line while one is incomplete, with the spec’s warning', async () => {
    const { user: person } = renderForm();
    await person.click(screen.getByRole('button', { name: invoiceMessages.addLine }));
    expect(lineCount()).toBe(1);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Attenzione', message: invoiceMessages.fillAllLines }),
    );
    // and no line can be removed while it is the only one
    expect(screen.queryByRole('button', { name: 'Elimina il trattamento 1' })).toBeNull();

    await person.type(field('Descrizione', line(1)), 'Visita');
    await person.type(field('Prezzo per unità', line(1)), '50');
    await person.click(screen.getByRole('button', { name: invoiceMessages.addLine }));
    expect(lineCount()).toBe(2);
    await person.click(screen.getByRole('button', { name: 'Elimina il trattamento 2' }));
    expect(lineCount()).toBe(1);
  });

  it('refuses characters outside Latin-1 in the description', async () => {
    const { user: person } = renderForm();
    await person.type(field('Descrizione', line(1)), 'Visita “urgente”');
    await person.type(field('Prezzo per unità', line(1)), '50');
    await person.click(screen.getByRole('button', { name: invoiceMessages.addLine }));
    expect(await within(line(1)).findByText(invoiceMessages.forbiddenCharacters)).toBeTruthy();
  });
});

describe('DocumentForm, totals', () => {
  it('shows the domain’s figures for a forfettario invoice with rivalsa INPS and stamp duty', async () => {
    const { user: person } = renderForm({
      initialValues: values({ tassazione: { ...values().tassazione, ivaAndRivalsaInclusa: false } }),
    });
    await person.type(field('Descrizione', line(1)), 'Ciclo di fisioterapia');
    await person.type(field('Prezzo per unità', line(1)), '100');
    await settle();

    const expected = documentTotals(
      {
        prestazione: [{ quantita: 1, prezzoPerUnita: 10_000, sconto: 0, codiceIvaId: 4 }],
        tassazione: {
          cassaPrevidenzialeType: 'GESTIONE_SEPARATA_INPS',
          cassaPrevidenziale: { active: true, value: 4, typeValue: 'PERCENTAGE' },
          marcaDaBolloCaricoMio: false,
          ivaAndRivalsaInclusa: false,
          ritenutaAcconto: { isActive: false, baseImponibile: 0, aliquotaRitenuta: 20 },
        },
      },
      'RF_19',
    );
    expect(expected.marcaDaBolloDovuta).toBe(true);
    const recap = screen.getByRole('region', { name: 'Riepilogo' });
    const row = (label: string) => recap.querySelector(`[data-total-row="${label}"]`)?.textContent ?? '';
    const euro = (cents: number) => formatEuroCents(cents);
    // the fees alone (100), then rivalsa and stamp duty: the rows add up to the total (issue 26)
    expect(row('Totale prestazioni')).toContain(euro(expected.totalePrestazioniCents - expected.marcaDaBolloCents));
    expect(row('Imponibile')).toBe('');
    expect(row('Rivalsa INPS 4%')).toContain(euro(expected.cassaCents));
    // forfettario: the stamp duty charged to the patient joins the lines
    expect(row('Imposta di bollo (nelle righe)')).toContain(euro(expected.marcaDaBolloCents));
    expect(row('Totale documento')).toContain(euro(expected.totaleCents));
    expect(expected.totaleCents).toBe(10_600); // 100 + 4 + 2 (decision 020)
    expect(screen.getByText(/Dovuta: 2,00 €/)).toBeTruthy();
  });

  it('with the rivalsa inside the prices, shows the fees net of it: 96,15 + 3,85 + 2,00 = 102,00 (issue 26)', async () => {
    const { user: person } = renderForm({
      initialValues: values({ tassazione: { ...values().tassazione, ivaAndRivalsaInclusa: true } }),
    });
    await person.type(field('Descrizione', line(1)), 'Seduta di fisioterapia');
    await person.clear(field('Quantità', line(1)));
    await person.type(field('Quantità', line(1)), '2');
    await person.type(field('Prezzo per unità', line(1)), '50');
    await settle();
    const recap = screen.getByRole('region', { name: 'Riepilogo' });
    const row = (label: string) => recap.querySelector(`[data-total-row="${label}"]`)?.textContent ?? '';
    expect(row('Compensi (al netto della rivalsa)')).toContain('96,15');
    expect(row('Rivalsa INPS 4%')).toContain('3,85');
    expect(row('Imposta di bollo (nelle righe)')).toContain('2,00');
    expect(row('Totale documento')).toContain('102,00');
    expect(row('Imponibile')).toBe('');
  });

  it('sends the total it shows, so the server can refuse a mismatch', async () => {
    const onOpen = vi.fn();
    const { user: person } = renderForm({ onOpen });
    await person.type(field('Descrizione', line(1)), 'Visita');
    await person.type(field('Prezzo per unità', line(1)), '50');
    await person.click(screen.getByRole('button', { name: 'Crea' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      pazienteId: rossiId,
      numeroFattura: 7,
      totaleFattura: 50,
      prestazione: [{ descrizione: 'Visita', quantita: 1, prezzoPerUnita: 50, codiceIvaId: 4 }],
    });
    await waitFor(() =>
      expect(onOpen).toHaveBeenCalledWith({ kind: 'fattura', id: '66666666-6666-4666-8666-666666666666' }),
    );
  });
});

describe('DocumentForm, Sistema TS', () => {
  it('a health invoice line says what the expense is: a medical device is sent as AD', async () => {
    const { user: person } = renderForm();
    await person.type(field('Descrizione', line(1)), 'Tutore di polso');
    await person.type(field('Prezzo per unità', line(1)), '30');
    const tipo = field('Tipo di spesa (Sistema TS)', line(1));
    expect(tipo.value).toBe('SP - Prestazioni sanitarie');
    await person.click(tipo);
    await person.click(await screen.findByRole('option', { name: 'AD - Acquisto o affitto di dispositivo medico CE' }));
    await person.click(screen.getByRole('button', { name: 'Crea' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ prestazione: [{ descrizione: 'Tutore di polso', tipoSpesa: 'AD' }] });
  });

  it("a line filled from a service takes the service's expense type", async () => {
    const tutore: Product = {
      ...product,
      id: '77777777-7777-4777-8777-777777777777',
      name: 'Tutore di polso',
      tipoSpesa: 'AD',
    };
    const { user: person } = renderForm({}, { products: [product, tutore] });
    await person.type(field('Descrizione', line(1)), 'Tut');
    await person.click(await screen.findByRole('option', { name: 'Tutore di polso' }));
    expect(field('Tipo di spesa (Sistema TS)', line(1)).value).toBe('AD - Acquisto o affitto di dispositivo medico CE');
    await person.click(screen.getByRole('button', { name: 'Crea' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ prestazione: [{ descrizione: 'Tutore di polso', tipoSpesa: 'AD' }] });
  });

  it('an invoice to a company has no expense type', async () => {
    renderForm({ initialValues: values({ tipoDocumento: 'FATTURA_ELETTRONICA' }) });
    expect(within(line(1)).queryByLabelText('Tipo di spesa (Sistema TS)')).toBeNull();
  });
});

describe('DocumentForm, general section', () => {
  it('ticking Pagato sets an empty collection date to today; unticking clears it', async () => {
    const { user: person } = renderForm();
    const collection = field('Data incasso');
    expect(collection.disabled).toBe(true);
    await person.click(screen.getByRole('checkbox', { name: 'Pagato' }));
    expect(field('Data incasso').value).toBe(todayUi());
    expect(field('Data incasso').disabled).toBe(false);
    await person.click(screen.getByRole('checkbox', { name: 'Pagato' }));
    expect(field('Data incasso').value).toBe('');
    expect(field('Data incasso').disabled).toBe(true);
  });

  it('a credit note speaks of a refund: no payment due date, "Metodo di rimborso" (issue 26 item 1)', async () => {
    renderForm({ initialValues: { ...values(), tipoDocumento: 'NOTA_DI_CREDITO' } });
    expect(await screen.findByRole('checkbox', { name: 'Rimborsata al paziente' })).toBeTruthy();
    expect(screen.queryByLabelText('Scadenza pagamento')).toBeNull();
    expect(field('Metodo di rimborso')).toBeTruthy();
  });

  it('fills an empty recipient code from the chosen patient, FPA12 for six characters', async () => {
    const { user: person } = renderForm({
      initialValues: values({ pazienteId: null, tipoDocumento: 'FATTURA_ELETTRONICA' }),
    });
    await person.click(screen.getByRole('button', { name: 'Scegli Comune' }));
    await person.click(screen.getByRole('button', { name: 'Altro' }));
    expect(field('Codice destinatario').value).toBe('UFABC1');
    expect(field('Formato trasmissione').value).toBe('FPA12 - Pubblica amministrazione');
  });

  it('starts as "Fattura elettronica" for a company and says why when the user changes it (issue 26 item 4)', async () => {
    const { user: person } = renderForm({ initialValues: values({ pazienteId: null }) });
    expect(field('Tipo documento').value).toBe('Fattura sanitaria');
    await person.click(screen.getByRole('button', { name: 'Scegli Ditta' }));
    await waitFor(() => expect(field('Tipo documento').value).toBe('Fattura elettronica'));
    expect(screen.getByText(/Cliente società: fattura elettronica/)).toBeTruthy();
    await person.click(field('Tipo documento'));
    await person.click(await screen.findByRole('option', { name: 'Fattura sanitaria' }));
    expect((await screen.findByRole('note')).textContent).toMatch(
      /Una società riceve la fattura elettronica tramite SDI/,
    );
  });

  it('starts as an FPA12 electronic invoice for a public administration (issue 26 item 4)', async () => {
    const { user: person } = renderForm({ initialValues: values({ pazienteId: null }) });
    await person.click(screen.getByRole('button', { name: 'Scegli Comune' }));
    await waitFor(() => expect(field('Tipo documento').value).toBe('Fattura elettronica'));
    await person.click(screen.getByRole('button', { name: 'Altro' }));
    expect(field('Formato trasmissione').value).toBe('FPA12 - Pubblica amministrazione');
  });

  it('keeps a recipient code already typed', async () => {
    const { user: person } = renderForm({
      initialValues: values({ pazienteId: null, tipoDocumento: 'FATTURA_ELETTRONICA', codiceDestinatario: 'ABC1234' }),
    });
    await person.click(screen.getByRole('button', { name: 'Scegli Comune' }));
    await person.click(screen.getByRole('button', { name: 'Altro' }));
    expect(field('Codice destinatario').value).toBe('ABC1234');
  });
});

describe('DocumentForm, appointments to lines', () => {
  const linkTwo = async (person: ReturnType<typeof renderForm>['user']) => {
    await person.click(screen.getByRole('button', { name: 'Collega appuntamenti' }));
    const picker = await screen.findByRole('dialog', { name: /Appuntamenti \(selezionati 0\)/ });
    await within(picker).findByText('Già collegato al documento 2/2026');
    // an appointment of another document cannot be chosen
    expect(
      (within(picker).getByRole('checkbox', { name: 'Seleziona Fisioterapia del 03-02-2026' }) as HTMLInputElement)
        .disabled,
    ).toBe(true);
    await person.click(within(picker).getByRole('checkbox', { name: 'Seleziona Fisioterapia del 10-03-2026' }));
    await person.click(within(picker).getByRole('checkbox', { name: 'Seleziona Fisioterapia del 17-03-2026' }));
    expect(within(picker).getByText('Appuntamenti (selezionati 2)')).toBeTruthy();
    await person.click(within(picker).getByRole('button', { name: 'Collega appuntamenti' }));
    return screen.findByRole('dialog', { name: 'Trattamenti dagli appuntamenti' });
  };
  const withVisit = () =>
    values({
      prestazione: [
        {
          descrizione: 'Visita',
          quantita: 1,
          prezzoPerUnita: 50,
          prezzoLordo: 50,
          codiceIvaId: 4,
          sconto: 0,
          riferimentoAmministrazione: '',
          tipoSpesa: null,
        },
      ],
    });

  it('appends one line per service and price, quantity the count', async () => {
    const { user: person } = renderForm({ initialValues: withVisit() });
    const dialog = await linkTwo(person);
    // with lines there the choice is required
    await person.click(within(dialog).getByRole('button', { name: 'Applica' }));
    expect(within(dialog).getByText('Campo obbligatorio')).toBeTruthy();
    await person.click(within(dialog).getByRole('radio', { name: 'Aggiungi ai trattamenti presenti' }));
    await person.click(within(dialog).getByRole('button', { name: 'Applica' }));
    await waitFor(() => expect(lineCount()).toBe(2));
    expect(field('Descrizione', line(1)).value).toBe('Visita');
    expect(field('Descrizione', line(2)).value).toBe('Seduta di fisioterapia');
    expect(field('Quantità', line(2)).value).toBe('2');
    expect(field('Prezzo per unità', line(2)).value).toBe('60');
    expect(screen.getByText('2 appuntamenti collegati')).toBeTruthy();
  });

  it('overwrites the lines with one generic line', async () => {
    const { user: person } = renderForm({ initialValues: withVisit() });
    const dialog = await linkTwo(person);
    await person.click(within(dialog).getByRole('radio', { name: 'Sostituisci i trattamenti presenti' }));
    await person.click(within(dialog).getByRole('radio', { name: "Un'unica riga 'Prestazione generica'" }));
    await person.click(within(dialog).getByRole('button', { name: 'Applica' }));
    await waitFor(() => expect(field('Descrizione', line(1)).value).toBe('Prestazione generica'));
    expect(lineCount()).toBe(1);
    expect(field('Prezzo per unità', line(1)).value).toBe('120');
  });

  it("describes appointments without a service by the studio's description, not by their title (the patient's name)", async () => {
    const byName = [
      event('ev-1', { productId: null, summary: 'Rossi Mario' }),
      event('ev-2', { productId: null, summary: 'Rossi Mario', start: '2026-03-17T09:00:00.000Z' }),
    ];
    patientEvents = byName;
    {
      const { user: person } = renderForm({}, { serviceDescription: 'Trattamento osteopatico', products: [] });
      await person.click(screen.getByRole('button', { name: 'Collega appuntamenti' }));
      const picker = await screen.findByRole('dialog', { name: /Appuntamenti/ });
      await person.click(await within(picker).findByRole('checkbox', { name: 'Seleziona Rossi Mario del 10-03-2026' }));
      await person.click(within(picker).getByRole('checkbox', { name: 'Seleziona Rossi Mario del 17-03-2026' }));
      await person.click(within(picker).getByRole('button', { name: 'Collega appuntamenti' }));
      const dialog = await screen.findByRole('dialog', { name: 'Trattamenti dagli appuntamenti' });
      await person.click(within(dialog).getByRole('button', { name: 'Applica' }));
      await waitFor(() => expect(field('Descrizione', line(1)).value).toBe('Trattamento osteopatico'));
      expect(lineCount()).toBe(1);
      expect(field('Quantità', line(1)).value).toBe('2');
    }
  });

  it('"Fattura appuntamenti da saldare" starts with the unpaid appointments applied: paid and created in 2 clicks (issue 26 item 6)', async () => {
    const onOpen = vi.fn();
    const { user: person } = renderForm({ settle: true, onOpen });
    // ev-1 and ev-2 are past and unpaid; ev-3 is on invoice 2/2026 already
    expect(
      await screen.findByText(
        '2 appuntamenti da saldare sono già nei trattamenti. Scegli il metodo di pagamento, spunta Pagato e crea la fattura.',
      ),
    ).toBeTruthy();
    expect(lineCount()).toBe(1);
    expect(field('Descrizione', line(1)).value).toBe('Seduta di fisioterapia');
    expect(field('Quantità', line(1)).value).toBe('2');
    expect(screen.getByText('2 appuntamenti collegati')).toBeTruthy();
    await person.click(screen.getByRole('checkbox', { name: 'Pagato' }));
    await settle();
    await person.click(screen.getByRole('button', { name: 'Crea' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ pagata: true, linkedCalendarEventsIds: ['ev-1', 'ev-2'] });
    await waitFor(() => expect(onOpen).toHaveBeenCalled());
  });

  it('marks an appointment paid from the picker, keeping it selected', async () => {
    const setEventPaid = vi.fn(async (b: { eventId: string; isPagato: boolean }) => ({
      ...event(b.eventId),
      isPagato: b.isPagato,
    }));
    const { user: person } = renderForm({}, { setEventPaid });
    await person.click(screen.getByRole('button', { name: 'Collega appuntamenti' }));
    const picker = await screen.findByRole('dialog', { name: /Appuntamenti/ });
    await within(picker).findByText('Già collegato al documento 2/2026');
    await person.click(within(picker).getByRole('checkbox', { name: 'Seleziona Fisioterapia del 10-03-2026' }));
    await person.click(within(picker).getByRole('combobox', { name: 'Pagato: Fisioterapia del 10-03-2026' }));
    await person.click(await within(picker).findByRole('option', { name: 'SI' }));
    await waitFor(() => expect(setEventPaid).toHaveBeenCalledWith({ eventId: 'ev-1', isPagato: true }));
    await waitFor(() =>
      expect(
        (within(picker).getByRole('combobox', { name: 'Pagato: Fisioterapia del 10-03-2026' }) as HTMLInputElement)
          .value,
      ).toBe('SI'),
    );
    expect(
      (within(picker).getByRole('checkbox', { name: 'Seleziona Fisioterapia del 10-03-2026' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
  });
});
