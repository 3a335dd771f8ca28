import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { createOwner, goToSection, openSignedIn, shot, successToast } from '../support/studio-owner.ts';

/** A small but visible logo: a teal banner with a white square, made on the fly. */
const makeLogo = () =>
  sharp({ create: { width: 240, height: 120, channels: 3, background: { r: 18, g: 140, b: 126 } } })
    .composite([
      {
        input: {
          create: { width: 60, height: 60, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } },
        },
        top: 30,
        left: 90,
      },
    ])
    .png()
    .toBuffer();

test.describe('Impostazioni › Studio', () => {
  test('the owner changes the profession, saves it, and finds it again after reloading', async ({
    page,
    request,
  }, info) => {
    const owner = await createOwner(request, { nome: 'Giulia', cognome: 'Bianchi', professione: 'Fisioterapista' });
    await openSignedIn(page, owner);
    await expect(page).toHaveURL(/\/customers$/);

    await goToSection(page, info, 'Impostazioni');
    await expect(page).toHaveURL(/\/impostazioni/);
    await expect(page.getByRole('heading', { name: 'Impostazioni', level: 1 })).toBeVisible();
    // Studio is the first tab, shown by default
    await expect(page.getByRole('tab', { name: 'Studio', exact: true })).toHaveAttribute('aria-selected', 'true');
    const professione = page.getByLabel('Professione', { exact: true });
    await expect(professione).toHaveValue('Fisioterapista');
    await shot(page, info, 'settings-01-studio');

    await professione.fill('Osteopata');
    await page.getByRole('button', { name: 'Salva modifiche' }).click();
    await expect(successToast(page, 'Dati dello studio aggiornati')).toBeVisible();
    await shot(page, info, 'settings-02-studio-saved');

    await page.reload();
    await expect(page.getByLabel('Professione', { exact: true })).toHaveValue('Osteopata');
    // the rest of the studio is untouched
    await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('Giulia');
    await expect(page.getByLabel('Codice fiscale', { exact: true })).toHaveValue('RSSMRA85T10A562S');
    await shot(page, info, 'settings-03-studio-after-reload');
  });

  test('the owner uploads a logo and sees it, also after reloading', async ({ page, request }, info) => {
    const owner = await createOwner(request, { nome: 'Luca', cognome: 'Ferrari' });
    await openSignedIn(page, owner, '/impostazioni');

    const logoSection = page.getByRole('heading', { name: 'Logo', level: 2 }).locator('xpath=..');
    await expect(logoSection.getByText('Nessun logo')).toBeVisible();
    await expect(logoSection.getByRole('img', { name: 'Logo dello studio' })).toHaveCount(0);
    await expect(
      logoSection.getByText('PNG, JPEG o WebP. Le immagini grandi vengono ridotte automaticamente.'),
    ).toBeVisible();

    // the "Carica logo" button opens the file chooser: choose the generated PNG there
    const chooser = page.waitForEvent('filechooser');
    await logoSection.getByRole('button', { name: 'Carica logo' }).click();
    await (await chooser).setFiles({ name: 'logo-studio.png', mimeType: 'image/png', buffer: await makeLogo() });

    await expect(successToast(page, 'Logo aggiornato')).toBeVisible();
    const logo = logoSection.getByRole('img', { name: 'Logo dello studio' });
    await expect(logo).toBeVisible();
    // really loaded, not a broken image
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(logoSection.getByText('Nessun logo')).toHaveCount(0);
    await expect(logoSection.getByRole('button', { name: 'Cambia logo' })).toBeVisible();
    await shot(page, info, 'settings-04-studio-logo');

    await page.reload();
    const logoAfterReload = page.getByRole('img', { name: 'Logo dello studio' });
    await expect(logoAfterReload).toBeVisible();
    await expect
      .poll(() => logoAfterReload.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  });

  test('the owner deletes the whole studio from its danger zone and lands on on-boarding', async ({
    page,
    request,
  }, info) => {
    const owner = await createOwner(request, { nome: 'Sara', cognome: 'Conti' });
    await openSignedIn(page, owner, '/impostazioni');
    const zone = page.getByRole('heading', { name: 'Elimina lo studio', level: 2 });
    await zone.scrollIntoViewIfNeeded();
    await expect(zone).toBeVisible();
    await page.getByRole('button', { name: 'Elimina lo studio…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Eliminare lo studio?' });
    await expect(dialog.getByText(/pazienti, cartelle cliniche/)).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Elimina lo studio', exact: true });
    await expect(confirm).toBeDisabled();
    await shot(page, info, 'settings-05-studio-delete-dialog');

    await dialog.getByLabel(/scrivi il nome dello studio/).fill(owner.studioName);
    await dialog.getByLabel('La tua password').fill('non-la-password');
    await confirm.click();
    await expect(dialog.getByText('La password non è corretta: lo studio non è stato eliminato').first()).toBeVisible();
    await shot(page, info, 'settings-06-studio-delete-wrong-password');

    await dialog.getByLabel('La tua password').fill(owner.password);
    await confirm.click();
    await expect(page).toHaveURL(/\/on-boarding$/);
    await expect(page.getByRole('heading', { name: 'Configura il tuo studio' })).toBeVisible();
    await shot(page, info, 'settings-07-studio-deleted-on-boarding');
  });
});
