import { useEffect, useState } from 'react';

/**
 * False on the first render, true from the next. Two uses:
 * - a control that acts only through the script is disabled until then on a page drawn by the server (decision 047):
 *   before the script has run it would take a tap and do nothing (or submit its form to the address), and with
 *   JavaScript off it stays disabled;
 * - a dialog fetched on first use may mount already asked to open: opening it one render later lets Mantine's modal
 *   see itself open and record what had the focus, so that it gives the focus back there when it closes (it records
 *   that only on opening).
 */
export const useMounted = () => {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
};
