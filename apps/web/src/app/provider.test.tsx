import { notifications } from '@mantine/notifications';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubScreenWidth } from '../components/testing/screen-width.ts';
import { showToast } from '../lib/http.ts';
import { AppProvider } from './provider.tsx';

const toastContainer = () => screen.getByRole('alert').closest('[data-position]');

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

describe('toasts', () => {
  it('name their close button "Chiudi"', async () => {
    stubScreenWidth(1280);
    render(<AppProvider>pagina</AppProvider>);
    act(() => showToast('SUCCESS', 'Dati dello studio aggiornati'));
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByRole('button', { name: 'Chiudi' })).toBeTruthy();
  });

  it('sit at the bottom left of the page on a desktop, beside the navbar, away from the buttons forms put on the right (issue 26 item 7)', async () => {
    stubScreenWidth(1280);
    render(<AppProvider>pagina</AppProvider>);
    act(() => showToast('SUCCESS', 'Dati dello studio aggiornati'));
    await screen.findByRole('alert');
    const container = toastContainer() as HTMLElement | null;
    expect(container?.getAttribute('data-position')).toBe('bottom-left');
    // moved beside the navbar by global.css; the empty containers of the other positions stay as they are
    expect(container?.classList.contains('studiolo-toasts')).toBe(true);
  });

  it('sit at the top on a phone, under the header, away from the buttons at the bottom of forms (issue 26 item 7)', async () => {
    stubScreenWidth(390);
    render(<AppProvider>pagina</AppProvider>);
    act(() => showToast('ALERT', 'Controlla i dati'));
    await screen.findByRole('alert');
    const container = toastContainer() as HTMLElement | null;
    expect(container?.getAttribute('data-position')).toBe('top-center');
    expect(container?.classList.contains('studiolo-toasts')).toBe(true);
  });
});
