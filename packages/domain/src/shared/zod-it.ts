import { z } from 'zod';
import { fieldMessages } from './field-messages.ts';

// Italian messages for every zod issue a schema does not word itself, on server and web alike. This module has side
// effects (package.json "sideEffects"): a bundle keeps it wherever it is imported, even though the `z` it passes on
// is zod's own binding; it is not in the shared barrel, so constants from there do not bring zod along
// (decision 027). Take `z` from here (the domain's modules) or from "@studiolo/domain/zod" (the apps).
z.config(z.locales.it());
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return fieldMessages.required;
    if (issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_format')
      return fieldMessages.invalid;
    if (issue.code === 'too_big' && issue.origin === 'string') return fieldMessages.tooLong(issue.maximum);
    if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1) return fieldMessages.required;
    if (issue.code === 'too_small' && issue.origin === 'string') return fieldMessages.tooShort(issue.minimum);
    if (issue.code === 'unrecognized_keys') return fieldMessages.unknownField;
    return undefined;
  },
});

export { z };
