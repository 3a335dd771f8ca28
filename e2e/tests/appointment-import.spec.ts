import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { codiceFiscaleCheckChar } from '../../packages/domain/src/anagrafica/fiscal-codes.ts';
import { nameCode, surnameCode } from '../../packages/domain/src/imports/codice-fiscale-agreement.ts';
import { apiPost, createOwner, openSignedIn, shot } from '../support/studio-owner.ts';

/**
 * Calendario › Importa appuntamenti (issue 30 item 2, decision 045): a studio with six patients; a CSV of 30
 * appointments over five weeks around today, four of them wrong (two unknown patients, a time that does not exist,
 * a formula in a note) and one repeated; the time fixed in the preview, the rest imported, an appointment found in
 * the week's calendar, then the whole import undone.
 */

const months = 'ABCDEHLMPRST';
const patients = [
  { cognome: 'Rossi', nome: 'Mario', female: false },
  { cognome: 'Ferrari', nome: 'Anna', female: true },
  { cognome: 'Esposito', nome: 'Luca', female: false },
  { cognome: 'Romano', nome: 'Sara', female: true },
  { cognome: 'Greco', nome: 'Paolo', female: false },
  { cognome: 'Colombo', nome: 'Giulia', female: true },
].map((p, i) => {
  const day = 3 + i;
  const first15 = `${surnameCode(p.cognome)}${nameCode(p.nome)}80${months[i]}${String(p.female ? day + 40 : day).padStart(2, '0')}H501`;
  return { ...p, cf: first15 + codiceFiscaleCheckChar(first15) };
});

const pad = (n: number) => String(n).padStart(2, '0');
/** The Monday of this week in Rome, as a UTC date at midnight (a calendar day to count from). */
const mondayOfThisWeek = () => {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number, number];
  const today = new Date(Date.UTC(y, m - 1, d));
  return new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * 86_400_000);
};
const dayText = (monday: Date, offset: number) => {
  const d = new Date(monday.getTime() + offset * 86_400_000);
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
};

/** Row numbers (the file's, header = 1) of the wrong rows. */
const badTimeRow = 8;
const csv = () => {
  const monday = mondayOfThisWeek();
  const lines = ['Data;Ora inizio;Ora fine;Paziente;Codice fiscale;Prestazione;Note'];
  for (let i = 0; i < 25; i++) {
    const p = patients[i % 5] as (typeof patients)[number];
    // five weeks from last week on, one weekday each, 09:00 to 12:45
    const offset = Math.floor(i / 5) * 7 - 7 + (i % 5);
    const hour = 9 + (i % 4);
    const byCode = i % 3 === 0;
    lines.push(
      [
        dayText(monday, offset),
        `${hour}:00`,
        `${hour}:45`,
        byCode ? '' : `${p.cognome} ${p.nome}`,
        byCode ? p.cf : '',
        i % 7 === 0 ? 'Massaggio sportivo' : 'Tecarterapia',
        i === 3 ? 'Porta gli esami' : '',
      ].join(';'),
    );
  }
  // the appointment looked for in the calendar: Wednesday of this week at 11:00, by name with accents and case
  lines.push(`${dayText(monday, 2)};11.00;11.45;colombo GIULIA;;Tecarterapia;Prima visita`);
  // a repeat of the first row (same patient, same start): skipped by default
  lines.push(lines[1] as string);
  lines.splice(badTimeRow - 1, 1, `${dayText(monday, 8)};25:30;26:15;Rossi Mario;;Tecarterapia;`);
  lines.push(`${dayText(monday, 3)};16:00;16:30;Sconosciuto Carlo;;;`);
  lines.push(`${dayText(monday, 4)};16:00;16:30;Neri Franca;;;`);
  lines.push(`${dayText(monday, 4)};17:00;17:30;Greco Paolo;;;=HYPERLINK("http://x.example")`);
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
};

