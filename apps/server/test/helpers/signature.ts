import { randomBytes } from 'node:crypto';
import { caIssuedPkcs12 } from '@studiolo/documents/testing/certificates';
import type { SignatureRequest } from '@studiolo/domain/signature';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { createTenantResource } from './factories.ts';
import { type ApiResult, apiOk } from './http.ts';
import type { TestStudioUser } from './login-as.ts';

/** A drawn signature as the signing page sends it: a PNG with a transparent background and a dark stroke. */
export const drawnSignaturePng = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120"><path d="M10 90 C 60 10, 110 10, 150 80 S 250 110, 390 30" stroke="#1a237e" stroke-width="6" fill="none"/></svg>',
    ),
  )
    .png()
    .toBuffer();

/** A multipart/form-data body with text fields and files, as the signing page sends it. */
export const multipartForm = (
  fields: Record<string, string>,
  files: { field: string; fileName: string; contentType: string; bytes: Buffer }[] = [],
) => {
  const boundary = `----studiolo${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const f of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.fileName}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
};

/** A signature request of one template for a new patient of the owner's studio. */
export const createSignatureRequest = async (
  app: FastifyInstance,
  owner: TestStudioUser,
  body: Record<string, unknown> = {},
) => {
  const pazienteId = (body.pazienteId as string | undefined) ?? (await createTenantResource(app, owner, 'patient'));
  const templateId = await createTenantResource(app, owner, 'form-template');
  return apiOk<SignatureRequest>(app, {
    method: 'POST',
    url: '/signature',
    token: owner.token,
    body: { pazienteId, templateIds: [templateId], ...body },
  });
};

/** The code of the latest SMS to a phone, read from the local outbox as the studio's owner. */
export const latestOtpFromOutbox = async (app: FastifyInstance, owner: TestStudioUser) => {
  const sms = await apiOk<{ text: string }[]>(app, { method: 'GET', url: '/sms/outbox', token: owner.token });
  const code = sms.map((s) => /codice di firma Studiolo è (\d{6})/.exec(s.text)?.[1]).find(Boolean);
  if (!code) throw new Error('no one-time code in the SMS outbox');
  return code;
};

export const requestOtp = (app: FastifyInstance, linkId: string) =>
  app.inject({ method: 'POST', url: `/app/api/signature/public/${linkId}/otp` });

/** POST /signature/public/{id}/sign as the signing page does. */
export const signWith = async (
  app: FastifyInstance,
  linkId: string,
  fields: Record<string, string>,
  signature: Buffer | null = null,
): Promise<ApiResult> => {
  const form = multipartForm(
    { device: 'Telefono di prova', signPageUrl: `http://localhost/sign?id=${linkId}`, ...fields },
    signature ? [{ field: 'signature', fileName: 'firma.png', contentType: 'image/png', bytes: signature }] : [],
  );
  const res = await app.inject({
    method: 'POST',
    url: `/app/api/signature/public/${linkId}/sign`,
    headers: { 'content-type': form.contentType, 'user-agent': 'Mozilla/5.0 (iPhone) prova' },
    payload: form.payload,
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};

/** A request the patient has signed (code from the outbox, a drawn signature). */
export const createSignedRequest = async (
  app: FastifyInstance,
  owner: TestStudioUser,
  body: Record<string, unknown> = {},
) => {
  const request = await createSignatureRequest(app, owner, body);
  await requestOtp(app, request.linkId);
  const otp = await latestOtpFromOutbox(app, owner);
  const res = await signWith(app, request.linkId, { otp }, await drawnSignaturePng());
  if (res.status !== 200) throw new Error(`signing failed: ${JSON.stringify(res.body)}`);
  return request;
};

let pkcs12: Buffer | null = null;
/** A studio's certificate as a PKCS#12 file (password "segreto"), "Studio Verdi" issued by "Test CA": made once. */
export const studioPkcs12 = () => {
  pkcs12 ??= caIssuedPkcs12({ organization: 'Studio Verdi' }).pkcs12;
  return pkcs12;
};
