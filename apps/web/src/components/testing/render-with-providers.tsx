import { MantineProvider } from '@mantine/core';
import { type RenderOptions, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';

type RouterEntries = {
  /** History entries of the MemoryRouter; the last one is the current page unless initialIndex says otherwise. */
  initialEntries?: string[];
  initialIndex?: number;
};

const Providers = ({ children, initialEntries = ['/'], initialIndex }: RouterEntries & { children: ReactNode }) => (
  <MantineProvider env="test">
    <MemoryRouter initialEntries={initialEntries} initialIndex={initialIndex ?? initialEntries.length - 1}>
      {children}
    </MemoryRouter>
  </MantineProvider>
);

/**
 * Renders inside MantineProvider (test env: no transitions, no portals) and a MemoryRouter.
 * Returns a user-event instance, and a rerender that keeps the providers (and so the router's state).
 */
export const renderWithProviders = (
  ui: ReactElement,
  { initialEntries, initialIndex, ...options }: RouterEntries & Omit<RenderOptions, 'wrapper'> = {},
) => {
  const wrap = (element: ReactElement) => (
    <Providers initialEntries={initialEntries} initialIndex={initialIndex}>
      {element}
    </Providers>
  );
  const result = render(wrap(ui), options);
  return { ...result, user: userEvent.setup(), rerender: (next: ReactElement) => result.rerender(wrap(next)) };
};

/** Shows the current path and query string, so tests read where the app went as a user reads the address bar. */
export const LocationDisplay = () => {
  const location = useLocation();
  return <output aria-label="Indirizzo">{`${location.pathname}${location.search}`}</output>;
};
