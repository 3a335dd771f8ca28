import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress, emailLineBreakParts } from './email-address.tsx';

describe('EmailAddress', () => {
  it('may break a long address after the @ and before each dot, never inside a word', () => {
    expect(emailLineBreakParts('massimiliano.dellavalle.castiglioni@example.it')).toEqual([
      'massimiliano',
      '.dellavalle',
      '.castiglioni@',
      'example',
      '.it',
    ]);
  });

  it('leaves a short address without a dot in one piece', () => {
    expect(emailLineBreakParts('info')).toEqual(['info']);
  });

  it('shows and copies the address unchanged', () => {
    const { container } = render(<EmailAddress email="mario.rossi@studio.it" />);
    expect(container.textContent).toBe('mario.rossi@studio.it');
    expect(container.querySelectorAll('wbr')).toHaveLength(3);
  });
});
