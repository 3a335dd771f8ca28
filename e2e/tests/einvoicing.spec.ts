import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  apiPost,
  closeToasts,
  createOwner,
  type Owner,
  openSignedIn,
  shot,
  successToast,
} from '../support/studio-owner.ts';

/*
 * Electronic invoicing as a studio lives it (issue 13 "Done means"): an invoice to a company sent to the SDI (the
 * built-in simulator), refused because its recipient code is not registered, corrected from the same document and
 * delivered; then a signed invoice received from a supplier imported as a cost.
 */

const fixtures = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../shared/fixtures/fatturapa/examples',
);
const today = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
})
  .format(new Date())
  .replaceAll('/', '-');

const seedCompany = (request: APIRequestContext, owner: Owner, codiceDestinatario: string) =>
  apiPost<{ id: string }>(
    request,
    '/pazienti',
    {
      datiGenerali: {
        tipologiaPersona: 'GIURIDICA',
        ragioneSociale: 'Centro Medico Emilia S.r.l.',
        codiceFiscale: '02345670372',
        partitaIva: '02345670372',
        codiceDestinatario,
        nazionalita: 'IT',
      },
      contatti: { email: 'amministrazione@example.it' },
      residenza: { indirizzo: 'Viale Masini 8', cap: '40126', comune: 'Bologna', provincia: 'BO' },
    },
    owner.token,
  );

