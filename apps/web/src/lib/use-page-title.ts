import { useEffect } from 'react';

/** Sets the browser tab title: "Pagina · Studiolo". */
export const usePageTitle = (title: string) => {
  useEffect(() => {
    document.title = title ? `${title} · Studiolo` : 'Studiolo';
  }, [title]);
};
