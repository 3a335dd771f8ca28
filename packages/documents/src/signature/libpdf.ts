/**
 * @libpdf/core, loaded on the first signature of the process: importing it takes about 150 ms, which the server's
 * start (and every process importing @studiolo/documents) should not pay.
 */
let loading: Promise<typeof import('@libpdf/core')> | null = null;
export const libpdf = () => {
  loading ??= import('@libpdf/core');
  return loading;
};
