import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { screen } from '../support/screens.ts';
import {
  apiPost,
  createOwner,
  isPhone,
  type Owner,
  openSignedIn,
  settled,
  shot,
  successToast,
} from '../support/studio-owner.ts';

/*
 * Fiscal codes computed with the official tables (packages/domain codice-fiscale):
 *  ROSSI ANNA, woman, 15-03-1992, Bologna (A944)      RSSNNA92C55A944V
 *  ROSSI MARIO, man, 10-12-1985, San Giuliano T. (A562) RSSMRA85T10A562S
 *  BIANCHI LAURA, woman, 01-01-1990, Roma (H501)       BNCLRA90A41H501F
 *  FERRÈ NICOLÒ, man, 20-05-1988, Milano (F205)        FRRNCL88E20F205Z
 *  GROSSI PAOLO, man, 15-08-1970, Torino (L219)        GRSPLA70M15L219U
 * A public administration's 11-digit code with a valid check digit: 80012345676.
 */

type Person = { nome: string; cognome: string; codiceFiscale: string };

const seeded: Person[] = [
  { nome: 'Mario', cognome: 'Rossi', codiceFiscale: 'RSSMRA85T10A562S' },
  { nome: 'Laura', cognome: 'Bianchi', codiceFiscale: 'BNCLRA90A41H501F' },
  { nome: 'Nicolò', cognome: 'Ferrè', codiceFiscale: 'FRRNCL88E20F205Z' },
  { nome: 'Paolo', cognome: 'Grossi', codiceFiscale: 'GRSPLA70M15L219U' },
];

/** Patients made through the API, as a studio that has been using the app would have them. */
const seedPatients = async (request: APIRequestContext, owner: Owner, people = seeded) => {
  for (const p of people) {
    await apiPost(
      request,
      '/pazienti',
      {
        datiGenerali: { tipologiaPersona: 'FISICA', ...p },
        contatti: { cellulare: '+39 333 1234567', email: `${p.nome.toLowerCase()}@example.it` },
        residenza: { indirizzo: 'Via Roma 1', cap: '40121', comune: 'Bologna', provincia: 'BO' },
      },
      owner.token,
    );
  }
};

const rows = (page: Page) => page.getByTestId('patient-row');
/** The row (table) or card (phone) of one patient. */
const rowOf = (page: Page, name: string) => rows(page).filter({ has: page.getByRole('link', { name, exact: true }) });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Nothing sticks out sideways (a phone would let the whole page slide). */
const expectNoSidewaysScroll = async (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);

/** Waits until the list shows exactly these patients (in any order). */
const expectListed = async (page: Page, names: string[]) => {
  await expect(rows(page)).toHaveCount(names.length);
  for (const name of names) await expect(rowOf(page, name)).toBeVisible();
};

