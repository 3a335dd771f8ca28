import { MantineProvider } from '@mantine/core';
import { type RenderOptions, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';

type ProvidersOptions = Omit<RenderOptions, 'wrapper'> & {
  /** History entries of the MemoryRouter, the last one is the current page unless initialIndex says otherwise. */
  initialEntries?: string[];
  initialIndex?: number;
};

/** Renders inside MantineProvider (test env: no transitions, no portals) and a MemoryRouter; returns a user-event instance too. */
export const renderWithProviders = (
  ui: ReactElement,
  { initialEntries = ['/'], initialIndex, ...options }: ProvidersOptions = {},
) => {
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider env="test">
      <MemoryRouter initialEntries={initialEntries} initialIndex={initialIndex ?? initialEntries.length - 1}>
        {children}
      </MemoryRouter>
    </MantineProvider>
  );
  return { user: userEvent.setup(), ...render(ui, { wrapper: Wrapper, ...options }) };
};

/** Shows the current path and query string so tests can read where the app went, as a user reads the address bar. */
export const LocationDisplay = () => {
  const location = useLocation();
  return <output aria-label="Indirizzo">{`${location.pathname}${location.search}`}</output>;
};
