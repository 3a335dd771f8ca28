import { expect, test } from '@playwright/test';
import { createOwner, isPhone, openSignedIn, openTab, shot, successToast } from '../support/studio-owner.ts';

test.describe('Impostazioni › Registro attività', () => {
  test('the owner changes the profession and finds the change, with the field name, in the activity log', async ({
    page,
    request,
  }, info) => {
    const owner = await createOwner(request, { nome: 'Marta', cognome: 'Conti', professione: 'Fisioterapista' });
    await openSignedIn(page, owner, '/impostazioni');

    await page.getByLabel('Professione', { exact: true }).fill('Osteopata');
    await page.getByRole('button', { name: 'Salva modifiche' }).click();
    await expect(successToast(page, 'Dati dello studio aggiornati')).toBeVisible();

    await openTab(page, 'Registro attività');
    await expect(
      page.getByText(
        'Chi ha fatto cosa nello studio. Il registro non contiene dati clinici: solo quali campi sono cambiati.',
      ),
    ).toBeVisible();

    // desktop: a table; phone: one card per event (the other layout is hidden)
    const log = isPhone(info)
      ? page.getByRole('list', { name: 'Attività dello studio' })
      : page.getByRole('table', { name: 'Attività dello studio' });
    await expect(log).toBeVisible();
    const entry = (isPhone(info) ? log.getByRole('listitem') : log.getByRole('row'))
      .filter({ hasText: 'Dati dello studio modificati' })
      .first();
    await expect(entry).toBeVisible();
    await expect(entry).toContainText('professione');
    await expect(entry).toContainText(owner.email);
    await expect(entry).toContainText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
    // the studio's creation is there too, older, below
    await expect(log.getByText('Studio creato')).toBeVisible();
    // nothing clinical nor the new value itself: only which fields changed
    await expect(log.getByText('Osteopata')).toHaveCount(0);
    await shot(page, info, 'settings-audit-01-log');
  });
});
