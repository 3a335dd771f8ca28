import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../shared/field-messages.ts';
import { formTemplateInputSchema } from './form-template.schema.ts';

describe('form template input', () => {
  it('keeps the shared string rule: a one-line title, lines in the content, no control character (decision 033)', () => {
    expect(formTemplateInputSchema.parse({ title: ' Consenso ', content: '<p>Uno</p>\n<p>Due</p>' })).toMatchObject({
      title: 'Consenso',
      content: '<p>Uno</p>\n<p>Due</p>',
    });
    const issues = formTemplateInputSchema.safeParse({ title: 'Con\nsenso', content: '<p>\u0000</p>' }).error?.issues;
    expect(issues?.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['title', fieldMessages.lineBreak],
      ['content', fieldMessages.controlCharacters],
    ]);
  });
});
