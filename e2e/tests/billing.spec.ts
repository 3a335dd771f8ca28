import { expect, test } from '@playwright/test';
import { mailedLink, mailsTo } from '../support/mailbox.ts';
import { uniqueEmail } from '../support/screens.ts';
import {
  acceptLegalDocuments,
  apiPost,
  createOwner,
  openSignedIn,
  openTab,
  password,
  shot,
} from '../support/studio-owner.ts';

test.describe('Abbonamento (issue 29, decision 037)', () => {
  test('the owner buys PRO through the local simulator: Checkout labelled as a test, "Paga", back to /billing with the plan, the invoice and the recap', async ({
    page,
    request,
  }, info) => {
    const owner = await createOwner(request, { nome: 'Irene', cognome: 'Galli', professione: 'Fisioterapista' });
    await openSignedIn(page, owner, '/billing');

    await expect(page.getByRole('heading', { name: 'Abbonamento', level: 1 })).toBeVisible();
    await expect(page.getByTestId('simulator-notice')).toContainText('pagamento di prova, nessun addebito');
    await expect(page.getByText('Prova gratuita: tutte le funzioni sono attive.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Gestisci pagamenti' })).toBeDisabled();
    await shot(page, info, 'billing-01-trial');

    await page.getByRole('button', { name: 'Scegli PRO' }).click();
    await page.waitForURL(/\/stripe-integration\/simulator\/checkout\//);
    await expect(page.getByRole('status')).toContainText('pagamento di prova, nessun addebito');
    await expect(page.getByText('39,00 €')).toBeVisible();
    await shot(page, info, 'billing-02-simulator-checkout');
    await page.getByRole('button', { name: 'Paga' }).click();

    await page.waitForURL(/\/billing\?checkout=ok/);
    await expect(page.getByText('Pagamento completato')).toBeVisible();
    await expect(page.getByText(/Si rinnova il \d{2}-\d{2}-\d{4}/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Piano attuale' })).toBeDisabled();
    await expect(page.getByText('PROVA-0001').first()).toBeAttached();
    await shot(page, info, 'billing-03-pro');

    // the portal of the simulator cancels: back on /billing the plan is 'Scaduto'
    await page.getByRole('button', { name: 'Gestisci pagamenti' }).click();
    await page.waitForURL(/\/stripe-integration\/simulator\/portal\//);
    await page.getByRole('button', { name: 'Annulla abbonamento' }).click();
    await page.waitForURL(/\/billing$/);
    await expect(page.getByText('Scaduto').first()).toBeVisible();
    await expect(page.getByText(/restano consultabili ed esportabili/)).toBeVisible();
    await shot(page, info, 'billing-04-lapsed');
  });

  test('the owner buys an SMS pack through the local simulator and finds the credit in the reminders box', async ({
    page,
    request,
  }, info) => {
    const owner = await createOwner(request);
    await openSignedIn(page, owner, '/calendar/settings');
    await openTab(page, 'Promemoria');
    await expect(page.getByText('Credito disponibile: 0 SMS')).toBeVisible();
    const buy = page.getByRole('button', { name: /^Acquista \d+ SMS/ }).first();
    const qty = Number(/Acquista (\d+) SMS/.exec((await buy.textContent()) ?? '')?.[1]);
    expect(qty).toBeGreaterThan(0);
    await shot(page, info, 'billing-05-sms-box-empty');
    await buy.click();

    await page.waitForURL(/\/stripe-integration\/simulator\/checkout\//);
    await expect(page.getByRole('status')).toContainText('pagamento di prova, nessun addebito');
    await expect(page.getByText(`${qty} crediti SMS per i promemoria`)).toBeVisible();
    await page.getByRole('button', { name: 'Paga' }).click();

    // back where the purchase started (spec part 2 §7), the credit added by the payment's webhook
    await page.waitForURL(/\/calendar\/settings/);
    await openTab(page, 'Promemoria');
    await expect(page.getByText(`Credito disponibile: ${qty} SMS`)).toBeVisible();
    await shot(page, info, 'billing-06-sms-credit');
  });

  test('a colleague invited by e-mail signs up through the link and pays: both studios get 50 € of credit', async ({
    page,
    browser,
    request,
  }, info) => {
    const inviter = await createOwner(request, { nome: 'Marta', cognome: 'Conti' });
    const colleagueEmail = uniqueEmail('collega');
    await openSignedIn(page, inviter, '/impostazioni');
    await openTab(page, 'Invita un amico');
    await page.getByLabel('E-mail del collega').fill(colleagueEmail);
    await page.getByLabel('Messaggio (facoltativo)').fill('Lo uso per agenda e fatture, provalo!');
    await page.getByRole('button', { name: 'Invia invito' }).click();
    const box = page.getByRole('region', { name: 'Programma Invita Un Amico' });
    await expect(box.getByText(colleagueEmail)).toBeVisible();
    await expect(box.getByText('In attesa di registrazione')).toBeVisible();
    await shot(page, info, 'referral-01-invited');

    // the colleague reads the invitation and signs up from its link
    const mail = mailsTo(colleagueEmail)[0] ?? '';
    expect(mail).toContain('Marta Conti ti invita su Studiolo');
    expect(mail).toContain('«Lo uso per agenda e fatture, provalo!»');
    const link = /https?:\/\/[^/\s]+(\/signUp\?customerInvitedByUserId=[0-9a-f-]{36})/.exec(mail)?.[1];
    expect(link).toBeTruthy();
    const colleagueContext = await browser.newContext();
    const colleague = await colleagueContext.newPage();
    await colleague.goto(link ?? '');
    await colleague.getByLabel('Nome', { exact: true }).fill('Paolo');
    await colleague.getByLabel('Cognome', { exact: true }).fill('Neri');
    await colleague.getByLabel('Email', { exact: true }).fill(colleagueEmail);
    await colleague.getByLabel('Password', { exact: true }).fill(password);
    await acceptLegalDocuments(colleague);
    await colleague.getByRole('button', { name: 'Registrati' }).click();
    await expect(colleague.getByRole('heading', { name: 'Controlla la tua email' })).toBeVisible();
    await colleague.goto(mailedLink(colleagueEmail, 'verificaEmail'));
    await colleague.waitForURL((url) => !url.pathname.startsWith('/verificaEmail'));
    // on-boarding through the API (its screens are the foundation E2E's): the studio of the colleague
    const session = await colleague.evaluate(() => JSON.parse(localStorage.getItem('studiolo.user') ?? '{}'));
    await apiPost(
      request,
      '/studio/initial-setup',
      {
        studio: {
          tipologiaPersona: 'FISICA',
          nome: 'Paolo',
          cognome: 'Neri',
          sesso: 'U',
          codiceFiscale: 'RSSMRA85T10A562S',
          partitaIva: '01234567897',
          professione: 'Osteopata',
          contatti: { email: colleagueEmail, cellulare: '+39 333 7654321' },
          residenza: { indirizzo: 'Via Po 2', cap: '10121', comune: 'Torino', provincia: 'TO' },
          tassazione: { regimeFiscale: 'RF_19' },
        },
      },
      session.token,
    );
    await page.reload();
    await openTab(page, 'Invita un amico');
    await expect(box.getByText('Registrato • in attesa del primo pagamento')).toBeVisible();

    // the colleague's first payment completes the referral
    await colleague.goto('/billing');
    await colleague.getByRole('button', { name: 'Scegli PRO' }).click();
    await colleague.waitForURL(/\/stripe-integration\/simulator\/checkout\//);
    await colleague.getByRole('button', { name: 'Paga' }).click();
    await colleague.waitForURL(/\/billing\?checkout=ok/);
    await expect(colleague.getByTestId('referral-credit')).toHaveText(
      'Credito Invita un amico: 50,00\u00a0€, registrato (in modalità di prova non viene scalato nulla)',
    );
    await shot(colleague, info, 'referral-02-colleague-credit');
    await colleagueContext.close();

    await page.reload();
    await openTab(page, 'Invita un amico');
    await expect(box.getByText('Cliente attivo • 50€ guadagnati ciascuno')).toBeVisible();
    await expect(box.getByText('Completato', { exact: true })).toBeVisible();
    await expect(box.getByText('Completati: 1/1')).toBeVisible();
    await expect(box.getByRole('button', { name: /^Annulla/ })).toHaveCount(0);
    await shot(page, info, 'referral-03-completed');
    await page.goto('/billing');
    await expect(page.getByTestId('referral-credit')).toContainText('50,00');
  });
});