test.describe('Calendario › Importa appuntamenti', () => {
  test('imports 30 appointments with wrong rows: one fixed in the preview, found in the calendar, then undone', async ({
    page,
    request,
  }, info) => {
    test.setTimeout(180_000);
    const owner = await createOwner(request);
    for (const p of patients)
      await apiPost(
        request,
        '/pazienti',
        {
          datiGenerali: { tipologiaPersona: 'FISICA', nome: p.nome, cognome: p.cognome, codiceFiscale: p.cf },
          contatti: { cellulare: '+39 333 1234567', email: `${p.nome.toLowerCase()}@example.it` },
          residenza: { indirizzo: 'Via Roma 1', cap: '40121', comune: 'Bologna', provincia: 'BO' },
        },
        owner.token,
      );
    await apiPost(request, '/products', { name: 'Tecarterapia', price: 40, grossPrice: 40, duration: 45 }, owner.token);

    await openSignedIn(page, owner, '/calendar');
    await page.getByRole('button', { name: 'Altre azioni' }).click();
    await page.getByRole('menuitem', { name: 'Importa appuntamenti…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importa appuntamenti' });
    await expect(dialog).toBeVisible();
    await shot(page, info, 'appointment-import-1-file');

    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Scegli il file' }).click();
    await (await chooser).setFiles({ name: 'agenda-export.csv', mimeType: 'text/csv', buffer: csv() });

    const mapping = dialog.getByRole('table', { name: 'Abbinamento delle colonne' });
    await expect(mapping).toBeVisible({ timeout: 30_000 });
    await expect(mapping.getByRole('combobox', { name: 'Campo per la colonna Paziente' })).toHaveValue(
      'Paziente (cognome e nome)',
    );
    await expect(mapping.getByRole('combobox', { name: 'Campo per la colonna Ora fine' })).toHaveValue('Ora fine');
    await expect(dialog.getByText('30 righe: 26 valide, 4 con errori, 1 duplicato.')).toBeVisible();
    await shot(page, info, 'appointment-import-2-columns');
    await dialog.getByRole('button', { name: 'Avanti' }).click();

    // the preview: the wrong rows, the warnings (an unknown service) and the repeat
    const preview = dialog.getByRole('table', { name: 'Anteprima delle righe' });
    await expect(preview).toContainText('Paziente non trovato: importa prima i pazienti o correggi il nome');
    await expect(preview).toContainText('Ora non valida: usa il formato HH:MM');
    await expect(preview).toContainText('Il valore inizia con «=» e potrebbe essere eseguito come formula');
    await expect(preview).toContainText('Prestazione «Massaggio sportivo» non trovata');
    await expect(preview).toContainText('Stesso paziente e stessa ora della riga 2 del file.');
    await shot(page, info, 'appointment-import-3-preview');
    await preview.getByRole('button', { name: `Correggi Ora inizio della riga ${badTimeRow}` }).click();
    await preview.getByRole('textbox', { name: `Ora inizio (riga ${badTimeRow})` }).fill('15:30');
    await preview.getByRole('button', { name: 'Salva' }).click();
    // the rows come back checked again (the start's problem gone) before the next correction: a click during the
    // reload would open an editor the reloaded rows close
    await expect(preview.getByRole('button', { name: `Correggi Ora inizio della riga ${badTimeRow}` })).toHaveCount(0);
    await preview.getByRole('button', { name: `Correggi Ora fine della riga ${badTimeRow}` }).click();
    await preview.getByRole('textbox', { name: `Ora fine (riga ${badTimeRow})` }).fill('16:15');
    await preview.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog.getByText('30 righe: 27 valide, 3 con errori, 1 duplicato.').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Avanti' }).click();

    // options, then the import
    await expect(dialog.getByRole('checkbox', { name: 'Segna come saldati gli appuntamenti passati' })).toBeChecked();
    await expect(dialog.getByText('Verranno importati 26 appuntamenti e saltate 4 righe.')).toBeVisible();
    await shot(page, info, 'appointment-import-4-options');
    await dialog.getByRole('button', { name: 'Importa 26 appuntamenti' }).click();
    await expect(dialog.getByText('Importazione completata: 26 appuntamenti importati, 4 righe saltate.')).toBeVisible({
      timeout: 60_000,
    });
    await shot(page, info, 'appointment-import-5-done');

    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Scarica l’esito (CSV)' }).click();
    const report = readFileSync(await (await download).path(), 'utf8');
    expect(report.startsWith('\uFEFFRiga;Esito;Appuntamento;Motivo')).toBe(true);
    expect(report.split('\r\n').filter((l) => l.includes(';Importato;'))).toHaveLength(26);
    expect(report).not.toMatch(/;[=+@-]/u);

    // found in this week's calendar
    await dialog.getByRole('button', { name: 'Chiudi' }).click();
    const colombo = page.getByTestId('calendar-event').filter({ hasText: 'Colombo Giulia' });
    await expect(colombo).toHaveCount(1, { timeout: 15_000 });
    await expect(colombo).toContainText('11:00');
    await shot(page, info, 'appointment-import-6-calendar');

    // undo: the menu opens the last import again while it can be undone
    await page.getByRole('button', { name: 'Altre azioni' }).click();
    await page.getByRole('menuitem', { name: 'Importa appuntamenti…' }).click();
    await expect(dialog.getByText(/Puoi annullare l’importazione fino al/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Annulla importazione' }).click();
    await expect(dialog.getByText('Importazione annullata: 26 appuntamenti rimossi.')).toBeVisible();
    await shot(page, info, 'appointment-import-7-undone');
    await dialog.getByRole('button', { name: 'Chiudi' }).click();
    await expect(page.getByTestId('calendar-event')).toHaveCount(0);
  });
});
