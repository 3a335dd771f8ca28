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

/** A multipart/form-data body with several files under one field. */
export const multipartFiles = (field: string, files: { fileName: string; contentType: string; bytes: Buffer }[]) => {
  const boundary = `----studiolo${randomBytes(8).toString('hex')}`;
  const parts = files.flatMap((f) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${f.fileName}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
    ),
    f.bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
};
