import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BackLink } from './back-link.tsx';
import { LocationDisplay, renderWithProviders } from './testing/render-with-providers.tsx';

const pages = (backLink: React.ReactNode) => (
  <>
    <Routes>
      <Route path="/" element={<p>Dashboard</p>} />
      <Route path="/customers" element={<p>Pazienti</p>} />
      <Route path="/customers/add" element={backLink} />
    </Routes>
    <LocationDisplay />
  </>
);

describe('BackLink', () => {
  it('reads "Torna alla dashboard" by default', () => {
    renderWithProviders(pages(<BackLink />), { initialEntries: ['/customers/add'] });
    expect(screen.getByRole('link', { name: 'Torna alla dashboard' })).toBeTruthy();
  });

  it('goes to the given path', async () => {
    const { user } = renderWithProviders(pages(<BackLink to="/customers">Torna ai pazienti</BackLink>), {
      initialEntries: ['/', '/customers/add'],
    });
    const link = screen.getByRole('link', { name: 'Torna ai pazienti' });
    expect(link.getAttribute('href')).toBe('/customers');
    await user.click(link);
    expect(screen.getByText('Pazienti')).toBeTruthy();
  });

  it('goes back to the previous page when no path is given', async () => {
    const { user } = renderWithProviders(pages(<BackLink />), { initialEntries: ['/customers', '/customers/add'] });
    await user.click(screen.getByRole('link', { name: 'Torna alla dashboard' }));
    expect(screen.getByText('Pazienti')).toBeTruthy();
  });

  it('goes to the site root when the page was opened directly and there is nothing to go back to', async () => {
    const { user } = renderWithProviders(pages(<BackLink />), { initialEntries: ['/customers/add'] });
    await user.click(screen.getByRole('link', { name: 'Torna alla dashboard' }));
    expect(screen.getByRole('status', { name: 'Indirizzo' }).textContent).toBe('/');
  });
});
