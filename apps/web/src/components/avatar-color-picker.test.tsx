import { avatarColors } from '@studiolo/domain/staff';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AvatarColorPicker } from './avatar-color-picker.tsx';
import { renderWithProviders } from './testing/render-with-providers.tsx';

const ControlledPicker = ({ usedColors }: { usedColors?: string[] }) => {
  const [value, setValue] = useState<string | null>(null);
  return <AvatarColorPicker value={value} onChange={setValue} usedColors={usedColors} />;
};

describe('AvatarColorPicker', () => {
  it('offers the 20 avatar colours as a radio group labelled "Colore Avatar"', () => {
    renderWithProviders(<AvatarColorPicker value={null} onChange={() => {}} />);
    const group = screen.getByRole('radiogroup', { name: 'Colore Avatar' });
    expect(group).toBeTruthy();
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(20);
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual(avatarColors.map((c) => c.label));
  });

  it('accepts another label', () => {
    renderWithProviders(<AvatarColorPicker value={null} onChange={() => {}} label="Colore" />);
    expect(screen.getByRole('radiogroup', { name: 'Colore' })).toBeTruthy();
  });

  it('marks the current colour as checked', () => {
    renderWithProviders(<AvatarColorPicker value="#43A047" onChange={() => {}} />);
    expect(screen.getByRole('radio', { name: 'Verde' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: 'Rosso' }).getAttribute('aria-checked')).toBe('false');
  });

  it('reports the colour the user clicks', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<AvatarColorPicker value={null} onChange={onChange} />);
    await user.click(screen.getByRole('radio', { name: 'Blu' }));
    expect(onChange).toHaveBeenCalledWith('#1E88E5');
  });

  it('lets the user move the choice with the arrow keys', async () => {
    const { user } = renderWithProviders(<ControlledPicker />);
    await user.click(screen.getByRole('radio', { name: 'Rosso' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Lampone' }).getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Lampone' }));
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Antracite' }).getAttribute('aria-checked')).toBe('true');
  });

  it('keeps only the chosen colour in the tab order', () => {
    renderWithProviders(<AvatarColorPicker value="#FDD835" onChange={() => {}} />);
    const tabbable = screen.getAllByRole('radio').filter((r) => r.getAttribute('tabindex') === '0');
    expect(tabbable.map((r) => r.getAttribute('aria-label'))).toEqual(['Giallo']);
  });

  it('marks colours used by other staff members, whatever their case, and explains the mark', () => {
    renderWithProviders(<AvatarColorPicker value={null} onChange={() => {}} usedColors={['#e53935']} />);
    const used = screen.getByRole('radio', { name: 'Rosso' });
    const note = document.getElementById(used.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toContain('Già usato da un altro membro dello staff');
    expect(screen.getByRole('radio', { name: 'Blu' }).getAttribute('aria-describedby')).toBeNull();
  });

  it('shows the tooltip "Già usato da un altro membro dello staff" on a used colour', async () => {
    const { user } = renderWithProviders(
      <AvatarColorPicker value={null} onChange={() => {}} usedColors={['#E53935']} />,
    );
    await user.hover(screen.getByRole('radio', { name: 'Rosso' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Già usato da un altro membro dello staff');
  });

  it('still lets the user choose a colour used by someone else', async () => {
    const { user } = renderWithProviders(<ControlledPicker usedColors={['#E53935']} />);
    await user.click(screen.getByRole('radio', { name: 'Rosso' }));
    expect(screen.getByRole('radio', { name: 'Rosso' }).getAttribute('aria-checked')).toBe('true');
  });

  it('does not show the used-colour note when no colour is used', () => {
    renderWithProviders(<AvatarColorPicker value={null} onChange={() => {}} />);
    expect(screen.queryByText('Già usato da un altro membro dello staff')).toBeNull();
  });

  it('shows a form error', () => {
    renderWithProviders(<AvatarColorPicker value={null} onChange={() => {}} error="Campo obbligatorio" />);
    expect(screen.getByText('Campo obbligatorio')).toBeTruthy();
    expect(screen.getByRole('radiogroup').getAttribute('aria-invalid')).toBe('true');
  });
});
