import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SupportBanner } from './support-banner.tsx';
import { LocationDisplay, renderWithProviders } from './testing/render-with-providers.tsx';

describe('SupportBanner', () => {
  it('says which user the operator is acting as', () => {
    renderWithProviders(<SupportBanner email="mario@studio.it" onExit={() => {}} />);
    expect(screen.getByText('Modalità support attiva: loggato come mario@studio.it')).toBeTruthy();
  });

  it('exits support mode and returns to the site root', async () => {
    const onExit = vi.fn(async () => {});
    const { user } = renderWithProviders(
      <>
        <Routes>
          <Route path="*" element={<SupportBanner email="mario@studio.it" onExit={onExit} />} />
        </Routes>
        <LocationDisplay />
      </>,
      { initialEntries: ['/customers?tab=1'] },
    );
    await user.click(screen.getByRole('button', { name: 'Esci dalla modalità support' }));
    expect(onExit).toHaveBeenCalledOnce();
    // the banner navigates once onExit has settled
    await waitFor(() => expect(screen.getByRole('status', { name: 'Indirizzo' }).textContent).toBe('/'));
  });
});
