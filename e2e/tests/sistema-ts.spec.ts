import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { codiceFiscaleCheckChar } from '../../packages/domain/src/anagrafica/fiscal-codes.ts';
import {
  apiGet,
  apiPost,
  closeToasts,
  createOwner,
  type Owner,
  openSignedIn,
  shot,
  successToast,
} from '../support/studio-owner.ts';

/*
 * The Sistema Tessera Sanitaria as a studio lives it (issue 14 "Done means"): the credentials set in Impostazioni and
 * tried, two paid health invoices seen as due, sent through the simulator, one refused with its reason (the citizen's
 * code is not in the Anagrafe Tributaria), corrected and sent again, both accepted.
 */

const today = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
})
  .format(new Date())
  .replaceAll('/', '-');
const year = Number(today.slice(6, 10));

/** A fiscal code whose first six letters are chosen, its check character the domain's. */
const codiceFiscale = (six: string) => {
  const first15 = `${six}85T10A562`;
  return first15 + codiceFiscaleCheckChar(first15);
};

const apiPatch = async (request: APIRequestContext, path: string, token: string, data: unknown) => {
  const res = await request.patch(`/app/api${path}`, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
};

const patient = (request: APIRequestContext, owner: Owner, cognome: string, cf: string) =>
  apiPost<{ id: string }>(
    request,
    '/pazienti',
    {
      datiGenerali: { tipologiaPersona: 'FISICA', nome: 'Anna', cognome, codiceFiscale: cf, nazionalita: 'IT' },
      contatti: { email: 'anna@example.it' },
      residenza: { indirizzo: 'Via Roma 1', cap: '40121', comune: 'Bologna', provincia: 'BO' },
    },
    owner.token,
  );

const paidHealthInvoice = (request: APIRequestContext, owner: Owner, pazienteId: string) =>
  apiPost<{ id: string; idDocumento: string }>(
    request,
    '/documento-contabile',
    {
      pazienteId,
      tipoDocumento: 'FATTURA_SANITARIA',
      dataFattura: today,
      metodoPagamento: 'Carta di credito',
      pagata: true,
      dataIncasso: today,
      prestazione: [
        { descrizione: 'Seduta di fisioterapia', quantita: 1, prezzoPerUnita: 60, codiceIvaId: 4, sconto: 0 },
      ],
    },
    owner.token,
  );

test.describe('Sistema TS', () => {
  test('credentials set and tried, health expenses sent, one refused with its reason, fixed and sent again', async ({
    page,
    request,
  }, info) => {
    // the whole journey, settings to the invoice page and back, with two rounds of simulator answers
    test.setTimeout(120_000);
    const owner = await createOwner(request);
    const bianchi = await patient(request, owner, 'Bianchi', codiceFiscale('BNCNNA'));
    const unknown = await patient(request, owner, 'Xerri', codiceFiscale('XXXXXX'));
    await paidHealthInvoice(request, owner, bianchi.id);
    const refused = await paidHealthInvoice(request, owner, unknown.id);

    // the credentials, in Impostazioni › Sistema TS (the simulator brings its own test certificate)
    await openSignedIn(page, owner, '/impostazioni?tab=5');
    await page.getByLabel('Codice fiscale di chi invia').fill('RSSMRA85T10A562S');
    await page.getByLabel('Password', { exact: true }).fill('Password-del-Sistema-TS-1');
    await page.getByLabel('Pincode').fill('1234567890');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Impostata: lascia vuoto per non cambiarla.').first()).toBeVisible();
    await closeToasts(page);
    await page.getByRole('button', { name: 'Prova credenziali' }).click();
    await expect(successToast(page, 'Credenziali verificate')).toBeVisible();
    await shot(page, info, 'sistema-ts-01-settings');

    // the year at a glance: two expenses due, the deadline of 31 January
    await page.goto('/accounting?tab=3');
    await expect(page.getByText(`Scadenza invio: 31-01-${year + 1}`)).toBeVisible();
    await expect(page.getByText('Simulatore Sistema TS: nessuna spesa lascia davvero lo studio.')).toBeVisible();
    await expect(page.getByText('Da inviare: 2')).toBeVisible();
    await shot(page, info, 'sistema-ts-02-due');
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(
      axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 80)}`).join(', ')}`),
    ).toEqual([]);

    // sent: one accepted, one refused with the reason and how to fix it
    await page.getByRole('button', { name: 'Invia le spese da inviare (2)' }).click();
    await expect(successToast(page, '2 spese inviate al Sistema TS.')).toBeVisible();
    await expect(page.getByText('Accettato: 1')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Scartato: 1')).toBeVisible();
    const row = page.getByRole('row').filter({
      hasText: refused.idDocumento,
    });
    await expect(
      row.getByText(/40 - Codice fiscale del cittadino .* non presente in Anagrafe Tributaria/),
    ).toBeVisible();
    await expect(row.getByText(/Come correggere: Controlla il codice fiscale del paziente/)).toBeVisible();
    // the file as it left, for the accountant: its outcome in, the year's ZIP downloaded (issue 30 item 3)
    const files = page.getByRole('region', { name: 'File inviati' });
    await expect(files.getByRole('row').filter({ hasText: 'Esito ricevuto' })).toBeVisible();
    const zip = page.waitForEvent('download');
    await files.getByRole('button', { name: `Scarica l’anno ${new Date().getFullYear()} (ZIP)` }).click();
    expect((await zip).suggestedFilename()).toBe(`sistema-ts_${new Date().getFullYear()}.zip`);
    await shot(page, info, 'sistema-ts-03-refused');

    // corrected (the patient's code, then the invoice's customer read again) and sent again
    const fixedCf = codiceFiscale('XRRNNA');
    const res = await request.put('/app/api/pazienti', {
      data: {
        id: unknown.id,
        datiGenerali: {
          tipologiaPersona: 'FISICA',
          nome: 'Anna',
          cognome: 'Xerri',
          codiceFiscale: fixedCf,
          nazionalita: 'IT',
        },
        contatti: { email: 'anna@example.it' },
        residenza: { indirizzo: 'Via Roma 1', cap: '40121', comune: 'Bologna', provincia: 'BO' },
      },
      headers: { Authorization: `Bearer ${owner.token}` },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const refreshed = await request.put(`/app/api/documento-contabile/${refused.id}/customer`, {
      headers: { Authorization: `Bearer ${owner.token}` },
    });
    expect(refreshed.ok(), await refreshed.text()).toBe(true);
    // the invoice itself says where it stands, and sends it again
    await page.reload();
    await row.getByRole('link', { name: refused.idDocumento }).click();
    const panel = page.getByRole('region', { name: 'Sistema Tessera Sanitaria' });
    await expect(panel.getByText(/Inserimento del .*: Scartato \(protocollo \d+\)/)).toBeVisible();
    await expect(panel.getByText(/Come correggere: Controlla il codice fiscale del paziente/)).toBeVisible();
    await panel.scrollIntoViewIfNeeded();
    await shot(page, info, 'sistema-ts-04-invoice-refused');
    await panel.getByRole('button', { name: 'Invia di nuovo al Sistema TS' }).click();
    await expect(panel.getByText('Il Sistema TS ha la spesa: il paziente la trova nel 730 precompilato.')).toBeVisible({
      timeout: 20_000,
    });
    await expect(panel.getByText(/Inserimento del .*: Accettato/)).toBeVisible();
    await shot(page, info, 'sistema-ts-05-invoice-accepted');

    await page.goto('/accounting?tab=3');
    await expect(page.getByText('Accettato: 2')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Scartato: 0')).toBeVisible();
    await shot(page, info, 'sistema-ts-06-accepted');
  });

  test('a credit note: an invoice not yet sent is cancelled and neither goes; one accepted goes back as a refund (R)', async ({
    page,
    request,
  }, info) => {
    // issue 26 item 1: two paid health invoices, one never sent, one accepted; a credit note for each
    test.setTimeout(120_000);
    const owner = await createOwner(request);
    await apiPatch(request, '/settings/sistema-ts', owner.token, {
      cfProprietario: 'RSSMRA85T10A562S',
      password: 'Password-del-Sistema-TS-1',
      pincode: '1234567890',
    });
    const bianchi = await patient(request, owner, 'Bianchi', codiceFiscale('BNCNNA'));
    const notSent = await paidHealthInvoice(request, owner, bianchi.id);
    const accepted = await paidHealthInvoice(request, owner, bianchi.id);
    await apiPost(request, '/sistema-ts/invia', { documentoIds: [accepted.id] }, owner.token);
    await expect
      .poll(
        async () =>
          (await apiGet<{ stato: string }>(request, `/sistema-ts/documento/${accepted.id}`, owner.token)).stato,
        {
          timeout: 20_000,
        },
      )
      .toBe('ACCETTATO');

    // the invoice never sent: the question says neither goes; the note's page says so and reads as a refund
    await openSignedIn(page, owner, `/accounting/fattura?id=${notSent.id}`);
    await closeToasts(page);
    await page.getByRole('button', { name: 'Emetti nota di credito' }).click();
    const question = page.getByRole('dialog', { name: 'Emettere la nota di credito?' });
    await expect(question.getByText(/né la fattura né la nota di credito vi andranno/)).toBeVisible();
    await shot(page, info, 'sistema-ts-07-credit-note-question');
    await question.getByRole('button', { name: 'Emetti la nota di credito' }).click();
    await expect(page.getByRole('heading', { name: `Nota di credito 3/${year}` })).toBeVisible();
    await expect(page.getByLabel('Rimborsata al paziente')).toBeVisible();
    const panel = page.getByRole('region', { name: 'Sistema Tessera Sanitaria' });
    await expect(panel.getByText('Non va inviata')).toBeVisible();
    await expect(
      panel.getByText(`Annulla la fattura ${notSent.idDocumento}, che non era stata inviata`, { exact: false }),
    ).toBeVisible();
    await expect(page.getByText(/in attesa di pagamento/i)).toHaveCount(0);
    await closeToasts(page);
    await panel.scrollIntoViewIfNeeded();
    await shot(page, info, 'sistema-ts-08-credit-note-page');

    // the invoice accepted: the question tells R from C; the note is refunded from the list
    await page.goto(`/accounting/fattura?id=${accepted.id}`);
    await closeToasts(page);
    await page.getByRole('button', { name: 'Emetti nota di credito' }).click();
    await expect(question.getByText(/andrà il rimborso \(R\)/)).toBeVisible();
    await question.getByRole('button', { name: 'Emetti la nota di credito' }).click();
    await expect(page.getByRole('heading', { name: `Nota di credito 4/${year}` })).toBeVisible();
    await page.goto('/accounting');
    const refunded = page.getByLabel(`Rimborsata 4/${year}`).filter({ visible: true });
    await expect(refunded).toHaveValue('Da rimborsare');
    await expect(page.getByText('2 note di credito da rimborsare')).toBeVisible();
    await refunded.click();
    await page.getByRole('option', { name: 'Rimborsata', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Nota di credito rimborsata' });
    await expect(dialog.getByLabel('Data del rimborso')).not.toHaveValue('');
    await dialog.getByLabel('Metodo di rimborso').click();
    await page.getByRole('option', { name: 'Bonifico bancario' }).click();
    await dialog.getByRole('button', { name: 'Aggiorna' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Rimborsata il ${today} (Bonifico bancario)`).filter({ visible: true })).toBeVisible();
    await closeToasts(page);
    await shot(page, info, 'sistema-ts-09-credit-note-refunded');

    // the year: the cancelled invoice and its note are not sent, the refund is due and goes
    await page.goto('/accounting?tab=3');
    // the row whose own number is this one (another row may name it: "Annullata da nota di credito 3/…")
    const rowOf = (id: string) =>
      page.getByRole('row').filter({
        has: page.getByRole('link', { name: id, exact: true }),
      });
    await expect(rowOf(notSent.idDocumento).getByText('Non va inviata')).toBeVisible();
    await expect(
      rowOf(notSent.idDocumento).getByText(`Annullata da nota di credito 3/${year}`, { exact: false }),
    ).toBeVisible();
    await expect(rowOf(`3/${year}`).getByText('Non va inviata')).toBeVisible();
    await expect(rowOf(`4/${year}`).getByText(`Rimborsata il ${today}`)).toBeVisible();
    await expect(page.getByText('Non va inviata: 2')).toBeVisible();
    await expect(page.getByText('Da inviare: 1')).toBeVisible();
    await shot(page, info, 'sistema-ts-10-credit-notes');
    await page.getByRole('button', { name: 'Invia le spese da inviare (1)' }).click();
    await expect(successToast(page, '1 spesa inviata al Sistema TS.')).toBeVisible();
    await expect(page.getByText('Accettato: 2')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Da inviare: 0')).toBeVisible();
    await shot(page, info, 'sistema-ts-11-refund-accepted');
  });
});
