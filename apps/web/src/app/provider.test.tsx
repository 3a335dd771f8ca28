import { notifications } from '@mantine/notifications';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../lib/http.ts';
import { AppProvider } from './provider.tsx';

const setScreenWidth = (width: number) =>
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const max = /max-width:\s*([\d.]+)em/.exec(query);
      return {
        matches: max ? width <= Number(max[1]) * 16 : false,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      };
    }),
  );

const toastContainer = () => screen.getByRole('alert').closest('[data-position]');

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

describe('toasts', () => {
  it('name their close button "Chiudi"', async () => {
    setScreenWidth(1280);
    render(<AppProvider>pagina</AppProvider>);
    act(() => showToast('SUCCESS', 'Dati dello studio aggiornati'));
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByRole('button', { name: 'Chiudi' })).toBeTruthy();
  });

  it('sit at the bottom right on a desktop, away from the header', async () => {
    setScreenWidth(1280);
    render(<AppProvider>pagina</AppProvider>);
    act(() => showToast('ERROR', 'Qualcosa non va'));
    await screen.findByRole('alert');
    expect(toastContainer()?.getAttribute('data-position')).toBe('bottom-right');
  });

  it('sit at the bottom centre on a phone, away from the header and the menu button', async () => {
    setScreenWidth(390);
    render(<AppProvider>pagina</AppProvider>);
    act(() => showToast('ALERT', 'Controlla i dati'));
    await screen.findByRole('alert');
    expect(toastContainer()?.getAttribute('data-position')).toBe('bottom-center');
  });
});