test.describe('Pazienti', () => {
  test('a person created from the fiscal code: sex, birth date and birthplace filled in, address with the CAP', async ({
    page,
    request,
  }, info) => {
    const owner = await createOwner(request);
    await openSignedIn(page, owner, '/customers');
    await expect(page.getByRole('heading', { name: 'Pazienti', level: 1 })).toBeVisible();
    await expect(page.getByText('Ancora nessun paziente')).toBeVisible();
    await shot(page, info, 'patients-01-empty');

    await page.getByRole('link', { name: 'Nuovo paziente' }).first().click();
    await expect(page).toHaveURL(/\/customers\/add$/);
    await expect(page.getByRole('heading', { name: 'Nuovo paziente', level: 1 })).toBeVisible();
    await shot(page, info, 'patients-02-new-empty');

    await field(page, 'Nome').fill('Anna');
    await field(page, 'Cognome').fill('Rossi');
    await field(page, 'Codice fiscale').fill('rssnna92c55a944v');
    await expect(field(page, 'Codice fiscale')).toHaveValue('RSSNNA92C55A944V');
    // read from the code
    await expect(page.getByRole('radio', { name: 'Donna' })).toBeChecked();
    await expect(field(page, 'Data di nascita')).toHaveValue('15-03-1992');
    await expect(field(page, 'Comune di nascita')).toHaveValue('Bologna');
    await expect(field(page, 'Provincia di nascita')).toHaveValue('BO');
    await expect(
      page.getByText('Sesso, data e luogo di nascita ricavati dal codice fiscale: verificali.'),
    ).toBeVisible();

    await field(page, 'Cellulare').fill('+39 347 7654321');
    await field(page, 'Email').fill('anna.rossi@example.it');
    await field(page, 'Indirizzo').fill('Via Roma 12');
    await field(page, 'Comune').fill('Montespert');
    await page.getByRole('option', { name: /Montespertoli/ }).click();
    await expect(field(page, 'Comune')).toHaveValue('Montespertoli');
    await expect(field(page, 'CAP')).toHaveValue('50025');
    await expect(field(page, 'Provincia')).toHaveValue('FI');
    await expectNoSidewaysScroll(page);
    await shot(page, info, 'patients-03-new-filled');

    await page.getByRole('button', { name: 'Crea paziente' }).click();
    await expect(successToast(page, 'Paziente creato')).toBeVisible();
    await expect(page).toHaveURL(/\/customers$/);
    await expectListed(page, ['Rossi Anna']);
    await expect(rowOf(page, 'Rossi Anna').getByText('RSSNNA92C55A944V')).toBeVisible();
    // complete: nothing missing for an invoice
    await expect(rowOf(page, 'Rossi Anna').getByText('Dati di fatturazione incompleti')).toHaveCount(0);
    await shot(page, info, 'patients-04-created');

    // the record opens on its first tab, and an edit stays on the page
    await rowOf(page, 'Rossi Anna').getByRole('link', { name: 'Rossi Anna' }).click();
    await expect(page).toHaveURL(/\/customers\/add\?id=[0-9a-f-]+&tab=0$/);
    await expect(page.getByRole('heading', { name: 'Rossi Anna', level: 1 })).toBeVisible();
    await expect(field(page, 'Comune di nascita')).toHaveValue('Bologna');
    await field(page, 'Telefono').fill('051 123456');
    await page.getByRole('switch', { name: 'Trasmissione al Sistema TS' }).click();
    await expect(page.getByRole('switch', { name: 'Trasmissione al Sistema TS' })).not.toBeChecked();
    await expect(page.getByText('Si oppone al TS.')).toBeVisible();
    await shot(page, info, 'patients-05-edit');
    await page.getByRole('button', { name: 'Salva modifiche' }).click();
    await expect(successToast(page, 'Paziente aggiornato')).toBeVisible();
    await expect(page).toHaveURL(/\/customers\/add\?id=/);
    await page.reload();
    await expect(field(page, 'Telefono')).toHaveValue('051 123456');
    await expect(page.getByText('Si oppone al TS.').first()).toBeVisible();
    await page.getByRole('link', { name: 'Torna ai pazienti' }).click();
    await expect(rowOf(page, 'Rossi Anna').getByText('Si oppone al TS.')).toBeVisible();
  });

  test('a public administration: company fields, 11-digit code, 6-character recipient code', async ({
    page,
    request,
  }, info) => {
    const owner = await createOwner(request);
    await openSignedIn(page, owner, '/customers/add');
    await page.getByRole('radio', { name: 'Persona giuridica' }).check();
    await expect(field(page, 'Nome')).toHaveCount(0);
    await expect(field(page, 'Ragione sociale')).toBeVisible();
    await field(page, 'Ragione sociale').fill('Comune di Esempio');
    await page.getByRole('checkbox', { name: 'Pubblica amministrazione' }).check();
    await expect(page.getByText('Ricordati di indicare il codice fiscale della PA (11 numeri)').first()).toBeVisible();
    // a wrong check digit first
    await field(page, 'Codice fiscale').fill('80012345678');
    await field(page, 'Codice destinatario').fill('ufabc1');
    await expect(field(page, 'Codice destinatario')).toHaveValue('UFABC1');
    await expect(page.getByText('Codice fiscale non valido')).toBeVisible();
    await field(page, 'Codice fiscale').fill('80012345676');
    await expect(page.getByText('Codice fiscale non valido')).toHaveCount(0);
    await field(page, 'PEC').fill('protocollo@pec.comune.esempio.it');
    await field(page, 'Indirizzo').fill('Piazza Maggiore 1');
    await field(page, 'Comune').fill('Bologna');
    await page
      .getByRole('option', { name: /^Bologna/ })
      .first()
      .click();
    await expect(field(page, 'Provincia')).toHaveValue('BO');
    // Bologna has many CAPs: none is guessed, the range is given
    await expect(page.getByText('CAP di Bologna: da 40121 a')).toBeVisible();
    await field(page, 'CAP').fill('40124');
    await shot(page, info, 'patients-06-public-administration');

    // a company or public administration is a customer (issue 26 item 4)
    await page.getByRole('button', { name: 'Crea cliente' }).click();
    await expect(successToast(page, 'Cliente creato')).toBeVisible();
    const row = rowOf(page, 'Comune di Esempio');
    await expect(row).toBeVisible();
    await expect(row.getByText('PA', { exact: true })).toBeVisible();
    await expect(row.getByText('80012345676')).toBeVisible();
    await expect(row.getByText('Dati di fatturazione incompleti')).toHaveCount(0);
    await shot(page, info, 'patients-07-public-administration-listed');
  });

  test('search finds part of a word, without minding accents', async ({ page, request }, info) => {
    const owner = await createOwner(request);
    await seedPatients(request, owner);
    await openSignedIn(page, owner, '/customers');
    await expectListed(page, ['Bianchi Laura', 'Ferrè Nicolò', 'Grossi Paolo', 'Rossi Mario']);
    await expect(page.getByText('4 pazienti')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, info, 'patients-08-list');

    const search = page.getByRole('searchbox', { name: 'Cerca pazienti' });
    await search.fill('ros');
    await expectListed(page, ['Rossi Mario', 'Grossi Paolo']);
    await expect(page).toHaveURL(/\?q=ros$/);
    await shot(page, info, 'patients-09-search-ros');

    await search.fill('nicolo ferre');
    await expectListed(page, ['Ferrè Nicolò']);
    await search.fill('zzz');
    await expect(page.getByText('Nessun paziente trovato')).toBeVisible();
    await shot(page, info, 'patients-10-search-none');
    await page.getByRole('button', { name: 'Azzera filtri' }).click();
    await expect(rows(page)).toHaveCount(4);
  });

  test('a tag is added to a patient, filters the list, and is removed', async ({ page, request }, info) => {
    const owner = await createOwner(request);
    await seedPatients(request, owner);
    await openSignedIn(page, owner, '/customers');
    await expect(rows(page)).toHaveCount(4);

    await rowOf(page, 'Rossi Mario').getByRole('button', { name: "Aggiungi un'etichetta a Rossi Mario" }).click();
    const tagField = page
      .getByRole('textbox', { name: 'Etichetta' })
      .or(page.getByRole('combobox', { name: 'Etichetta' }));
    await tagField.fill('Sportivi');
    // not shot(): scrolling back to the top would leave the popover's row, and the popover with it
    await settled(page);
    await screen(page, info, 'patients-11-tag-popover');
    await page.getByRole('button', { name: 'Aggiungi', exact: true }).click();
    await expect(successToast(page, 'Etichetta aggiunta')).toBeVisible();
    await expect(rowOf(page, 'Rossi Mario').getByText('Sportivi')).toBeVisible();
    // the popover closes with a short transition: the next one opens once it is gone
    await expect(tagField).toHaveCount(0);

    // a second patient with the same tag, chosen from the studio's tags
    await rowOf(page, 'Bianchi Laura').getByRole('button', { name: "Aggiungi un'etichetta a Bianchi Laura" }).click();
    await tagField.fill('Spo');
    await page.getByRole('option', { name: 'Sportivi' }).click();
    await page.getByRole('button', { name: 'Aggiungi', exact: true }).click();
    await expect(rowOf(page, 'Bianchi Laura').getByText('Sportivi')).toBeVisible();

    await page.getByRole('combobox', { name: 'Etichette' }).click();
    await page.getByRole('option', { name: /Sportivi/ }).click();
    await page.keyboard.press('Escape');
    await expectListed(page, ['Rossi Mario', 'Bianchi Laura']);
    await expect(page).toHaveURL(/tag=Sportivi/);
    await expectNoSidewaysScroll(page);
    await shot(page, info, 'patients-12-filter-by-tag');

    await page.getByRole('button', { name: "Rimuovi l'etichetta Sportivi da Bianchi Laura" }).click();
    await expect(successToast(page, 'Etichetta rimossa')).toBeVisible();
    await expectListed(page, ['Rossi Mario']);
  });

  test('a patient made inactive is found under "Non attivi" and not under "Attivi"', async ({
    page,
    request,
  }, info) => {
    const owner = await createOwner(request);
    await seedPatients(request, owner);
    await openSignedIn(page, owner, '/customers');
    await expect(rows(page)).toHaveCount(4);

    await page.getByRole('button', { name: 'Azioni per Bianchi Laura' }).click();
    await shot(page, info, 'patients-13-row-menu');
    await page.getByRole('menuitem', { name: 'Segna come non attivo' }).click();
    await expect(successToast(page, 'Stato del paziente aggiornato')).toBeVisible();
    await expect(rowOf(page, 'Bianchi Laura').getByText('Non attivo')).toBeVisible();

    const stateFilter = page.getByRole('radiogroup', { name: 'Stato' });
    await stateFilter.getByText('Non attivi', { exact: true }).click();
    await expectListed(page, ['Bianchi Laura']);
    await shot(page, info, 'patients-14-filter-inactive');
    await stateFilter.getByText('Attivi', { exact: true }).click();
    await expectListed(page, ['Rossi Mario', 'Ferrè Nicolò', 'Grossi Paolo']);

    // and back
    await stateFilter.getByText('Tutti', { exact: true }).click();
    await page.getByRole('button', { name: 'Azioni per Bianchi Laura' }).click();
    await page.getByRole('menuitem', { name: 'Segna come attivo' }).click();
    await expect(rowOf(page, 'Bianchi Laura').getByText('Attivo', { exact: true })).toBeVisible();
  });

  test('a health-card reader fills the new patient’s data', async ({ page, request }, info) => {
    const owner = await createOwner(request);
    await openSignedIn(page, owner, '/customers/add');
    // the hint is for computers (a reader plugs into one); the reader works on any screen
    const hint = page.getByText('Hai un lettore di tessere?');
    if (isPhone(info)) await expect(hint).toBeHidden();
    else await expect(hint).toBeVisible();
    const note = field(page, 'Note');
    await note.click();

    // A keyboard-wedge reader: track 1 (%, code, SURNAME  NAME, ?) and track 2 (;card number?), then Enter,
    // typed faster than a person can (the domain's health-card.test.ts has the same shapes).
    await page.keyboard.type('%BNCLRA90A41H501FBIANCHI  LAURA                 ?;80380000100118208054?', { delay: 5 });
    await page.keyboard.press('Enter');

    await expect(successToast(page, 'Lettura tessera riuscita')).toBeVisible();
    await expect(field(page, 'Nome')).toHaveValue('Laura');
    await expect(field(page, 'Cognome')).toHaveValue('Bianchi');
    await expect(field(page, 'Codice fiscale')).toHaveValue('BNCLRA90A41H501F');
    await expect(page.getByRole('radio', { name: 'Donna' })).toBeChecked();
    await expect(field(page, 'Data di nascita')).toHaveValue('01-01-1990');
    await expect(field(page, 'Comune di nascita')).toHaveValue('Roma');
    // nothing of the swipe landed in the field that had the focus
    await expect(note).toHaveValue('');
    await shot(page, info, 'patients-15-card-read');

    // a person typing a percent sign keeps it
    await note.click();
    await page.keyboard.type('Sconto 10%');
    await page.waitForTimeout(1800);
    await expect(note).toHaveValue('Sconto 10%');
  });

  test('a patient is deleted after the confirmation', async ({ page, request }, info) => {
    const owner = await createOwner(request);
    await seedPatients(request, owner, seeded.slice(0, 2));
    await openSignedIn(page, owner, '/customers');
    await expect(rows(page)).toHaveCount(2);

    await page.getByRole('button', { name: 'Azioni per Rossi Mario' }).click();
    await page.getByRole('menuitem', { name: 'Elimina' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sicuro di volere eliminare?' });
    await expect(dialog).toBeVisible();
    await shot(page, info, 'patients-16-delete-confirm');
    await dialog.getByRole('button', { name: 'Indietro' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows(page)).toHaveCount(2);

    await page.getByRole('button', { name: 'Azioni per Rossi Mario' }).click();
    await page.getByRole('menuitem', { name: 'Elimina' }).click();
    await dialog.getByRole('button', { name: 'Si' }).click();
    await expect(successToast(page, 'Paziente eliminato')).toBeVisible();
    await expectListed(page, ['Bianchi Laura']);
  });

  test('the registry is exported as CSV with a progress bar', async ({ page, request }, info) => {
    const owner = await createOwner(request);
    await seedPatients(request, owner);
    await openSignedIn(page, owner, '/customers');
    await expect(rows(page)).toHaveCount(4);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Esporta anagrafica' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^anagrafiche-pazienti-\d{8}\.csv$/);
    const status = page.getByRole('status').filter({ hasText: 'Anagrafica esportata: 4 pazienti.' });
    await expect(status).toBeVisible();
    await expect(status.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await shot(page, info, 'patients-17-exported');

    const bytes = readFileSync(await file.path());
    // UTF-8 byte-order mark, for Excel
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const [header, ...lines] = text.trim().split('\r\n');
    expect(header?.startsWith('Cognome;Nome;Ragione sociale;Tipologia')).toBe(true);
    expect(header).toContain('Codice fiscale');
    expect(header).toContain('Trasmissione al Sistema TS');
    expect(lines).toHaveLength(4);
    expect(text).toContain('Ferrè;Nicolò');
  });
});
