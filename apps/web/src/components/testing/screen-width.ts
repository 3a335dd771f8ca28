import { vi } from 'vitest';

type Listener = (event: { matches: boolean; media: string }) => void;

/**
 * A screen of `width` CSS pixels for the components' tests: window.matchMedia answers the app's max-width queries
 * (in em, as Mantine writes them) and tells their listeners when `resize` changes the width, as a window resized
 * or a phone turned would.
 */
export const stubScreenWidth = (initial: number) => {
  let width = initial;
  const listeners = new Set<{ query: string; listener: Listener }>();
  const matches = (query: string) => {
    const max = /max-width:\s*([\d.]+)em/u.exec(query);
    return max ? width <= Number(max[1]) * 16 : false;
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      get matches() {
        return matches(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_: string, listener: Listener) => listeners.add({ query, listener }),
      removeEventListener: (_: string, listener: Listener) => {
        for (const l of listeners) if (l.listener === listener) listeners.delete(l);
      },
      addListener: (listener: Listener) => listeners.add({ query, listener }),
      removeListener: (listener: Listener) => {
        for (const l of listeners) if (l.listener === listener) listeners.delete(l);
      },
      dispatchEvent: () => false,
    })),
  );
  return {
    resize: (next: number) => {
      width = next;
      for (const { query, listener } of [...listeners]) listener({ matches: matches(query), media: query });
    },
  };
};

/** A phone's and a desktop's width. */
export const phoneWidth = 390;
export const desktopWidth = 1280;
