import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { anagraficaMessages } from '@studiolo/domain/anagrafica';
import { studioMessages } from '@studiolo/domain/studio';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { createTenantResource, validStudioInput } from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';
import { multipartFile } from '../../../test/helpers/multipart.ts';

let t: TestApp;
let owner: TestStudioUser;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await createStudioOwner(t.app);
});
afterAll(async () => {
  await t.close();
});

const upload = async (fileName: string, contentType: string, bytes: Buffer, as: TestStudioUser = owner) => {
  const file = multipartFile('file', fileName, contentType, bytes);
  const res = await t.app.inject({
    method: 'POST',
    url: '/app/api/studio/logo',
    headers: { authorization: `Bearer ${as.token}`, 'content-type': file.contentType },
    payload: file.payload,
  });
  return {
    status: res.statusCode,
    body: res.json() as { code: string; answer: string; response: { logo: { assetUrl: string } } },
  };
};

describe('studio data', () => {
  it('reads back what on-boarding saved, with the tax code upper-cased', async () => {
    const input = validStudioInput({ codiceFiscale: 'rssmra85t10a562s' });
    const saved = await apiOk<{ codiceFiscale: string; residenza: { provincia: string } }>(t.app, {
      method: 'PUT',
      url: '/studio',
      token: owner.token,
      body: input,
    });
    expect(saved.codiceFiscale).toBe('RSSMRA85T10A562S');
    const read = await apiOk<{ professione: string; tassazione: { regimeFiscale: string } }>(t.app, {
      method: 'GET',
      url: '/studio',
      token: owner.token,
    });
    expect(read.professione).toBe('Fisioterapista');
    expect(read.tassazione.regimeFiscale).toBe('RF_19');
  });

  it('answers the exact Italian messages of the studio validators and saves nothing', async () => {
    const res = await api(t.app, {
      method: 'PUT',
      url: '/studio',
      token: owner.token,
      body: validStudioInput({
        nome: '',
        partitaIva: '12345678901',
        codiceFiscale: 'RSSMRA85T10A562X',
        contatti: { email: 'studio@example.it', cellulare: null, telefono: null, pec: 'non-una-pec' },
        residenza: { indirizzo: 'Via Roma 1', cap: '4010', comune: 'Bologna', provincia: 'BOL' },
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      nome: anagraficaMessages.required,
      partitaIva: anagraficaMessages.partitaIvaInvalid,
      codiceFiscale: anagraficaMessages.codiceFiscaleInvalidStudio,
      'contatti.pec': anagraficaMessages.pecInvalid,
      'contatti.cellulare': anagraficaMessages.studioContactsRequired,
      'residenza.cap': anagraficaMessages.capInvalid,
      'residenza.provincia': anagraficaMessages.provinciaInvalid,
    });
    const read = await apiOk<{ nome: string }>(t.app, { method: 'GET', url: '/studio', token: owner.token });
    expect(read.nome).toBe('Mario');
  });

  it('requires the company name, not a person name, for a GIURIDICA studio', async () => {
    const res = await api(t.app, {
      method: 'PUT',
      url: '/studio',
      token: owner.token,
      body: validStudioInput({ tipologiaPersona: 'GIURIDICA', nome: null, cognome: null, ragioneSociale: null }),
    });
    expect(res.body.fields).toEqual({ ragioneSociale: anagraficaMessages.required });
  });
});

describe('logo upload', () => {
  it('keeps a small PNG as it is and serves it at the studio logo URL', async () => {
    const png = await sharp({
      create: { width: 300, height: 120, channels: 4, background: { r: 30, g: 136, b: 229, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const res = await upload('Logo Studio.png', 'image/png', png);
    expect(res.status).toBe(200);
    expect(res.body.answer).toBe(studioMessages.logoUpdated);
    const served = await t.app.inject({ method: 'GET', url: res.body.response.logo.assetUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('reduces a photo of 1 MB or more to about 1 MB and at most 1920 px on the longer side', async () => {
    // random noise hardly compresses: a 3000x2000 JPEG of it weighs over 2 MB
    const noise = randomBytes(3000 * 2000 * 3);
    const big = await sharp(noise, { raw: { width: 3000, height: 2000, channels: 3 } })
      .jpeg({ quality: 50 })
      .toBuffer();
    expect(big.length).toBeGreaterThanOrEqual(1_048_576);
    const res = await upload('foto.jpg', 'image/jpeg', big);
    expect(res.status).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: res.body.response.logo.assetUrl });
    const meta = await sharp(served.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(1920);
    expect(served.rawPayload.length).toBeLessThanOrEqual(1_048_576 * 1.1);
  });

  it('refuses a file that is not an image with 415 and keeps the previous logo', async () => {
    const before = await apiOk<{ logo: { assetUrl: string } }>(t.app, {
      method: 'GET',
      url: '/studio',
      token: owner.token,
    });
    const res = await upload('fattura.pdf', 'application/pdf', Buffer.from('%PDF-1.7 not really'));
    expect(res.status).toBe(415);
    expect(res.body.answer).toBe(studioMessages.logoNotImage);
    const after = await apiOk<{ logo: { assetUrl: string } }>(t.app, {
      method: 'GET',
      url: '/studio',
      token: owner.token,
    });
    expect(after.logo.assetUrl).toBe(before.logo.assetUrl);
  });

  const pngOf = (r: number) =>
    sharp({ create: { width: 40, height: 20, channels: 3, background: { r, g: 0, b: 0 } } })
      .png()
      .toBuffer();
  /** The logo files the local storage adapter holds for a studio. */
  const logoFiles = (studio: TestStudioUser) =>
    readdir(path.join(t.dataDir, 'files', studio.studioId, 'logo')).catch(() => []);

  it('deletes the replaced logo’s file from storage and stops serving it', async () => {
    const studio = await createStudioOwner(t.app);
    const first = await upload('primo.png', 'image/png', await pngOf(10), studio);
    expect(await logoFiles(studio)).toHaveLength(1);
    const second = await upload('secondo.png', 'image/png', await pngOf(200), studio);
    expect(second.status).toBe(200);
    expect(await logoFiles(studio)).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: first.body.response.logo.assetUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second.body.response.logo.assetUrl })).statusCode).toBe(200);
  });

  it('keeps a replaced logo that an issued document prints', async () => {
    const studio = await createStudioOwner(t.app);
    const first = await upload('primo.png', 'image/png', await pngOf(10), studio);
    await createTenantResource(t.app, studio, 'fattura');
    await upload('secondo.png', 'image/png', await pngOf(200), studio);
    expect(await logoFiles(studio)).toHaveLength(2);
    expect((await t.app.inject({ method: 'GET', url: first.body.response.logo.assetUrl })).statusCode).toBe(200);
  });

  it('answers 404 for a logo id that does not exist', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/app/api/public/logos/00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode).toBe(404);
  });
});
