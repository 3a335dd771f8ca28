import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QueryListState } from './query-list-state.tsx';
import { renderWithProviders } from './testing/render-with-providers.tsx';

const render = (query: { isPending: boolean; isError: boolean; data: string[] | undefined }) =>
  renderWithProviders(
    <QueryListState query={query} errorMessage="Impossibile caricare." emptyMessage="Nessun elemento.">
      {(items) => (
        <ul>
          {items.map((i) => (
            <li key={i}>{i}</li>
          ))}
        </ul>
      )}
    </QueryListState>,
  );

describe('QueryListState', () => {
  it('shows placeholders while loading', () => {
    const { container } = render({ isPending: true, isError: false, data: undefined });
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });
  it('shows the Italian error when the list cannot be loaded', () => {
    render({ isPending: false, isError: true, data: undefined });
    expect(screen.getByText('Impossibile caricare.')).toBeTruthy();
  });
  it('says when there is nothing, and lists the items otherwise', () => {
    render({ isPending: false, isError: false, data: [] });
    expect(screen.getByText('Nessun elemento.')).toBeTruthy();
    render({ isPending: false, isError: false, data: ['Uno', 'Due'] });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Uno', 'Due']);
  });
});
