import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

describe('the operator named in the legal documents (decision 043)', () => {
  it('takes a name with its address, partita IVA and PEC', () => {
    const config = loadConfig({
      OPERATOR_NAME: 'Servizi Sanitari Digitali S.r.l.',
      OPERATOR_VAT_NUMBER: '01234567897',
      OPERATOR_PEC: 'ssd@pec.example.it',
    });
    expect(config.OPERATOR_NAME).toBe('Servizi Sanitari Digitali S.r.l.');
    expect(config.OPERATOR_VAT_NUMBER).toBe('01234567897');
  });

  it('refuses a partita IVA with a wrong check digit, and details without a name', () => {
    expect(() => loadConfig({ OPERATOR_NAME: 'Rossi S.r.l.', OPERATOR_VAT_NUMBER: '01234567890' })).toThrow(
      /OPERATOR_VAT_NUMBER/u,
    );
    expect(() => loadConfig({ OPERATOR_VAT_NUMBER: '01234567897' })).toThrow(/OPERATOR_NAME/u);
  });
});
