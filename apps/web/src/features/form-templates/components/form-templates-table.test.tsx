import type { FormTemplate } from '@studiolo/domain/forms';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { FormTemplatesTable, type FormTemplatesTableProps } from './form-templates-table.tsx';

const template = (title: string, extra: Partial<FormTemplate> = {}): FormTemplate => ({
  id: crypto.randomUUID(),
  studioId: 'a0000000-0000-4000-8000-000000000001',
  title,
  content: '<p>x</p>',
  sharedWithCommunity: false,
  updatedAt: '2026-11-25T08:00:00.000Z',
  readOnly: false,
  ...extra,
});

const privacy = template('Informativa privacy', { sharedWithCommunity: true });
const consent = template('Consenso trattamento');
const others = template('Consenso ginnastica posturale', { sharedWithCommunity: true, readOnly: true });

const setup = (props: Partial<FormTemplatesTableProps> = {}) => {
  const handlers = {
    onOpen: vi.fn(),
    onEdit: vi.fn(),
    onDuplicate: vi.fn(),
    onGenerate: vi.fn(),
    onAdd: vi.fn(),
  };
  const r = renderWithProviders(<FormTemplatesTable templates={[privacy, consent, others]} {...handlers} {...props} />);
  return { ...r, ...handlers };
};

describe('FormTemplatesTable', () => {
  it('lists the templates under "Nome modulo" with the Condiviso and Hai condiviso con altri badges', () => {
    setup();
    expect(screen.getByRole('columnheader', { name: 'Nome modulo' })).toBeTruthy();
    const rowOf = (title: string) => screen.getByRole('row', { name: new RegExp(title) });
    expect(within(rowOf('Informativa privacy')).getByText('Hai condiviso con altri')).toBeTruthy();
    expect(within(rowOf('Consenso ginnastica')).getByText('Condiviso')).toBeTruthy();
    expect(within(rowOf('Consenso trattamento')).queryByText(/Condiviso|condiviso/)).toBeNull();
  });

  it('offers edit only on own templates, duplicate and Genera on all', async () => {
    const { user, onEdit, onDuplicate, onGenerate } = setup();
    expect(screen.queryByRole('button', { name: 'Modifica Consenso ginnastica posturale' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Modifica Consenso trattamento' }));
    expect(onEdit).toHaveBeenCalledWith(consent);
    await user.click(screen.getByRole('button', { name: 'Duplica Consenso ginnastica posturale' }));
    expect(onDuplicate).toHaveBeenCalledWith(others);
    await user.click(screen.getByRole('button', { name: 'Genera Informativa privacy' }));
    expect(onGenerate).toHaveBeenCalledWith([privacy]);
  });

  it('searches by title, ignoring case and accents', async () => {
    const { user } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Cerca per nome' }), 'CONSENSO');
    expect(screen.getAllByRole('row')).toHaveLength(3); // header and two
    await user.clear(screen.getByRole('textbox', { name: 'Cerca per nome' }));
    await user.type(screen.getByRole('textbox', { name: 'Cerca per nome' }), 'nulla');
    expect(screen.getByText('Nessun modulo trovato... Aggiungi un modulo cliccando qui')).toBeTruthy();
  });

  it('generates the selected templates together with the bulk Genera', async () => {
    const { user, onGenerate } = setup();
    expect(screen.queryByRole('button', { name: 'Genera' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona Informativa privacy' }));
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona Consenso trattamento' }));
    expect(screen.getByText('2 moduli selezionati')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Genera' }));
    expect(onGenerate).toHaveBeenCalledWith([privacy, consent]);
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona tutti i moduli' }));
    await user.click(screen.getByRole('button', { name: 'Genera' }));
    expect(onGenerate).toHaveBeenLastCalledWith([privacy, consent, others]);
  });

  it('shows the empty state, which adds a template', async () => {
    const { user, onAdd } = setup({ templates: [] });
    await user.click(screen.getByRole('button', { name: 'Nessun modulo trovato... Aggiungi un modulo cliccando qui' }));
    expect(onAdd).toHaveBeenCalled();
  });

  it('sends one template or the selected ones for signature with Firma, only when offered', async () => {
    const onSign = vi.fn();
    const { user } = setup({ onSign });
    await user.click(screen.getByRole('button', { name: 'Firma Consenso trattamento' }));
    expect(onSign).toHaveBeenCalledWith([consent]);
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona Informativa privacy' }));
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona Consenso trattamento' }));
    await user.click(screen.getByRole('button', { name: 'Firma' }));
    expect(onSign).toHaveBeenLastCalledWith([privacy, consent]);
  });

  it('hides Firma when the role may not send for signature', () => {
    setup();
    expect(screen.queryByRole('button', { name: /^Firma/ })).toBeNull();
  });
});
