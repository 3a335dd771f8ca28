import { describe, expect, it } from 'vitest';
import { duplicateTitle, formTemplateInputSchema } from './form-template.schema.ts';
import { fillTokens, fillTokensInText, tokensIn, unknownTokensIn } from './form-template.tokens.ts';

describe('form template tokens', () => {
  it('finds each token once, spaces inside the braces allowed', () => {
    expect(tokensIn('{{paziente.nome}} e {{ paziente.nome }} di {{studio.nome}}')).toEqual([
      'paziente.nome',
      'studio.nome',
    ]);
  });

  it('reports tokens outside the list, malformed ones included', () => {
    expect(unknownTokensIn('{{paziente.nome}} {{paziente.password}} {{}} {{ a b }}')).toEqual([
      'paziente.password',
      '',
      'a b',
    ]);
    expect(unknownTokensIn('nessun segnaposto { singolo }')).toEqual([]);
  });

  it('fills known tokens with HTML-escaped values and empties those without a value', () => {
    expect(
      fillTokens('<p>{{paziente.nome}} {{ paziente.cognome }}.</p>', { 'paziente.nome': '<b>Anna</b> & Co' }),
    ).toBe('<p>&lt;b&gt;Anna&lt;/b&gt; &amp; Co .</p>');
  });

  it('fills the tokens of a parsed text with the values as they are, leaving unknown tokens as written', () => {
    expect(
      fillTokensInText('{{paziente.nome}} {{ paziente.cognome }} {{paziente.iban}}', {
        'paziente.nome': '<b>Anna</b> & Co',
      }),
    ).toBe('<b>Anna</b> & Co  {{paziente.iban}}');
  });

  it('refuses a template with an unknown token, naming it in Italian', () => {
    const r = formTemplateInputSchema.safeParse({ title: 'Privacy', content: '<p>{{paziente.iban}}</p>' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Segnaposto sconosciuto: {{paziente.iban}}');
  });

  it('titles a duplicate with " - copia del " and the date, within 200 characters', () => {
    expect(duplicateTitle('Consenso', '25-11-2026')).toBe('Consenso - copia del 25-11-2026');
    expect(duplicateTitle('x'.repeat(200), '25-11-2026')).toHaveLength(200);
  });
});
