import { textRule } from '../shared/text.ts';
import { z } from '../shared/zod-it.ts';
import { formTemplateMessages as m } from './form-template.messages.ts';
import { unknownTokensIn } from './form-template.tokens.ts';

/** Longest template accepted (characters of HTML): a few pages of consent with formatting. */
export const formTemplateMaxContent = 200_000;

/** What the editor sends (spec part 1 §3 Form template; studioId comes from the token, never from the body). */
export const formTemplateInputSchema = z.object({
  title: z
    .string({ error: m.titleRequired })
    .trim()
    .min(1, { error: m.titleRequired })
    .max(200, { error: m.titleTooLong })
    .check(textRule()),
  // the shared string rule (decision 033): lines allowed in the HTML, no control character
  content: z
    .string()
    .max(formTemplateMaxContent, { error: m.contentTooLong })
    .check(textRule({ multiline: true }))
    .superRefine((html, ctx) => {
      const unknown = unknownTokensIn(html);
      if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: m.unknownTokens(unknown) });
    }),
  sharedWithCommunity: z.boolean().default(false),
});
export const formTemplateUpdateSchema = formTemplateInputSchema.extend({ id: z.uuid() });
export type FormTemplateInput = z.input<typeof formTemplateInputSchema>;
export type FormTemplateData = z.output<typeof formTemplateInputSchema>;

export const formTemplateSchema = z.object({
  id: z.uuid(),
  studioId: z.uuid(),
  title: z.string(),
  content: z.string(),
  sharedWithCommunity: z.boolean(),
  updatedAt: z.string(),
  /** Whether the viewing studio may edit and delete it (false for another studio's shared template). */
  readOnly: z.boolean(),
});
export type FormTemplate = z.infer<typeof formTemplateSchema>;

/** GET /form-template/all (spec part 1 §7). */
export const formTemplatesAllSchema = z.object({
  sharedFormTemplates: z.array(formTemplateSchema),
  personalFormTemplates: z.array(formTemplateSchema),
});
export type FormTemplatesAll = z.infer<typeof formTemplatesAllSchema>;

/** Generating a PDF: for a patient, or the empty form when pazienteId is absent. */
export const formTemplateGenerateSchema = z.object({ pazienteId: z.uuid().optional() });

/** Bulk Genera of several templates for one patient (or empty): one PDF each, in a ZIP when more than one. */
export const formTemplateBulkGenerateSchema = z.object({
  templateIds: z.array(z.uuid()).min(1, { error: m.templatesRequired }).max(50),
  pazienteId: z.uuid().optional(),
});

/**
 * spec part 1 §4: a duplicate's title is the original's followed by " - copia del " and the date (DD-MM-YYYY, the
 * UI's date), cut to the title's 200 characters.
 */
export const duplicateTitle = (title: string, dateUi: string) => {
  const suffix = `${m.copySuffix}${dateUi}`;
  return `${title.slice(0, 200 - suffix.length)}${suffix}`;
};
