import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { apiGet, apiPost, createOwner, openSignedIn, openTab, shot } from '../support/studio-owner.ts';

const todayUi = () =>
  new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' })
    .format(new Date())
    .replaceAll('/', '-');

const csvLines = (bytes: Uint8Array | undefined) => {
  expect(bytes, 'the CSV is in the ZIP').toBeDefined();
  expect([...(bytes as Uint8Array).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return strFromU8(bytes as Uint8Array)
    .slice(1)
    .trim()
    .split('\r\n');
};

test.describe('Il paziente e lo studio portano via i loro dati (issue 30 item 7)', () => {
  test('the owner downloads the whole studio, and one patient’s data, and every file opens', async ({
    page,
    request,
  }, info) => {
    test.setTimeout(120_000);
    const owner = await createOwner(request);
    const patient = await apiPost<{ id: string }>(
      request,
      '/pazienti',
      {
        datiGenerali: {
          tipologiaPersona: 'FISICA',
          nome: 'Mario',
          cognome: 'Rossi',
          codiceFiscale: 'RSSMRA85T10A562S',
          note: '=1+1',
        },
        contatti: { cellulare: '+39 333 1234567' },
        residenza: { indirizzo: 'Via Roma 1', cap: '40121', comune: 'Bologna', provincia: 'BO' },
      },
      owner.token,
    );
    const { calendars } = await apiGet<{ calendars: { id: string }[] }>(request, '/calendars', owner.token);
    await apiPost(
      request,
      '/events',
      {
        calendarId: calendars[0]?.id,
        summary: 'Seduta',
        pazienteId: patient.id,
        start: '2026-11-23T09:00:00.000Z',
        end: '2026-11-23T10:00:00.000Z',
      },
      owner.token,
    );
    await apiPost(
      request,
      '/documento-contabile',
      {
        pazienteId: patient.id,
        dataFattura: todayUi(),
        prestazione: [
          { descrizione: 'Seduta di fisioterapia', quantita: 1, prezzoPerUnita: 50, codiceIvaId: 4, sconto: 0 },
        ],
      },
      owner.token,
    );
    await apiPost(
      request,
      '/valutazioni',
      { pazienteId: patient.id, tipo: 'INIZIALE', data: '2026-11-23', motivoInvio: 'Lombalgia', diagnosi: 'Lombalgia' },
      owner.token,
    );
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#1E88E5' } })
      .png()
      .toBuffer();
    const upload = await request.post(`/app/api/pazienti/${patient.id}/allegati`, {
      headers: { Authorization: `Bearer ${owner.token}` },
      multipart: { file: { name: 'radiografia.png', mimeType: 'image/png', buffer: png } },
    });
    expect(upload.ok(), await upload.text()).toBe(true);
    await apiPost(
      request,
      '/form-template',
      { title: 'Consenso privacy', content: '<p>Acconsento.</p>', sharedWithCommunity: false },
      owner.token,
    );

    // Impostazioni › Studio: the whole studio, above the danger zone
    await openSignedIn(page, owner, '/impostazioni');
    await openTab(page, 'Studio');
    await expect(page.getByRole('heading', { name: 'Porta via i dati dello studio' })).toBeVisible();
    const studioZip = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Scarica tutti i dati dello studio' }).click();
    const file = await studioZip;
    expect(file.suggestedFilename()).toMatch(/^studiolo-dati-studio-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(page.getByText(/^Dati dello studio scaricati: \d+ file\.$/)).toBeVisible();
    await page.getByRole('heading', { name: 'Porta via i dati dello studio' }).scrollIntoViewIfNeeded();
    await shot(page, info, 'studio-export-01-settings');

    const files = unzipSync(new Uint8Array(readFileSync((await file.path()) as string)));
    const names = Object.keys(files);
    expect(strFromU8(files['LEGGIMI.txt'] as Uint8Array)).toContain('portabilità dei dati, art. 20');
    const patients = csvLines(files['pazienti.csv']);
    expect(patients).toHaveLength(2);
    // a formula typed into a note never reaches a spreadsheet as one
    expect(patients[1]).toContain("'=1+1");
    expect(csvLines(files['appuntamenti.csv'])).toHaveLength(2);
    expect(csvLines(files['fatture/elenco.csv'])).toHaveLength(2);
    const pdfs = names.filter((n) => n.startsWith('fatture/pdf/'));
    expect(pdfs).toHaveLength(1);
    expect(strFromU8((files[pdfs[0] as string] as Uint8Array).slice(0, 5))).toBe('%PDF-');
    expect(csvLines(files['cartella-clinica/valutazioni.csv'])).toHaveLength(2);
    const photo = files['cartella-clinica/allegati/Rossi Mario/radiografia.png'];
    expect((await sharp(Buffer.from(photo as Uint8Array)).metadata()).width).toBe(40);
    expect(strFromU8(files['moduli/Consenso privacy.html'] as Uint8Array)).toContain('<p>Acconsento.</p>');
    expect(JSON.parse(strFromU8(files['studio.json'] as Uint8Array)).partitaIva).toBe('01234567897');

    // the patient's page: everything about them, for an access request
    await page.goto(`/customers/add?id=${patient.id}`);
    await expect(page.getByRole('heading', { name: 'Rossi Mario', level: 1 })).toBeVisible();
    const patientZip = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Scarica i dati del paziente' }).click();
    const mine = await patientZip;
    expect(mine.suggestedFilename()).toMatch(/^dati-paziente-Rossi Mario-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(page.getByText(/^Dati del paziente scaricati: \d+ file/)).toBeVisible();
    await shot(page, info, 'studio-export-02-patient');
    const theirs = unzipSync(new Uint8Array(readFileSync((await mine.path()) as string)));
    expect(strFromU8(theirs['LEGGIMI.txt'] as Uint8Array)).toContain('art. 15');
    expect(JSON.parse(strFromU8(theirs['paziente.json'] as Uint8Array)).datiGenerali.cognome).toBe('Rossi');
    expect(Object.keys(theirs)).toContain('cartella-clinica/allegati/Rossi Mario/radiografia.png');
    expect(Object.keys(theirs).some((n) => n.startsWith('moduli/'))).toBe(false);
  });
});
