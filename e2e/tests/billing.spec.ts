import { expect, test } from '@playwright/test';
import { createOwner, openSignedIn, shot } from '../support/studio-owner.ts';

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
});
