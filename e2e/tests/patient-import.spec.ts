import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { codiceFiscaleCheckChar } from '../../packages/domain/src/anagrafica/fiscal-codes.ts';
import { nameCode, surnameCode } from '../../packages/domain/src/imports/codice-fiscale-agreement.ts';
import { createOwner, openSignedIn, shot } from '../support/studio-owner.ts';

/**
 * Pazienti › Importa (issue 30 item 1, decision 039): a CSV of 200 patients as a spreadsheet saves it (semicolons,
 * Windows line ends, Italian dates), 12 of them wrong; two fixed in the preview, the rest imported, found in the list,
 * then the whole import undone.
 */

const surnames = ['Rossi', 'Bianchi', 'Ferrari', 'Esposito', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno'];
const men = ['Marco', 'Luca', 'Paolo', 'Andrea', 'Giorgio', 'Stefano', 'Davide', 'Matteo', 'Simone', 'Roberto'];
const women = ['Giulia', 'Anna', 'Sara', 'Chiara', 'Elena', 'Laura', 'Francesca', 'Marta', 'Silvia', 'Valentina'];
const months = 'ABCDEHLMPRST';

/** A person born in Roma whose fiscal code agrees with the name, sex and birth date (the check character the domain's). */
const person = (i: number) => {
  const female = i % 2 === 1;
  const cognome = `${surnames[i % 10]}${i >= 10 ? ` ${String.fromCharCode(65 + Math.floor(i / 10))}` : ''}`.trim();
  const nome = (female ? women : men)[Math.floor(i / 3) % 10] as string;
  const day = 1 + (i % 28);
  const month = Math.floor(i / 28) % 12;
  const year = 1950 + (i % 45);
  const first15 = `${surnameCode(cognome)}${nameCode(nome)}${String(year).slice(2)}${months[month]}${String(
    female ? day + 40 : day,
  ).padStart(2, '0')}H501`;
  const cf = first15 + codiceFiscaleCheckChar(first15);
  const date = `${String(day).padStart(2, '0')}/${String(month + 1).padStart(2, '0')}/${year}`;
  return { cognome, nome, cf, date, sesso: female ? 'F' : 'M' };
};

/** The 12 wrong rows, by index: what is wrong with each. */
const wrong: Record<number, (p: ReturnType<typeof person>) => string[]> = {
  10: (p) => [
    p.cognome,
    p.nome,
    `${p.cf.slice(0, 15)}${p.cf[15] === 'A' ? 'B' : 'A'}`,
    p.date,
    p.sesso,
    'a@example.it',
  ],
  25: (p) => [
    p.cognome,
    p.nome,
    `${p.cf.slice(0, 15)}${p.cf[15] === 'A' ? 'B' : 'A'}`,
    p.date,
    p.sesso,
    'b@example.it',
  ],
  40: (p) => [p.cognome, p.nome, 'RSSMRA', p.date, p.sesso, 'c@example.it'],
  55: (p) => [p.cognome, p.nome, p.cf, p.date, p.sesso, 'paziente55@'],
  70: (p) => [p.cognome, p.nome, p.cf, p.date, p.sesso, 'paziente70 at example.it'],
  85: (p) => [p.cognome, p.nome, p.cf, p.date, p.sesso, 'paziente85@@example.it'],
  100: (p) => [p.cognome, p.nome, p.cf, '31/02/1980', p.sesso, 'd@example.it'],
  115: (p) => [p.cognome, p.nome, p.cf, '12/31/1980', p.sesso, 'e@example.it'],
  130: (p) => ["=cmd|' /C calc'!A0", p.nome, p.cf, p.date, p.sesso, 'f@example.it'],
  145: (p) => [p.cognome, p.nome, p.cf, p.date, p.sesso, '"+HYPERLINK(""http://x.example"";""clic"")"'],
  160: (p) => [p.cognome, p.nome, '', p.date, p.sesso, 'g@example.it'],
  175: (p) => [p.cognome, p.nome, '', p.date, p.sesso, 'h@example.it'],
};

const csv = () => {
  const lines = ['Cognome;Nome;Codice Fiscale;Data di nascita;Sesso;E-mail'];
  for (let i = 0; i < 200; i++) {
    const p = person(i);
    const cells = wrong[i]?.(p) ?? [p.cognome, p.nome, p.cf, p.date, p.sesso, `paziente${i}@example.it`];
    lines.push(cells.join(';'));
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
};

test.describe('Pazienti › Importa', () => {
  test('imports 200 patients with 12 wrong rows: two fixed in the preview, found in the list, then undone', async ({
    page,
    request,
  }, info) => {
    test.setTimeout(180_000);
    const owner = await createOwner(request);
    await openSignedIn(page, owner, '/customers');
    await page.getByRole('button', { name: 'Importa pazienti' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importa pazienti' });
    await expect(dialog).toBeVisible();
    await shot(page, info, 'import-1-file');

    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Scegli il file' }).click();
    await (await chooser).setFiles({ name: 'pazienti-export.csv', mimeType: 'text/csv', buffer: csv() });

    // columns matched from the header
    const mapping = dialog.getByRole('table', { name: 'Abbinamento delle colonne' });
    await expect(mapping).toBeVisible({ timeout: 30_000 });
    await expect(mapping.getByRole('combobox', { name: 'Campo per la colonna Codice Fiscale' })).toHaveValue(
      'Codice fiscale',
    );
    await expect(mapping.getByRole('combobox', { name: 'Campo per la colonna E-mail' })).toHaveValue('Email');
    await expect(dialog.getByText('200 righe: 188 valide, 12 con errori, 0 duplicati.')).toBeVisible();
    await shot(page, info, 'import-2-columns');
    await dialog.getByRole('button', { name: 'Avanti' }).click();

    // the preview: the 12 rows with problems, two fixed
    const preview = dialog.getByRole('table', { name: 'Anteprima delle righe' });
    await expect(preview.getByTestId('import-row')).toHaveCount(12);
    await expect(preview).toContainText('Il valore inizia con «=» e potrebbe essere eseguito come formula');
    await shot(page, info, 'import-3-preview');
    // row 57 is the 56th person (index 55): a broken e-mail
    await preview.getByRole('button', { name: 'Correggi Email della riga 57' }).click();
    const email = preview.getByRole('textbox', { name: 'Email (riga 57)' });
    await email.fill('paziente55@example.it');
    await preview.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog.getByText('200 righe: 189 valide, 11 con errori, 0 duplicati.').first()).toBeVisible();
    // the rows come back checked again (row 57 no longer among the problems) before the next correction: a click
    // during the reload would open an editor the reloaded rows close
    await expect(preview.getByRole('button', { name: 'Correggi Email della riga 57' })).toHaveCount(0);
    // row 132: a formula instead of the surname
    await preview.getByRole('button', { name: 'Correggi Cognome della riga 132' }).click();
    await preview.getByRole('textbox', { name: 'Cognome (riga 132)' }).fill('Neri');
    await preview.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog.getByText('200 righe: 190 valide, 10 con errori, 0 duplicati.').first()).toBeVisible();
    // the corrected e-mail leaves the list; the surname typed does not match the fiscal code: a warning, not an error
    await expect(preview.getByTestId('import-row')).toHaveCount(11);
    await expect(preview.getByTestId('import-row').filter({ hasText: 'Neri' })).toContainText(
      'Il codice fiscale non corrisponde al cognome.',
    );
    await dialog.getByRole('button', { name: 'Avanti' }).click();

    // tags, then the import
    await dialog.getByRole('combobox', { name: 'Etichette' }).fill('Importati 2026');
    await dialog.getByRole('combobox', { name: 'Etichette' }).press('Enter');
    await expect(dialog.getByText('Verranno importati 190 pazienti e saltate 10 righe.')).toBeVisible();
    await shot(page, info, 'import-4-tags');
    await dialog.getByRole('button', { name: 'Importa 190 pazienti' }).click();
    await expect(dialog.getByText('Importazione completata: 190 importati, 0 aggiornati, 10 saltati.')).toBeVisible({
      timeout: 60_000,
    });
    await shot(page, info, 'import-5-done');

    // the report
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Scarica l’esito (CSV)' }).click();
    const report = readFileSync(await (await download).path(), 'utf8');
    expect(report.startsWith('\uFEFFRiga;Esito;Paziente;Motivo')).toBe(true);
    expect(report.split('\r\n').filter((l) => l.includes(';Importato;'))).toHaveLength(190);
    expect(report).not.toMatch(/;[=+@-]/u);

    // found in the list
    await dialog.getByRole('button', { name: 'Chiudi' }).click();
    await expect(page.getByText('190 pazienti')).toBeVisible();
    await page.getByRole('searchbox', { name: /Cerca/ }).fill('Neri');
    await expect(page.getByRole('link', { name: /^Neri / })).toBeVisible();
    await shot(page, info, 'import-6-list');

    // undo: the button opens the last import again while it can be undone
    await page.getByRole('button', { name: 'Importa pazienti' }).click();
    await expect(dialog.getByText('Importazione completata: 190 importati, 0 aggiornati, 10 saltati.')).toBeVisible();
    await expect(dialog.getByText(/Puoi annullare l’importazione fino al/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Annulla importazione' }).click();
    await expect(dialog.getByText('Importazione annullata: 190 pazienti rimossi.')).toBeVisible();
    await shot(page, info, 'import-7-undone');
    await dialog.getByRole('button', { name: 'Chiudi' }).click();
    await page.getByRole('searchbox', { name: /Cerca/ }).fill('');
    await expect(page.getByText('Ancora nessun paziente')).toBeVisible();
  });
});
