import { createContext, useContext, useEffect } from 'react';

/** The tab's words for a page title: "Pagina · Studiolo". */
export const pageTitleText = (title: string) => (title ? `${title} · Studiolo` : 'Studiolo');

/**
 * On the server (decision 047) the page's title is collected here while it renders, for the document's <title>: the
 * effect below never runs there.
 */
export const ServerPageTitle = createContext<{ title: string } | null>(null);

/** Sets the browser tab title: "Pagina · Studiolo". */
export const usePageTitle = (title: string) => {
  const server = useContext(ServerPageTitle);
  // the innermost page renders last: its title wins, as its effect does in the browser
  if (server) server.title = title;
  useEffect(() => {
    document.title = pageTitleText(title);
  }, [title]);
};