test.describe('electronic invoicing', () => {
  test('sends an invoice to the SDI, sees it refused with the fix to make, corrects it and sees it delivered', async ({
    page,
    request,
  }, info) => {
    const owner = await createOwner(request);
    const company = await seedCompany(request, owner, 'ZZ12345');
    const invoice = await apiPost<{ id: string; idDocumento: string }>(
      request,
      '/documento-contabile',
      {
        pazienteId: company.id,
        tipoDocumento: 'FATTURA_ELETTRONICA',
        dataFattura: today,
        metodoPagamento: 'Bonifico bancario',
        prestazione: [
          { descrizione: 'Consulenza fisioterapica per il personale', quantita: 4, prezzoPerUnita: 90, codiceIvaId: 4 },
        ],
      },
      owner.token,
    );

    await openSignedIn(page, owner, `/accounting/fattura?id=${invoice.id}`);
    const panel = page.getByRole('region', { name: 'Invio del documento' });
    await expect(panel.getByText('Fattura a un’azienda o a un professionista: va allo SDI')).toBeVisible();
    await expect(panel.getByText('Simulatore SDI: nessuna fattura lascia davvero lo studio.')).toBeVisible();
    await expect(panel.getByText('Nessun errore nei controlli dello SDI.')).toBeVisible();
    await closeToasts(page);
    await panel.getByRole('button', { name: 'Invia allo SDI' }).click();

    // the simulator answers through the queue: the page looks again until the refusal arrives
    await expect(panel.getByText('Lo SDI ha scartato l’ultimo invio')).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByText(/00311/)).toBeVisible();
    await expect(panel.getByText(/Suggerimento: Il codice destinatario non risulta allo SDI/)).toBeVisible();
    await shot(page, info, 'einvoice-rejected');

    // corrected on the same document: its number stays
    await page.getByRole('button', { name: 'Altro' }).click();
    const code = page.getByLabel('Codice destinatario');
    await code.fill('M5UXCR1');
    await page.getByRole('button', { name: 'Salva', exact: true }).click();
    await expect(successToast(page, 'Fattura aggiornata')).toBeVisible();
    await expect(page.getByRole('heading', { name: `Fattura ${invoice.idDocumento}` })).toBeVisible();
    await closeToasts(page);
    await panel.getByRole('button', { name: 'Invia di nuovo allo SDI' }).click();
    await expect(panel.getByText('Consegnata', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByText(/Invio 1: .*_00001\.xml — Scartata dallo SDI/)).toBeVisible();
    await expect(panel.getByText(/Invio 2: .*_00002\.xml — Consegnata/)).toBeVisible();
    await expect(page.getByText('Documento inviato allo SDI: non si può più modificare.')).toBeVisible();
    await shot(page, info, 'einvoice-delivered');

    // the law lets a sent invoice be marked paid: the box asks method and date
    await closeToasts(page);
    await page.getByRole('checkbox', { name: 'Pagato', exact: true }).click();
    const paid = page.getByRole('dialog', { name: 'Fattura pagata' });
    await paid.getByRole('button', { name: 'Aggiorna' }).click();
    await expect(paid).toBeHidden();
    await expect(page.getByText(`Incassata il ${today}`)).toBeVisible();

    // the table shows both answers; a badge opens what the SDI said
    await page.goto('/accounting');
    const rc = page.getByRole('button', { name: /^RC: Ricevuta di consegna/ }).filter({ visible: true });
    await expect(page.getByRole('button', { name: /^NS: Notifica di scarto/ }).filter({ visible: true })).toBeVisible();
    await rc.click();
    const dialog = page.getByRole('dialog', { name: 'Informazioni aggiuntive' });
    await expect(dialog.getByText('RC - Ricevuta di consegna')).toBeVisible();
    await expect(dialog.getByText(invoice.id)).toBeVisible();
    await shot(page, info, 'einvoice-notification');
    await dialog.getByRole('button', { name: 'Chiudi' }).first().click();

    // the XML of the period, as a ZIP
    await page.getByRole('button', { name: 'Scarica XML' }).click();
    const zipDialog = page.getByRole('dialog', { name: 'Scarica i file XML delle fatture' });
    const download = page.waitForEvent('download');
    await zipDialog.getByRole('button', { name: 'Scarica' }).click();
    expect((await download).suggestedFilename()).toMatch(/^fatture-xml_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.zip$/);
  });

  test('receives a signed invoice from a supplier as a cost', async ({ page, request }, info) => {
    const owner = await createOwner(request);
    // a supplier's signed file (.xml.p7m, CAdES) made with a certificate of our own
    const work = mkdtempSync(path.join(tmpdir(), 'e2e-p7m-'));
    const xml = path.join(work, 'IT01234567890_FPR01.xml');
    writeFileSync(
      xml,
      readFileSync(path.join(fixtures, 'IT01234567890_FPR01.xml'), 'utf8').replace(
        '<Numero>123</Numero>',
        '<Numero>F-77</Numero>',
      ),
    );
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '30',
        '-subj',
        '/CN=ALPHA SRL',
        '-keyout',
        path.join(work, 'k.pem'),
        '-out',
        path.join(work, 'c.pem'),
      ],
      { stdio: 'ignore' },
    );
    execFileSync('openssl', [
      'cms',
      '-sign',
      '-binary',
      '-nodetach',
      '-outform',
      'DER',
      '-in',
      xml,
      '-signer',
      path.join(work, 'c.pem'),
      '-inkey',
      path.join(work, 'k.pem'),
      '-out',
      `${xml}.p7m`,
    ]);

    await openSignedIn(page, owner, '/accounting?tab=2');
    await expect(page.getByText('La fatturazione passiva non è attiva')).toBeVisible();
    await page.getByRole('button', { name: 'Attiva fatturazione passiva' }).click();
    const dialog = page.getByRole('dialog', { name: 'Attiva la fatturazione passiva' });
    await expect(dialog.getByText(/scaricale dal portale Fatture e Corrispettivi/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Attiva' }).click();
    await expect(successToast(page, 'Fatturazione passiva attivata')).toBeVisible();

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Carica fatture ricevute' }).click();
    await (await chooser).setFiles(`${xml}.p7m`);
    await expect(page.getByText('IT01234567890_FPR01.xml.p7m').first()).toBeVisible();
    await expect(page.getByText('Registrata', { exact: true })).toBeVisible();
    const list = page.getByRole('table', { name: 'Fatture ricevute' });
    await expect(list.getByText('F-77')).toBeVisible();
    await expect(list.getByText('Firmata da ALPHA SRL')).toBeVisible();
    await expect(list.getByText('6,10 €')).toBeVisible();
    await shot(page, info, 'received-invoices');
  });
});
