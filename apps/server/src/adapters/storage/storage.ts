/** Where uploaded file bytes live (logos now, attachments later). Keys are opaque and never user input. */
export type Storage = {
  kind: 'local-disk' | 's3';
  put: (key: string, bytes: Buffer) => Promise<void>;
  get: (key: string) => Promise<Buffer | null>;
  delete: (key: string) => Promise<void>;
};
