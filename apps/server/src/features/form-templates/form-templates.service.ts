import {
  type FormTemplate,
  type FormTemplateData,
  formTemplateMessages as m,
  unknownTokensIn,
} from '@studiolo/domain/forms';
import type { AppDeps } from '../../deps.ts';
import { forbidden, invalidField, notFound } from '../../shared/app-error.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { sanitizeTemplateHtml } from './form-template-sanitize.ts';
import {
  type FormTemplateColumns,
  type FormTemplateRow,
  formTemplatesRepository as repo,
} from './form-templates.repository.ts';

const toFormTemplate = (row: FormTemplateRow, ctx: StudioContext): FormTemplate => ({
  id: row.id,
  studioId: row.studioId,
  title: row.title,
  content: row.content,
  sharedWithCommunity: row.sharedWithCommunity,
  updatedAt: row.updatedAt.toISOString(),
  // spec part 1 §4: templates from another studio cannot be edited or deleted
  readOnly: row.studioId !== ctx.studioId,
});

/** The columns to store: HTML through the allow-list; tokens checked again after it (the schema checked the input). */
const columnsOf = (input: FormTemplateData): FormTemplateColumns => {
  const content = sanitizeTemplateHtml(input.content);
  const unknown = unknownTokensIn(content);
  if (unknown.length > 0) throw invalidField('content', m.unknownTokens(unknown));
  return { title: input.title, content, sharedWithCommunity: input.sharedWithCommunity };
};

/** The studio's own templates (GET /form-template?studioId). */
export const listFormTemplates = async (deps: AppDeps, ctx: StudioContext) =>
  (await repo.list(deps.db, ctx)).map((r) => toFormTemplate(r, ctx));

/** GET /form-template/all: the studio's own, and those other studios share with the community (read-only). */
export const listAllFormTemplates = async (deps: AppDeps, ctx: StudioContext) => {
  const [personal, shared] = await Promise.all([repo.list(deps.db, ctx), repo.unsafeListShared(deps.db)]);
  return {
    sharedFormTemplates: shared.filter((r) => r.studioId !== ctx.studioId).map((r) => toFormTemplate(r, ctx)),
    personalFormTemplates: personal.map((r) => toFormTemplate(r, ctx)),
  };
};

/** A template the studio may read: its own, or one another studio shares; any other id is not found. */
export const findReadableTemplate = async (deps: AppDeps, ctx: StudioContext, id: string) => {
  const row = (await repo.find(deps.db, ctx, id)) ?? (await repo.unsafeFindShared(deps.db, id));
  if (!row) throw notFound();
  return row;
};

export const getFormTemplate = async (deps: AppDeps, ctx: StudioContext, id: string) =>
  toFormTemplate(await findReadableTemplate(deps, ctx, id), ctx);

/** Not the studio's own: another studio's shared template answers 403 with why, anything else 404. */
const refuseNotOwn = async (deps: AppDeps, id: string): Promise<never> => {
  if (await repo.unsafeFindShared(deps.db, id)) throw forbidden(m.sharedReadOnly);
  throw notFound();
};

export const createFormTemplate = (deps: AppDeps, ctx: StudioContext, input: FormTemplateData) =>
  deps.db.transaction(async (tx) => {
    const row = await repo.insert(tx, ctx, columnsOf(input));
    await recordAudit(tx, ctx, { action: 'form-template.create', entityType: 'form-template', entityId: row.id });
    return toFormTemplate(row, ctx);
  });

export const updateFormTemplate = async (deps: AppDeps, ctx: StudioContext, id: string, input: FormTemplateData) => {
  const columns = columnsOf(input);
  const updated = await deps.db.transaction(async (tx) => {
    const row = await repo.update(tx, ctx, id, columns);
    if (!row) return null;
    await recordAudit(tx, ctx, {
      action: 'form-template.update',
      entityType: 'form-template',
      entityId: id,
      changedFields: ['title', 'content', 'sharedWithCommunity'],
    });
    return toFormTemplate(row, ctx);
  });
  return updated ?? refuseNotOwn(deps, id);
};

export const deleteFormTemplate = async (deps: AppDeps, ctx: StudioContext, id: string) => {
  const deleted = await deps.db.transaction(async (tx) => {
    const row = await repo.delete(tx, ctx, id);
    if (row) await recordAudit(tx, ctx, { action: 'form-template.delete', entityType: 'form-template', entityId: id });
    return row;
  });
  if (!deleted) await refuseNotOwn(deps, id);
};
