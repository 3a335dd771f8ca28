import { useEffect, useState } from 'react';

/**
 * False on the first render, true from the next. A dialog fetched on first use may mount already asked to open:
 * opening it one render later lets Mantine's modal see itself open and record what had the focus, so that it gives
 * the focus back there when it closes (it records that only on opening).
 */
export const useMounted = () => {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
};
