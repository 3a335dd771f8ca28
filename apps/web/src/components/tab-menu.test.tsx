import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TabMenu, type TabMenuTab } from './tab-menu.tsx';
import { LocationDisplay, renderWithProviders } from './testing/render-with-providers.tsx';

const tabs: TabMenuTab[] = [
  { label: 'Anagrafica', content: <p>Dati anagrafici</p> },
  { label: 'Diario clinico', canAccess: false, content: <p>Diario</p> },
  { label: 'Fatture', featureEnabled: false, content: <p>Elenco fatture</p> },
  { label: 'Documenti', content: <p>Elenco documenti</p> },
];

const renderMenu = (route: string, items: TabMenuTab[] = tabs) =>
  renderWithProviders(
    <>
      <TabMenu tabs={items} aria-label="Sezioni paziente" />
      <LocationDisplay />
    </>,
    { initialEntries: [route] },
  );

const address = () => screen.getByRole('status', { name: 'Indirizzo' }).textContent;

describe('TabMenu', () => {
  it('hides a tab unless both canAccess and featureEnabled hold', () => {
    renderMenu('/customers/add');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Anagrafica', 'Documenti']);
  });

  it('opens the first visible tab when the address names none', () => {
    renderMenu('/customers/add');
    expect(screen.getByRole('tab', { name: 'Anagrafica' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Dati anagrafici');
  });

  it('opens the tab named by the query parameter tab, an index into all the tabs', () => {
    renderMenu('/customers/add?tab=3');
    expect(screen.getByRole('tab', { name: 'Documenti' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Elenco documenti');
  });

  it('writes the chosen tab index to the address, keeping the other parameters', async () => {
    const { user } = renderMenu('/customers/add?id=42&tab=0');
    await user.click(screen.getByRole('tab', { name: 'Documenti' }));
    expect(address()).toBe('/customers/add?id=42&tab=3');
    expect(screen.getByRole('tabpanel').textContent).toBe('Elenco documenti');
  });

  it('falls back to the first visible tab when the address names a hidden one', () => {
    renderMenu('/customers/add?tab=1');
    expect(screen.getByRole('tab', { name: 'Anagrafica' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByText('Diario')).toBeNull();
  });

  it('names the tab list for assistive technology', () => {
    renderMenu('/customers/add');
    expect(screen.getByRole('tablist', { name: 'Sezioni paziente' })).toBeTruthy();
  });

  it('renders nothing when no tab may be shown', () => {
    renderMenu('/customers/add', [{ label: 'Fatture', featureEnabled: false, content: <p>Elenco fatture</p> }]);
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});
