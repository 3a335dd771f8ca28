import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { checkStorageKey, checkStoragePrefix, type ListedObject, type Storage } from './storage.ts';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, Ceph, a European provider); unset for AWS itself. */
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Most S3-compatible services want bucket-in-path addresses. */
  forcePathStyle: boolean;
  /** A prefix inside the bucket, so that one bucket can hold several installations. */
  prefix?: string | undefined;
};

const isMissing = (err: unknown) =>
  (err as { name?: string }).name === 'NoSuchKey' ||
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * S3-compatible object storage (decision 030). Streams go up as multipart uploads in 8 MB parts (lib-storage's
 * Upload), so an upload of any size holds a few parts in memory at most; reads stream the object's body.
 */
export const createS3Storage = (opts: S3StorageOptions): Storage => {
  // the SDK (a few hundred ms of modules) is loaded at the first storage call, not while the server starts
  let connected:
    | Promise<{
        s3: typeof import('@aws-sdk/client-s3');
        Upload: typeof import('@aws-sdk/lib-storage').Upload;
        client: S3Client;
      }>
    | undefined;
  const connect = () =>
    (connected ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(
      ([s3, storage]) => ({
        s3,
        Upload: storage.Upload,
        client: new s3.S3Client({
          region: opts.region,
          forcePathStyle: opts.forcePathStyle,
          ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
          ...(opts.accessKeyId && opts.secretAccessKey
            ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
            : {}),
        }),
      }),
    ));
  const keyOf = (key: string) => `${opts.prefix ?? ''}${checkStorageKey(key)}`;
  return {
    kind: 's3',
    put: async (key, bytes) => {
      const { s3, client } = await connect();
      await client.send(new s3.PutObjectCommand({ Bucket: opts.bucket, Key: keyOf(key), Body: bytes }));
    },
    putStream: async (key: string, stream: Readable, contentType?: string) => {
      const { Upload, client } = await connect();
      const upload = new Upload({
        client,
        params: { Bucket: opts.bucket, Key: keyOf(key), Body: stream, ContentType: contentType },
        partSize: 8 * 1024 * 1024,
        queueSize: 2,
        // a failed upload aborts its multipart upload: nothing half-stored
        leavePartsOnError: false,
      });
      await upload.done();
    },
    get: async (key) => {
      const { s3, client } = await connect();
      try {
        const res = await client.send(new s3.GetObjectCommand({ Bucket: opts.bucket, Key: keyOf(key) }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    open: async (key) => {
      const { s3, client } = await connect();
      try {
        const res = await client.send(new s3.GetObjectCommand({ Bucket: opts.bucket, Key: keyOf(key) }));
        if (!res.Body) return null;
        return { stream: res.Body as Readable, sizeBytes: Number(res.ContentLength ?? 0) };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    delete: async (key) => {
      const { s3, client } = await connect();
      await client.send(new s3.DeleteObjectCommand({ Bucket: opts.bucket, Key: keyOf(key) }));
    },
    list: async (prefix) => {
      const { s3, client } = await connect();
      const own = opts.prefix ?? '';
      const out: ListedObject[] = [];
      let token: string | undefined;
      // a page holds 1,000 keys at most; a multipart upload not completed is not an object yet, so never listed
      do {
        const page = await client.send(
          new s3.ListObjectsV2Command({
            Bucket: opts.bucket,
            Prefix: `${own}${checkStoragePrefix(prefix)}`,
            ...(token ? { ContinuationToken: token } : {}),
          }),
        );
        for (const o of page.Contents ?? [])
          if (o.Key)
            out.push({
              key: o.Key.slice(own.length),
              sizeBytes: Number(o.Size ?? 0),
              modifiedAt: o.LastModified ?? new Date(0),
            });
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
  };
};
