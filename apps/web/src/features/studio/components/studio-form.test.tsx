import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { emptyStudioValues, StudioForm, type StudioFormValues } from './studio-form.tsx';

const values = (): StudioFormValues => ({
  ...emptyStudioValues(),
  nome: 'Giulia',
  cognome: 'Bianchi',
  sesso: 'D',
  codiceFiscale: 'RSSMRA85T10A562S',
  partitaIva: '01234567897',
  professione: 'Fisioterapista',
  contatti: { email: 'giulia@studio.it', cellulare: '+39 333 1234567', telefono: '', pec: '' },
});

const renderForm = (readOnly: boolean) =>
  renderWithProviders(
    <StudioForm initialValues={values()} onSubmit={vi.fn()} submitLabel="Salva modifiche" readOnly={readOnly} />,
  );

describe('StudioForm, read-only', () => {
  it('shows the values as read-only fields, not disabled ones, so they read in the normal colour', () => {
    renderForm(true);
    const professione = screen.getByLabelText('Professione') as HTMLInputElement;
    expect(professione.value).toBe('Fisioterapista');
    expect(professione.readOnly).toBe(true);
    expect(professione.disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Salva modifiche' })).toBeNull();
  });

  it('shows no example placeholders, which would look like the studio’s own data', () => {
    renderForm(true);
    expect((screen.getByLabelText("Iscrizione all'albo") as HTMLInputElement).placeholder).toBe('');
    expect(screen.queryByText(/Albo dei Fisioterapisti/)).toBeNull();
    expect((screen.getByLabelText('Provincia') as HTMLInputElement).placeholder).toBe('');
  });

  it('says why a field cannot be changed, on hover and to screen readers', async () => {
    const { user } = renderForm(true);
    expect(screen.getAllByText('Campo non modificabile.').length).toBeGreaterThan(10);
    await user.hover(screen.getByLabelText('Professione'));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Campo non modificabile.');
  });

  it('does not change when typed into', async () => {
    const { user } = renderForm(true);
    await user.type(screen.getByLabelText('Professione'), 'X');
    expect((screen.getByLabelText('Professione') as HTMLInputElement).value).toBe('Fisioterapista');
  });
});

describe('StudioForm, editable', () => {
  it('gives the long example of the professional register as a description, not as a placeholder', () => {
    renderForm(false);
    const albo = screen.getByLabelText("Iscrizione all'albo") as HTMLInputElement;
    expect(albo.placeholder).toBe('');
    expect(screen.getByText('Es. Albo dei Fisioterapisti di Milano n. 1234')).toBeTruthy();
    expect(screen.queryByText('Campo non modificabile.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Salva modifiche' })).toBeTruthy();
  });
});

describe('StudioForm, phone numbers', () => {
  it('refuses a number with the spec’s message and says what a valid one looks like', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(
      <StudioForm initialValues={values()} onSubmit={onSubmit} submitLabel="Salva modifiche" readOnly={false} />,
    );
    expect(screen.queryByText(/il \+ solo all’inizio/)).toBeNull();
    const cellulare = screen.getByLabelText('Cellulare');
    await user.clear(cellulare);
    await user.type(cellulare, '333+123');
    await user.click(screen.getByRole('button', { name: 'Salva modifiche' }));
    expect(await screen.findByText('Numero non valido')).toBeTruthy();
    expect(screen.getByText(/il \+ solo all’inizio \(ad es\. \+39 333 1234567\)/)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('StudioForm, panels (spec part 1 §2)', () => {
  it('groups the fields in the expandable panels Generali, Contatti and Domicilio, open at first', () => {
    renderForm(false);
    for (const name of ['Generali', 'Contatti', 'Domicilio'])
      expect(screen.getByRole('button', { name }).getAttribute('aria-expanded')).toBe('true');
  });

  it('opens the Domicilio panel again to show "Indirizzo non valido" when the address is left empty', async () => {
    const { user } = renderForm(false);
    const domicilio = screen.getByRole('button', { name: 'Domicilio' });
    await user.click(domicilio);
    expect(domicilio.getAttribute('aria-expanded')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Salva modifiche' }));
    expect(domicilio.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByText('Indirizzo non valido')).toBeTruthy();
  });
});

describe('StudioForm, address (issue 26 item 7)', () => {
  it('shows "Indirizzo non valido" under the part that is missing, and clears it once that part is filled', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(
      <StudioForm
        initialValues={{
          ...values(),
          residenza: { indirizzo: 'Via Roma 1', cap: '40121', comune: '', provincia: 'BO' },
        }}
        onSubmit={onSubmit}
        submitLabel="Salva e continua"
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Salva e continua' }));
    const comune = screen.getByLabelText(/^Comune/) as HTMLInputElement;
    const street = screen.getByLabelText(/^Indirizzo/) as HTMLInputElement;
    expect(comune.getAttribute('aria-invalid')).toBe('true');
    expect(street.getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getAllByText('Indirizzo non valido')).toHaveLength(1);
    await user.type(comune, 'Bologna');
    expect(screen.queryByText('Indirizzo non valido')).toBeNull();
    expect(street.getAttribute('aria-invalid')).not.toBe('true');
    await user.click(screen.getByRole('button', { name: 'Salva e continua' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
