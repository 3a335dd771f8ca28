import { Table } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResponsiveList } from './responsive-list.tsx';
import { renderWithProviders } from './testing/render-with-providers.tsx';

const items = [
  { id: 'a', name: 'Mario Rossi', town: 'Roma' },
  { id: 'b', name: 'Anna Verdi', town: 'Milano' },
];

const render = () =>
  renderWithProviders(
    <ResponsiveList
      items={items}
      label="Pazienti"
      columns={['Nome', 'Comune']}
      tableMinWidth={480}
      card={(item) => <span>{`${item.name} · ${item.town}`}</span>}
      cells={(item) => (
        <>
          <Table.Td>{item.name}</Table.Td>
          <Table.Td>{item.town}</Table.Td>
        </>
      )}
    />,
  );

describe('ResponsiveList', () => {
  it('shows the items as a table with one header per column and one row per item', () => {
    render();
    const table = screen.getByRole('table', { name: 'Pazienti' });
    const [header, first, second] = within(table).getAllByRole('row');
    if (!header || !first || !second) throw new Error('a header and two rows expected');
    expect(
      within(header)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Nome', 'Comune']);
    expect(
      within(first)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Mario Rossi', 'Roma']);
    expect(
      within(second)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Anna Verdi', 'Milano']);
  });

  it('shows the same items as a list of cards with the same name, for phones', () => {
    render();
    // happy-dom's window is desktop-wide, so Mantine's media query hides the cards: look at them anyway
    const list = screen.getAllByRole('list', { hidden: true }).find((l) => l.getAttribute('aria-label') === 'Pazienti');
    if (!list) throw new Error('the list of cards is missing');
    const cards = within(list).getAllByRole('listitem', { hidden: true });
    expect(cards.map((card) => card.textContent)).toEqual(['Mario Rossi · Roma', 'Anna Verdi · Milano']);
  });
});
