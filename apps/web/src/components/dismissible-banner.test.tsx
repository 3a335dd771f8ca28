import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DismissibleBanner } from './dismissible-banner.tsx';
import { renderWithProviders } from './testing/render-with-providers.tsx';

describe('DismissibleBanner', () => {
  it('shows its title and message in a region named after the title', () => {
    renderWithProviders(<DismissibleBanner title="Importa i tuoi clienti" message="Ti aiutiamo noi entro 24 ore." />);
    const banner = screen.getByRole('region', { name: 'Importa i tuoi clienti' });
    expect(banner.textContent).toContain('Ti aiutiamo noi entro 24 ore.');
  });

  it('offers the action "Aggiungi" by default when an action is given', async () => {
    const onAction = vi.fn();
    const { user } = renderWithProviders(
      <DismissibleBanner title="Staff" message="Aggiungi un collega" onAction={onAction} />,
    );
    await user.click(screen.getByRole('button', { name: 'Aggiungi' }));
    expect(onAction).toHaveBeenCalledOnce();
  });

  it('uses the given action label', () => {
    renderWithProviders(
      <DismissibleBanner title="Invita" message="Invita un amico" actionLabel="Invita" onAction={() => {}} />,
    );
    expect(screen.getByRole('button', { name: 'Invita' })).toBeTruthy();
  });

  it('has no action button without an action', () => {
    renderWithProviders(<DismissibleBanner title="Avviso" message="Testo" />);
    expect(screen.queryByRole('button', { name: 'Aggiungi' })).toBeNull();
  });

  it('disappears when the user closes it and reports the dismissal', async () => {
    const onDismiss = vi.fn();
    const { user } = renderWithProviders(<DismissibleBanner title="Avviso" message="Testo" onDismiss={onDismiss} />);
    await user.click(screen.getByRole('button', { name: 'Chiudi' }));
    expect(screen.queryByRole('region', { name: 'Avviso' })).toBeNull();
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});
