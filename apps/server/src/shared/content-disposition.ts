/** RFC 6266 / 5987: a file's Italian name as UTF-8 (accents kept), with an ASCII fallback for old clients. */
export const contentDisposition = (type: 'inline' | 'attachment', fileName: string) => {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
};
