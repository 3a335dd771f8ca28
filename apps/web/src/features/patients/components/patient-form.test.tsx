import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// a long form: every keystroke renders it whole
vi.setConfig({ testTimeout: 15_000 });

const { show } = vi.hoisted(() => ({ show: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show }, Notifications: () => null }));

import type { PatientInput } from '@studiolo/domain/patients';
import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { HttpError } from '../../../lib/http.ts';
import { loadReference } from '../reference.ts';
import { PatientForm, patientFormTexts } from './patient-form.tsx';
import { emptyPatientValues, type PatientFormValues, titleCase } from './patient-form-values.ts';

beforeAll(async () => {
  // happy-dom has no document.fonts, which the autosizing Textarea (Note) listens to
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
    });
  }
  // the reference data (comuni, countries) is a lazy chunk: load it once so autofill of the birthplace is quick
  await loadReference();
});

afterEach(() => {
  show.mockClear();
  vi.restoreAllMocks();
});

const renderForm = ({
  initialValues = emptyPatientValues(),
  isNew = true,
  onSubmit = vi.fn(async (_input: PatientInput) => undefined),
  mayLackCodiceFiscale = false,
}: {
  initialValues?: PatientFormValues;
  isNew?: boolean;
  onSubmit?: (input: PatientInput) => Promise<unknown>;
  mayLackCodiceFiscale?: boolean;
} = {}) => {
  const result = renderWithProviders(
    <PatientForm
      initialValues={initialValues}
      isNew={isNew}
      onSubmit={onSubmit}
      submitLabel="Salva paziente"
      mayLackCodiceFiscale={mayLackCodiceFiscale}
    />,
  );
  return { ...result, onSubmit };
};

const input = (label: string) =>
  screen.getAllByLabelText(label, { exact: true }).find((el) => el instanceof HTMLInputElement) as HTMLInputElement;
/** Types a whole value at once (user.paste): the per-key path is covered where it matters. */
const fill = async (user: ReturnType<typeof renderForm>['user'], label: string, value: string) => {
  await user.click(input(label));
  await user.paste(value);
};
const radio = (label: string) => screen.getByRole('radio', { name: label }) as HTMLInputElement;

