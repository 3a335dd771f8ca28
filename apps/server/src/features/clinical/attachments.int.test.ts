import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { AuditEvent } from '@studiolo/domain/audit';
import { attachmentMessages } from '@studiolo/domain/clinical';
import { imageCompression } from '@studiolo/domain/shared';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { createTenantResource, uploadAttachment, validPatientInput } from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';
import { multipartFile } from '../../../test/helpers/multipart.ts';
import { noRequestMeta } from '../../shared/request-meta.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { exportAttachments } from './attachments.export.ts';
import { sweepDeletedFiles } from './attachments.service.ts';

type Attachment = {
  id: string;
  fileName: string;
  contentType: string;
  kind: string;
  sizeBytes: number;
  originalSizeBytes: number | null;
  width: number | null;
  height: number | null;
};

let t: TestApp;
let owner: TestStudioUser;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await createStudioOwner(t.app);
});
afterAll(async () => {
  await t.close();
});

/** The context the auth plugin would build for the owner (the export service is called directly to set its batch). */
const studioContextOf = (o: TestStudioUser): StudioContext => ({
  userId: o.userId,
  email: '',
  platformRole: null,
  actorUserId: null,
  actorEmail: null,
  meta: noRequestMeta,
  studioId: o.studioId,
  role: 'ROLE_USER',
  memberId: o.memberId,
  versions: null,
});

const newPatient = (o: TestStudioUser = owner) => createTenantResource(t.app, o, 'patient');

const post = async (pazienteId: string, fileName: string, contentType: string, bytes: Buffer, who = owner) => {
  const file = multipartFile('file', fileName, contentType, bytes);
  const res = await t.app.inject({
    method: 'POST',
    url: `/app/api/pazienti/${pazienteId}/allegati`,
    headers: { authorization: `Bearer ${who.token}`, 'content-type': file.contentType },
    payload: file.payload,
  });
  return { status: res.statusCode, body: res.json() as { code: string; answer: string; response: Attachment } };
};

const list = (pazienteId: string) =>
  apiOk<Attachment[]>(t.app, { method: 'GET', url: `/pazienti/${pazienteId}/allegati`, token: owner.token });

const download = (id: string, token = owner.token) =>
  t.app.inject({
    method: 'GET',
    url: `/app/api/allegati/${id}/download`,
    headers: { authorization: `Bearer ${token}` },
  });

/** Every file the local storage holds for the test studio (nothing half-stored after a refusal). */
const storedFiles = async (o: TestStudioUser = owner) => {
  const dir = path.join(t.dataDir, 'files', o.studioId, 'attachments');
  const out: string[] = [];
  const walk = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true }).catch(() => [])) {
      if (e.isDirectory()) await walk(path.join(d, e.name));
      else out.push(e.name);
    }
  };
  await walk(dir);
  return out;
};

const minimalPdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );

/** A photo-like image of several MB: a colour gradient with grain, which JPEG cannot squeeze much. */
const largePhoto = async (width = 4000, height = 3000) => {
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .blur(1.2)
    .png()
    .toBuffer();
  return sharp(grain).jpeg({ quality: 95 }).toBuffer();
};

