import { randomBytes } from 'node:crypto';

/** A multipart/form-data body with one file, as a browser sends it. */
export const multipartFile = (field: string, fileName: string, contentType: string, bytes: Buffer) => {
  const boundary = `----studiolo${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
};
