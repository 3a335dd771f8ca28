import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ImportDialogFrame,
  ImportFileStep,
  ImportOptionsStep,
  ImportPreviewStep,
  type ImportRowLike,
} from './import-steps.tsx';
import { renderWithProviders } from './testing/render-with-providers.tsx';
import { desktopWidth, phoneWidth, stubScreenWidth } from './testing/screen-width.ts';

vi.setConfig({ testTimeout: 20_000 });

const row = (n: number, more: Partial<ImportRowLike> = {}): ImportRowLike => ({
  row: n,
  values: { cognome: `Cognome ${n}` },
  ok: true,
  problems: [],
  warnings: [],
  duplicate: null,
  choice: 'import',
  ...more,
});
const counts = { total: 60, valid: 59, invalid: 1, duplicates: 1 };

const preview = (content: ImportRowLike[], totalPages = 1) => {
  const calls = { choice: vi.fn(async () => undefined), page: vi.fn(), only: vi.fn() };
  const view = renderWithProviders(
    <ImportPreviewStep<ImportRowLike>
      counts={counts}
      subjectTitle="Paziente"
      onlyProblems
      onOnlyProblems={calls.only}
      page={1}
      onPage={calls.page}
      subjectOf={(r) => r.values.cognome}
      labelOf={(f) => f}
      choicesOf={(r) =>
        r.duplicate
          ? [
              { value: 'skip', label: 'Salta' },
              { value: 'update', label: 'Aggiorna il paziente' },
            ]
          : [
              { value: 'import', label: 'Importa' },
              { value: 'skip', label: 'Salta' },
            ]
      }
      onFix={async () => undefined}
      onChoice={calls.choice}
      onBack={() => undefined}
      onNext={() => undefined}
      rows={{ content, totalPages }}
    />,
  );
  return { ...view, calls };
};

describe('ImportFileStep', () => {
  it('shows the notice and the hint an import gives, and nothing in their place when it gives none', () => {
    const { rerender } = renderWithProviders(
      <ImportFileStep help="Esporta i pazienti." hint="Il file non si legge?" busy={false} onFile={() => undefined} />,
    );
    expect(screen.getByText('Il file non si legge?')).toBeTruthy();
    expect(screen.queryByText('Importa prima i pazienti.')).toBeNull();
    rerender(
      <ImportFileStep
        help="Esporta l’agenda."
        notice="Importa prima i pazienti."
        busy={false}
        onFile={() => undefined}
      />,
    );
    expect(screen.getByText('Importa prima i pazienti.')).toBeTruthy();
    expect(screen.queryByText('Il file non si legge?')).toBeNull();
    expect(screen.getByRole('button', { name: 'Scegli il file' })).toBeTruthy();
  });

  it('hands the chosen file to the import and says the file is being checked while it is', async () => {
    const onFile = vi.fn();
    const { container, user, rerender } = renderWithProviders(
      <ImportFileStep help="Esporta i pazienti." busy={false} onFile={onFile} />,
    );
    const file = new File(['Cognome\r\nRossi\r\n'], 'pazienti.csv', { type: 'text/csv' });
    await user.upload(container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement, file);
    expect(onFile).toHaveBeenCalledWith(file);
    rerender(<ImportFileStep help="Esporta i pazienti." busy onFile={onFile} />);
    expect(screen.getByText('Controllo del file…')).toBeTruthy();
  });
});

describe('ImportPreviewStep', () => {
  it('offers each row the choices its import gives it, and sends the one picked', async () => {
    const duplicate = { kind: 'existing', message: 'Paziente già presente: Verdi Giulia.' };
    const { user, calls } = preview([row(2), row(3, { duplicate, choice: 'skip' })]);
    const table = screen.getByRole('table', { name: 'Anteprima delle righe' });
    expect(within(table).getByRole('columnheader', { name: 'Paziente' })).toBeTruthy();
    expect(screen.getByText('60 righe: 59 valide, 1 con errori, 1 duplicato.')).toBeTruthy();
    await user.click(within(table).getByRole('combobox', { name: 'Scelta riga 2' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Importa', 'Salta']);
    await user.keyboard('{Escape}');
    await user.click(within(table).getByRole('combobox', { name: 'Scelta riga 3' }));
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Salta', 'Aggiorna il paziente']),
    );
    await user.click(screen.getByRole('option', { name: 'Aggiorna il paziente' }));
    expect(calls.choice).toHaveBeenCalledWith(3, 'update');
  });

  it('says there is no row with problems when the page is empty, and shows the pages only when there are more', async () => {
    const { user, calls, unmount } = preview([row(2)], 3);
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(calls.page).toHaveBeenCalledWith(2);
    await user.click(screen.getByRole('checkbox', { name: 'Solo righe con problemi' }));
    expect(calls.only).toHaveBeenCalledWith(false);
    unmount();
    preview([]);
    expect(screen.getByText('Nessuna riga con problemi.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Anteprima delle righe' })).toBeNull();
    expect(screen.queryByRole('button', { name: '2' })).toBeNull();
  });
});

describe('ImportOptionsStep', () => {
  it('draws the import’s own options and lets the import start only when there is something to write', () => {
    const props = { ready: null, busy: false, onBack: () => undefined, onStart: () => undefined };
    const { rerender } = renderWithProviders(
      <ImportOptionsStep {...props} startLabel="Importa 0 pazienti" canStart={false}>
        <span>Etichette</span>
      </ImportOptionsStep>,
    );
    expect(screen.getByText('Etichette')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Importa 0 pazienti' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(
      <ImportOptionsStep {...props} ready="Verranno importati 3 pazienti." startLabel="Importa 3 pazienti" canStart>
        <span>Etichette</span>
      </ImportOptionsStep>,
    );
    expect(screen.getByText('Verranno importati 3 pazienti.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Importa 3 pazienti' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('ImportDialogFrame', () => {
  afterEach(() => vi.unstubAllGlobals());
  const steps = ['File', 'Colonne', 'Anteprima', 'Etichette', 'Importazione'];
  const frame = () =>
    renderWithProviders(
      <ImportDialogFrame opened title="Importa pazienti" steps={steps} step={1} error={null} onClose={() => undefined}>
        <p>Contenuto</p>
      </ImportDialogFrame>,
    );

  it('shows the five steps on a wide screen', async () => {
    stubScreenWidth(desktopWidth);
    frame();
    const dialog = await screen.findByRole('dialog', { name: 'Importa pazienti' });
    for (const s of steps) expect(within(dialog).getByText(s)).toBeTruthy();
    expect(within(dialog).queryByText('Passo 2 di 5: Colonne')).toBeNull();
  });

  it('says the step in words on a phone, where five labels do not fit', async () => {
    stubScreenWidth(phoneWidth);
    frame();
    const dialog = await screen.findByRole('dialog', { name: 'Importa pazienti' });
    expect(within(dialog).getByText('Passo 2 di 5: Colonne')).toBeTruthy();
    expect(within(dialog).queryByText('Anteprima')).toBeNull();
  });
});
