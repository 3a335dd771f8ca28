import { fallbackAvatarColor } from '@studiolo/domain/staff';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StaffAvatar } from './staff-avatar.tsx';
import { renderWithProviders } from './testing/render-with-providers.tsx';

const styleOf = (element: HTMLElement) => (element.getAttribute('style') ?? '').toLowerCase();

describe('StaffAvatar', () => {
  it('shows the initials of name and surname and is named after the member', () => {
    renderWithProviders(<StaffAvatar id="u1" name="mario" lastname="Rossi" />);
    const avatar = screen.getByRole('img', { name: 'mario Rossi' });
    expect(avatar.textContent).toBe('MR');
  });

  it('paints the chosen colour', () => {
    renderWithProviders(<StaffAvatar id="u1" name="Anna" lastname="Bianchi" color="#43A047" />);
    expect(styleOf(screen.getByRole('img', { name: 'Anna Bianchi' }))).toContain('#43a047');
  });

  it('falls back to the colour derived from the id when none is chosen', () => {
    renderWithProviders(<StaffAvatar id="staff-42" name="Anna" lastname="Bianchi" color={null} />);
    expect(styleOf(screen.getByRole('img', { name: 'Anna Bianchi' }))).toContain(
      fallbackAvatarColor('staff-42').toLowerCase(),
    );
  });

  it('shows a question mark for a member without a name', () => {
    renderWithProviders(<StaffAvatar id="u1" />);
    expect(screen.getByRole('img', { name: '?' }).textContent).toBe('?');
  });
});