describe('attachments', () => {
  it('uploads a PDF, lists it, downloads the same bytes and deletes it', async () => {
    const pazienteId = await newPatient();
    const pdf = minimalPdf();
    const before = await storedFiles();
    const up = await post(pazienteId, 'Referto RM.pdf', 'application/pdf', pdf);
    expect((await storedFiles()).length).toBe(before.length + 1);
    expect(up.status).toBe(200);
    expect(up.body.answer).toBe(attachmentMessages.uploaded);
    expect(up.body.response).toMatchObject({
      fileName: 'Referto RM.pdf',
      contentType: 'application/pdf',
      kind: 'pdf',
      sizeBytes: pdf.length,
      originalSizeBytes: null,
    });
    expect((await list(pazienteId)).map((a) => a.id)).toEqual([up.body.response.id]);

    const res = await download(up.body.response.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''Referto%20RM.pdf");
    expect(res.rawPayload.equals(pdf)).toBe(true);

    const del = await api(t.app, { method: 'DELETE', url: `/allegati/${up.body.response.id}`, token: owner.token });
    expect(del.status).toBe(200);
    expect(del.body.answer).toBe(attachmentMessages.deleted);
    expect(await list(pazienteId)).toEqual([]);
    expect((await download(up.body.response.id)).statusCode).toBe(404);
    expect(await storedFiles()).toEqual(before);
  });

  it('writes every read and change of a patient’s files to the patient’s access log, never the file’s name', async () => {
    const pazienteId = await newPatient();
    const up = await post(pazienteId, 'Referto riservato.pdf', 'application/pdf', minimalPdf());
    expect(up.status).toBe(200);
    await list(pazienteId);
    expect((await download(up.body.response.id)).statusCode).toBe(200);
    await apiOk(t.app, { method: 'DELETE', url: `/allegati/${up.body.response.id}`, token: owner.token });
    const log = await apiOk<AuditEvent[]>(t.app, {
      method: 'GET',
      url: '/audit',
      token: owner.token,
      query: { pazienteId, limit: '500' },
    });
    expect(log.map((e) => e.action).sort()).toEqual(
      [
        'clinical.allegato.create',
        'clinical.allegato.delete',
        'clinical.allegato.read',
        'clinical.allegato.read',
      ].sort(),
    );
    expect(JSON.stringify(log)).not.toContain('Referto riservato');
  });

  it('keeps a patient’s files while the patient is kept (decision 040), and sweeps them when the whole studio goes', async () => {
    const own = await createStudioOwner(t.app);
    const pazienteId = await newPatient(own);
    await uploadAttachment(t.app, own, pazienteId);
    await uploadAttachment(t.app, own, pazienteId, {
      fileName: 'b.pdf',
      contentType: 'application/pdf',
      bytes: minimalPdf(),
    });
    expect((await storedFiles(own)).length).toBe(2);
    const refused = await api(t.app, { method: 'DELETE', url: `/pazienti/${pazienteId}`, token: own.token });
    expect(refused.status).toBe(409);
    expect(await sweepDeletedFiles(t.deps)).toBe(0);
    expect((await storedFiles(own)).length).toBe(2);
    // the trigger records the files as the studio's deletion cascades; the sweep deletes them
    await apiOk(t.app, {
      method: 'DELETE',
      url: '/studio',
      token: own.token,
      body: { password: own.password, nomeStudio: 'Rossi Mario' },
    });
    expect(await sweepDeletedFiles(t.deps)).toBe(2);
    expect(await storedFiles(own)).toEqual([]);
    expect(await sweepDeletedFiles(t.deps)).toBe(0);
  });

  it('lists a patient’s files newest first', async () => {
    const pazienteId = await newPatient();
    const first = await uploadAttachment(t.app, owner, pazienteId);
    const second = await uploadAttachment(t.app, owner, pazienteId, {
      fileName: 'note.txt',
      contentType: 'text/plain',
      bytes: Buffer.from('Dolore lombare da tre settimane.\n'),
    });
    expect((await list(pazienteId)).map((a) => a.id)).toEqual([second.id, first.id]);
  });

  it('applies the file-name rule to the uploaded name', async () => {
    const pazienteId = await newPatient();
    const up = await post(pazienteId, 'esame: spalla <dx>|*?.pdf. ', 'application/pdf', minimalPdf());
    expect(up.status).toBe(200);
    expect(up.body.response.fileName).toBe('esame_ spalla _dx____.pdf');
    const reserved = await post(pazienteId, 'CON.pdf', 'application/pdf', minimalPdf());
    expect(reserved.body.response.fileName).toBe('_CON.pdf');
  });

  it('reduces a photo of 1 MB or more to about 1 MB and at most 1920 px on the longer side', async () => {
    const pazienteId = await newPatient();
    const photo = await largePhoto();
    expect(photo.length).toBeGreaterThan(2 * imageCompression.thresholdBytes);
    const up = await post(pazienteId, 'ginocchio.jpeg', 'image/jpeg', photo);
    expect(up.status).toBe(200);
    const a = up.body.response;
    expect(a.originalSizeBytes).toBe(photo.length);
    expect(a.sizeBytes).toBeLessThanOrEqual(imageCompression.targetBytes);
    expect(a.sizeBytes).toBeLessThan(photo.length / 2);
    expect(Math.max(a.width ?? 0, a.height ?? 0)).toBe(1920);
    expect(a.fileName).toBe('ginocchio.jpg');
    const stored = (await download(a.id)).rawPayload;
    expect(stored.length).toBe(a.sizeBytes);
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height]).toEqual([1920, 1440]);
  }, 60_000);

  it('keeps an image under 1 MB as it was', async () => {
    const pazienteId = await newPatient();
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ff8800' } })
      .png()
      .toBuffer();
    const up = await post(pazienteId, 'schema.png', 'image/png', png);
    expect(up.body.response).toMatchObject({ sizeBytes: png.length, originalSizeBytes: null, width: 300, height: 200 });
    expect((await download(up.body.response.id)).rawPayload.equals(png)).toBe(true);
  });

  it('refuses an executable renamed .jpg and stores nothing', async () => {
    const pazienteId = await newPatient();
    const before = await storedFiles();
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), randomBytes(2000)]);
    const res = await post(pazienteId, 'foto.jpg', 'image/jpeg', exe);
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 'ERROR', answer: attachmentMessages.notAllowed });
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), randomBytes(2000)]);
    expect((await post(pazienteId, 'foto.jpg', 'image/jpeg', elf)).status).toBe(415);
    const script = Buffer.from('#!/bin/sh\nrm -rf /\n');
    expect((await post(pazienteId, 'foto.jpg', 'image/jpeg', script)).status).toBe(415);
    expect(await list(pazienteId)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a broken image (a PNG and a JPEG cut in half, a PNG with garbage data) and stores nothing', async () => {
    const pazienteId = await newPatient();
    const before = await storedFiles();
    const png = await sharp({
      create: {
        width: 400,
        height: 300,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 90, sigma: 50 },
      },
    })
      .png()
      .toBuffer();
    const a = await post(pazienteId, 'rx.png', 'image/png', png.subarray(0, Math.floor(png.length / 2)));
    expect(a.status).toBe(400);
    expect(a.body).toMatchObject({ code: 'ERROR', answer: attachmentMessages.brokenImage });
    const jpeg = await sharp({
      create: {
        width: 600,
        height: 400,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 100, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const cut = await post(pazienteId, 'rx.jpg', 'image/jpeg', jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expect(cut.status).toBe(400);
    expect(cut.body.answer).toBe(attachmentMessages.brokenImage);
    // the header intact (33 bytes: signature and IHDR), everything after it random
    const garbage = Buffer.concat([png.subarray(0, 33), randomBytes(png.length - 33)]);
    const g = await post(pazienteId, 'rx2.png', 'image/png', garbage);
    expect(g.status).toBe(400);
    expect(g.body.answer).toBe(attachmentMessages.brokenImage);
    expect(await list(pazienteId)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it('answers 413 beyond 25 MB and stores nothing', async () => {
    const pazienteId = await newPatient();
    const before = await storedFiles();
    const big = Buffer.concat([minimalPdf(), Buffer.alloc(25 * 1024 * 1024)]);
    const res = await post(pazienteId, 'enorme.pdf', 'application/pdf', big);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'ERROR', answer: attachmentMessages.tooLarge });
    expect(await list(pazienteId)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  }, 60_000);

  it('refuses an empty file and a request without a file', async () => {
    const pazienteId = await newPatient();
    const empty = await post(pazienteId, 'vuoto.pdf', 'application/pdf', Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.body.answer).toBe(attachmentMessages.empty);
    const json = await api(t.app, {
      method: 'POST',
      url: `/pazienti/${pazienteId}/allegati`,
      token: owner.token,
      body: { file: 'x' },
    });
    expect(json.status).toBe(415);
  });

  it('answers 404 for another studio’s patient and attachment, and changes nothing', async () => {
    const other = await createStudioOwner(t.app);
    const theirPatient = await newPatient(other);
    const theirFile = await uploadAttachment(t.app, other, theirPatient);
    expect((await post(theirPatient, 'x.pdf', 'application/pdf', minimalPdf())).status).toBe(404);
    expect(
      (await api(t.app, { method: 'GET', url: `/pazienti/${theirPatient}/allegati`, token: owner.token })).status,
    ).toBe(404);
    expect((await download(theirFile.id)).statusCode).toBe(404);
    expect((await api(t.app, { method: 'DELETE', url: `/allegati/${theirFile.id}`, token: owner.token })).status).toBe(
      404,
    );
    expect((await download(theirFile.id, other.token)).statusCode).toBe(200);
  });
});

describe('allegati-pazienti export', () => {
  it('streams a ZIP with one folder per patient holding that patient’s files', async () => {
    const studio = await createStudioOwner(t.app);
    const rossi = await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/pazienti',
      token: studio.token,
      body: validPatientInput({
        datiGenerali: { ...validPatientInput().datiGenerali, nome: 'Mario', cognome: 'Rossi' },
      }),
    });
    const bianchi = await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/pazienti',
      token: studio.token,
      body: validPatientInput({
        datiGenerali: { ...validPatientInput().datiGenerali, nome: 'Anna', cognome: 'Bianchi' },
      }),
    });
    const pdf = minimalPdf();
    await uploadAttachment(t.app, studio, rossi.id, {
      fileName: 'referto.pdf',
      contentType: 'application/pdf',
      bytes: pdf,
    });
    await uploadAttachment(t.app, studio, rossi.id, {
      fileName: 'referto.pdf',
      contentType: 'application/pdf',
      bytes: pdf,
    });
    const note = Buffer.from('Esercizi a casa: 3 serie da 10.\n');
    await uploadAttachment(t.app, studio, bianchi.id, {
      fileName: 'esercizi.txt',
      contentType: 'text/plain',
      bytes: note,
    });

    const res = await t.app.inject({
      method: 'GET',
      url: '/app/api/data-exporter/allegati-pazienti',
      headers: { authorization: `Bearer ${studio.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="allegati-pazienti-\d{8}\.zip"$/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      'Bianchi Anna/esercizi.txt',
      'Rossi Mario/referto (2).pdf',
      'Rossi Mario/referto.pdf',
    ]);
    expect(Buffer.from(files['Bianchi Anna/esercizi.txt'] as Uint8Array).equals(note)).toBe(true);
    expect(Buffer.from(files['Rossi Mario/referto.pdf'] as Uint8Array).equals(pdf)).toBe(true);
  });

  it('walks the studio in several batches without losing or repeating a file (keyset across patients)', async () => {
    const studio = await createStudioOwner(t.app);
    const expected: string[] = [];
    for (const [nome, files] of [
      ['Anna', 3],
      ['Bruno', 1],
      ['Carla', 4],
    ] as const) {
      const p = await apiOk<{ id: string }>(t.app, {
        method: 'POST',
        url: '/pazienti',
        token: studio.token,
        body: validPatientInput({ datiGenerali: { ...validPatientInput().datiGenerali, nome, cognome: 'Neri' } }),
      });
      for (let i = 0; i < files; i++) {
        const name = `nota-${i}.txt`;
        await uploadAttachment(t.app, studio, p.id, {
          fileName: name,
          contentType: 'text/plain',
          bytes: Buffer.from(`${nome} ${i}\n`),
        });
        expected.push(`Neri ${nome}/${name}`);
      }
    }
    const ctx = studioContextOf(studio);
    const { stream, total } = await exportAttachments(
      t.deps,
      ctx,
      (err) => {
        throw err;
      },
      { batchSize: 2 },
    );
    expect(total).toBe(8);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    expect(Object.keys(files).sort()).toEqual(expected.sort());
    expect(Buffer.from(files['Neri Carla/nota-3.txt'] as Uint8Array).toString()).toBe('Carla 3\n');
  });

  it('exports an empty ZIP for a studio without files and never another studio’s files', async () => {
    const studio = await createStudioOwner(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/app/api/data-exporter/allegati-pazienti',
      headers: { authorization: `Bearer ${studio.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('0');
    expect(Object.keys(unzipSync(new Uint8Array(res.rawPayload)))).toEqual([]);
  });
});
