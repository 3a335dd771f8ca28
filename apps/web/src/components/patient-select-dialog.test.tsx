import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type PatientOption, PatientSelectDialog, type PatientSelectDialogProps } from './patient-select-dialog.tsx';
import { renderWithProviders } from './testing/render-with-providers.tsx';

const patients: PatientOption[] = [
  { id: 'p1', label: 'Mario Rossi' },
  { id: 'p2', label: 'Anna Bianchi' },
  { id: 'p3', label: 'Marco Verdi' },
];

const searchIn = (list: PatientOption[]) =>
  vi.fn(async (text: string) => list.filter((p) => p.label.toLowerCase().includes(text.toLowerCase())));

const renderDialog = (props: Partial<PatientSelectDialogProps> = {}) => {
  const onClose = vi.fn();
  const searchPatients = props.searchPatients ?? searchIn(patients);
  const view = renderWithProviders(
    <PatientSelectDialog
      opened
      title="Seleziona paziente"
      searchPatients={searchPatients}
      onClose={onClose}
      {...props}
    />,
  );
  return { ...view, onClose };
};

const searchBox = () => screen.getByRole('combobox', { name: 'Paziente' });

describe('PatientSelectDialog', () => {
  it('shows its title and description with the buttons Annulla and Procedi', () => {
    renderDialog({ description: 'Scegli il paziente per precompilare il modulo.' });
    expect(screen.getByRole('dialog', { name: 'Seleziona paziente' })).toBeTruthy();
    expect(screen.getByText('Scegli il paziente per precompilare il modulo.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Annulla' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Procedi' })).toBeTruthy();
  });

  it('closes with the chosen patient', async () => {
    const { user, onClose } = renderDialog();
    await user.type(searchBox(), 'anna');
    await user.click(await screen.findByRole('option', { name: 'Anna Bianchi' }));
    expect((searchBox() as HTMLInputElement).value).toBe('Anna Bianchi');
    await user.click(screen.getByRole('button', { name: 'Procedi' }));
    expect(onClose).toHaveBeenCalledWith({ type: 'patientSelected', patientId: 'p2' });
  });

  it('asks for a patient when Procedi is pressed with none chosen', async () => {
    const { user, onClose } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Procedi' }));
    expect(screen.getByText('Seleziona un paziente per procedere oppure premi "Annulla"')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('forgets the chosen patient when the user edits the search again', async () => {
    const { user, onClose } = renderDialog();
    await user.type(searchBox(), 'mario');
    await user.click(await screen.findByRole('option', { name: 'Mario Rossi' }));
    await user.type(searchBox(), 'x');
    await user.click(screen.getByRole('button', { name: 'Procedi' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText('Seleziona un paziente per procedere oppure premi "Annulla"')).toBeTruthy();
  });

  it('searches once the user stops typing for 400 ms, not on every keystroke', async () => {
    const searchPatients = searchIn(patients);
    const { user } = renderDialog({ searchPatients });
    await vi.waitFor(() => expect(searchPatients).toHaveBeenCalledWith(''));
    searchPatients.mockClear();
    await user.type(searchBox(), 'mar');
    expect(searchPatients).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(searchPatients).toHaveBeenCalledWith('mar'), { timeout: 1500 });
    expect(searchPatients).toHaveBeenCalledOnce();
    // the options of the first (empty) search stay on screen until the answer for 'mar' is drawn
    await vi.waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Mario Rossi', 'Marco Verdi']),
    );
  });

  it('says when no patient matches', async () => {
    const { user } = renderDialog();
    await user.type(searchBox(), 'zzz');
    expect(await screen.findByText('Nessun paziente trovato', {}, { timeout: 1500 })).toBeTruthy();
  });

  it('says when the search fails', async () => {
    const { user } = renderDialog({ searchPatients: vi.fn(async () => Promise.reject(new Error('offline'))) });
    await user.click(searchBox());
    expect(await screen.findByText('Ricerca non riuscita, riprovare')).toBeTruthy();
  });

  it('closes with cancel from Annulla and from the close button', async () => {
    const { user, onClose } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Annulla' }));
    await user.click(screen.getByRole('button', { name: 'Chiudi' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onClose).toHaveBeenNthCalledWith(1, { type: 'cancel' });
    expect(onClose).toHaveBeenNthCalledWith(2, { type: 'cancel' });
  });

  it('offers to proceed without a patient only when allowed', async () => {
    const { user, onClose, unmount } = renderDialog({
      allowProceedWithoutPatient: true,
      proceedWithoutLabel: 'Scarica il modulo vuoto.',
    });
    await user.click(screen.getByRole('button', { name: 'Scarica il modulo vuoto.' }));
    expect(onClose).toHaveBeenCalledWith({ type: 'proceedWithoutSelection' });
    unmount();
    renderDialog();
    expect(screen.queryByRole('button', { name: 'Procedi senza paziente' })).toBeNull();
  });

  it('starts empty every time it opens', async () => {
    const props = { title: 'Seleziona paziente', searchPatients: searchIn(patients), onClose: () => {} };
    const { user, rerender } = renderWithProviders(<PatientSelectDialog opened {...props} />);
    await user.type(searchBox(), 'anna');
    rerender(<PatientSelectDialog opened={false} {...props} />);
    rerender(<PatientSelectDialog opened {...props} />);
    expect((searchBox() as HTMLInputElement).value).toBe('');
  });
});