describe('PatientForm, person type', () => {
  it('starts as a natural person: name, surname and sex, no company name nor public-administration flag', () => {
    renderForm();
    expect(radio('Persona fisica').checked).toBe(true);
    expect(input('Nome')).toBeTruthy();
    expect(input('Cognome')).toBeTruthy();
    expect(radio('Uomo').checked).toBe(true);
    expect(screen.queryByLabelText('Ragione sociale')).toBeNull();
    expect(screen.queryByLabelText('Pubblica amministrazione')).toBeNull();
  });

  it('switching to a legal person hides name, surname and sex and shows the company name and the PA flag', async () => {
    const { user } = renderForm();
    await user.click(radio('Persona giuridica'));
    expect(screen.queryByLabelText('Nome', { exact: true })).toBeNull();
    expect(screen.queryByLabelText('Cognome')).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Uomo' })).toBeNull();
    expect(input('Ragione sociale')).toBeTruthy();
    expect(input('Pubblica amministrazione').type).toBe('checkbox');
    // birth data belong to persons only
    expect(screen.queryByLabelText('Data di nascita')).toBeNull();

    await user.click(radio('Persona fisica'));
    expect(input('Nome')).toBeTruthy();
    expect(screen.queryByLabelText('Ragione sociale')).toBeNull();
  });

  it('says "Crea cliente" rather than "Crea paziente" for a company (issue 26 item 4)', async () => {
    const { user } = renderWithProviders(
      <PatientForm
        initialValues={emptyPatientValues()}
        isNew
        onSubmit={vi.fn(async () => undefined)}
        submitLabel={(tipologia) => (tipologia === 'FISICA' ? 'Crea paziente' : 'Crea cliente')}
      />,
    );
    expect(screen.getByRole('button', { name: 'Crea paziente' })).toBeTruthy();
    await user.click(radio('Persona giuridica'));
    expect(screen.getByRole('button', { name: 'Crea cliente' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Crea paziente' })).toBeNull();
  });

  it('sends a public administration without the hidden fields of a person', async () => {
    const onSubmit = vi.fn(async (_input: PatientInput) => undefined);
    const { user } = renderForm({ onSubmit });
    await fill(user, 'Nome', 'Mario');
    await user.click(radio('Persona giuridica'));
    await fill(user, 'Ragione sociale', 'Comune di Prova');
    await user.click(input('Pubblica amministrazione'));
    expect(screen.getAllByText('Ricordati di indicare il codice fiscale della PA (11 numeri)').length).toBeGreaterThan(
      0,
    );
    await fill(user, 'Codice fiscale', '80012345676');
    await user.type(input('Codice destinatario'), 'ufabc1');
    expect(input('Codice destinatario').value).toBe('UFABC1');
    await user.click(screen.getByRole('button', { name: 'Salva paziente' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const sent = onSubmit.mock.calls[0]?.[0] as PatientInput;
    expect(sent.datiGenerali).toMatchObject({
      tipologiaPersona: 'GIURIDICA',
      nome: null,
      cognome: null,
      ragioneSociale: 'Comune di Prova',
      isPubblicaAmministrazione: true,
      codiceFiscale: '80012345676',
      codiceDestinatario: 'UFABC1',
    });
  });

  it('requires the name of a person and the company name of a legal person, in the spec’s words', async () => {
    const { user, onSubmit } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Salva paziente' }));
    await waitFor(() => expect(input('Nome').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('Campo obbligatorio').length).toBeGreaterThanOrEqual(3); // nome, cognome, codice fiscale
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(radio('Persona giuridica'));
    await waitFor(() => expect(input('Ragione sociale').getAttribute('aria-invalid')).toBe('true'));
  });

  it('tells which rule of the fiscal code is broken (spec part 1 §5)', async () => {
    const { user } = renderForm();
    // month letter Z does not exist
    await user.type(input('Codice fiscale'), 'RSSMRA85Z10A562S');
    await user.click(input('Nome'));
    expect(await screen.findByText('Carattere mese non valido nel codice fiscale')).toBeTruthy();
  });

  it('puts the server’s field message under the field', async () => {
    const onSubmit = vi.fn(async () => {
      throw new HttpError(409, 'Esiste già un paziente con questo codice fiscale: Rossi Mario', {
        fields: { 'datiGenerali.codiceFiscale': 'Esiste già un paziente con questo codice fiscale: Rossi Mario' },
        notified: true,
      });
    });
    const { user } = renderForm({ onSubmit });
    await fill(user, 'Nome', 'Mario');
    await fill(user, 'Cognome', 'Rossi');
    await fill(user, 'Codice fiscale', 'RSSMRA85T10A562S');
    await user.click(screen.getByRole('button', { name: 'Salva paziente' }));
    expect(await screen.findByText('Esiste già un paziente con questo codice fiscale: Rossi Mario')).toBeTruthy();
    // the form takes the person to the field the server spoke of (50 ms later: typing before that would go there)
    await waitFor(() => expect(document.activeElement).toBe(input('Codice fiscale')));
    // it stays while the code is the same: when the focus leaves the code (validated on blur)…
    await user.click(input('Cellulare'));
    expect(screen.getByText('Esiste già un paziente con questo codice fiscale: Rossi Mario')).toBeTruthy();
    // …and when another field changes
    await user.type(input('Cellulare'), '333');
    await act(() => new Promise((r) => setTimeout(r, 200)));
    expect(screen.getByText('Esiste già un paziente con questo codice fiscale: Rossi Mario')).toBeTruthy();
  });
});

describe('PatientForm, fiscal code autofill', () => {
  it('fills sex, birth date and birthplace from a personal code', async () => {
    const { user } = renderForm();
    await user.type(input('Codice fiscale'), 'bnclra90a41h501f');
    expect(input('Codice fiscale').value).toBe('BNCLRA90A41H501F');
    expect(radio('Donna').checked).toBe(true);
    expect(input('Data di nascita').value).toBe('01-01-1990');
    await waitFor(() => expect(input('Comune di nascita').value).toBe('Roma'));
    expect(input('Provincia di nascita').value).toBe('RM');
    expect(screen.getByText(/ricavati dal codice fiscale/)).toBeTruthy();
  });

  it('replaces what the previous code filled, but never what was typed by hand', async () => {
    const { user } = renderForm();
    await fill(user, 'Data di nascita', '02-02-1991');
    await fill(user, 'Codice fiscale', 'BNCLRA90A41H501F');
    await waitFor(() => expect(input('Comune di nascita').value).toBe('Roma'));
    // typed by hand: kept
    expect(input('Data di nascita').value).toBe('02-02-1991');
    expect(radio('Donna').checked).toBe(true);

    // another code: what the first code filled follows the new one
    await user.clear(input('Codice fiscale'));
    await user.paste('RSSMRA85T10A562S');
    expect(radio('Uomo').checked).toBe(true);
    await waitFor(() => expect(input('Comune di nascita').value).toBe('San Giuliano Terme'));
    expect(input('Provincia di nascita').value).toBe('PI');
    expect(input('Data di nascita').value).toBe('02-02-1991');
  });

  it('reads a birthplace abroad as the foreign state and sets the nationality', async () => {
    const { user } = renderForm();
    await fill(user, 'Codice fiscale', 'BNCGLI80A01Z133N');
    await waitFor(() => expect(input('Comune di nascita').value).toBe('Svizzera'));
    expect(input('Provincia di nascita').value).toBe('EE');
    expect(input('Nazionalità').value).toBe('Svizzera');
  });

  it('says why a foreign patient’s fiscal code is optional, and what is lost without it', () => {
    const initialValues = emptyPatientValues();
    initialValues.datiGenerali = { ...initialValues.datiGenerali, nome: 'Jean', cognome: 'Dupont', nazionalita: 'FR' };
    renderForm({ initialValues, isNew: false });
    const cf = input('Codice fiscale');
    expect(cf.required).toBe(false);
    expect(screen.getByText(patientFormTexts.foreignWithoutCode)).toBeTruthy();
  });

  it('saves a patient of an online booking without the fiscal code, saying what it is needed for (decision 035)', async () => {
    const initialValues = emptyPatientValues();
    initialValues.datiGenerali = { ...initialValues.datiGenerali, nome: 'Lucia', cognome: 'Neri' };
    const { user, onSubmit } = renderForm({ initialValues, isNew: false, mayLackCodiceFiscale: true });
    expect(input('Codice fiscale').required).toBe(false);
    expect(screen.getByText(patientFormTexts.bookedWithoutCode)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Salva paziente' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it('still requires the fiscal code of any other Italian patient', async () => {
    const initialValues = emptyPatientValues();
    initialValues.datiGenerali = { ...initialValues.datiGenerali, nome: 'Lucia', cognome: 'Neri' };
    const { user, onSubmit } = renderForm({ initialValues, isNew: false });
    await user.click(screen.getByRole('button', { name: 'Salva paziente' }));
    expect(await screen.findByText('Campo obbligatorio')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('tells a company it may give the sole trader’s personal code', () => {
    const initialValues = emptyPatientValues();
    initialValues.datiGenerali = {
      ...initialValues.datiGenerali,
      tipologiaPersona: 'GIURIDICA',
      ragioneSociale: 'Rossi',
    };
    renderForm({ initialValues, isNew: false });
    expect(screen.getByText(patientFormTexts.companyCode)).toBeTruthy();
    expect(screen.queryByText(patientFormTexts.foreignWithoutCode)).toBeNull();
  });

  it('leaves an existing patient’s birthplace alone when it was not the one of the code', async () => {
    const initialValues = emptyPatientValues();
    initialValues.datiGenerali = {
      ...initialValues.datiGenerali,
      nome: 'Laura',
      cognome: 'Bianchi',
      codiceFiscale: 'BNCLRA90A41H501F',
      sesso: 'D',
      dataNascita: '01-01-1990',
      comuneNascita: 'Frascati',
      provinciaNascita: 'RM',
    };
    const { user } = renderForm({ initialValues, isNew: false });
    const cf = input('Codice fiscale');
    // a typo fixed in the birth year: the date (which agreed with the code) follows, the town does not
    await user.clear(cf);
    await user.paste('BNCLRA91A41H501G');
    expect(input('Data di nascita').value).toBe('01-01-1991');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(input('Comune di nascita').value).toBe('Frascati');
  });
});

describe('PatientForm, health-card reader', () => {
  /** Types like a keyboard-wedge reader: one keydown per character, then Enter, on the focused element. */
  const swipe = (track: string) => {
    for (const key of [...track, 'Enter']) {
      const target = document.activeElement ?? document.body;
      const notPrevented = fireEvent.keyDown(target, { key });
      // a key nobody held back would be typed into the field
      if (notPrevented && key.length === 1 && target instanceof HTMLInputElement) {
        fireEvent.change(target, { target: { value: target.value + key } });
      }
    }
  };

  it('fills names, code, sex and birth date from a swipe, keeping the keys out of the focused field', async () => {
    renderForm();
    const note = screen.getByLabelText('Note') as HTMLTextAreaElement;
    note.focus();
    swipe('%GRCMMM75D43C437UGRECO  MARIA EMMA^?');

    await waitFor(() => expect(input('Cognome').value).toBe('Greco'));
    expect(input('Nome').value).toBe('Maria Emma');
    expect(input('Codice fiscale').value).toBe('GRCMMM75D43C437U');
    expect(radio('Donna').checked).toBe(true);
    expect(input('Data di nascita').value).toBe('03-04-1975');
    await waitFor(() => expect(input('Comune di nascita').value).toBe('Cellara'));
    expect(note.value).toBe('');
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Lettura tessera riuscita' }));
  });

  it('only logs a bad read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderForm();
    swipe('%E?');
    expect(warn).toHaveBeenCalledWith('Lettura tessera non riuscita, riprovare');
    expect(input('Nome').value).toBe('');
    expect(show).not.toHaveBeenCalled();
  });

  it('gives back a percent sign typed by a person once the card window has passed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderForm();
      const nome = input('Nome');
      nome.focus();
      expect(fireEvent.keyDown(nome, { key: '%' })).toBe(false);
      await act(async () => {
        vi.advanceTimersByTime(1600);
      });
      expect(nome.value).toBe('%');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('titleCase', () => {
  it('writes card names the way people write them', () => {
    expect(titleCase('DE LUCA')).toBe('De Luca');
    expect(titleCase("D'ANGELO")).toBe("D'Angelo");
    expect(titleCase('MARIA EMMA')).toBe('Maria Emma');
  });
});
