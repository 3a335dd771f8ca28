import {
  type CalendarResourceKind,
  type CalendarResourcePatch,
  documentTypes,
  type Settings,
  type SettingsInput,
  type SettingsSection,
  type Sezionale,
  settingsMessages,
  settingsSectionMaxChars,
  settingsSections,
} from '@studiolo/domain/settings';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { invalidField, notFound } from '../../shared/app-error.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { changedFieldNames, recordAudit } from '../audit/audit.repository.ts';
import { sistemaTsSettingsOf, storedSistemaTsOf } from '../sistema-ts/sistema-ts.credentials.ts';
import { type CalendarResourceRow, type SezionaleRow, settingsRepository } from './settings.repository.ts';

/**
 * Where passive invoicing's switch is kept: a section row of its own rather than a key inside fattura,
 * so that replacing or merging the fattura section (a form's whole body) can never turn it on or off.
 */
const passiveInvoiceSection = 'documento-contabile-passivo';

type SectionData = Record<string, unknown>;
type DocumentType = (typeof documentTypes)[number];

const toResource = (row: CalendarResourceRow) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  active: row.active,
});

const toSezionale = (row: SezionaleRow) => ({
  name: row.name,
  active: row.active,
  documentTypes: row.documentTypes.filter((t): t is DocumentType => (documentTypes as readonly string[]).includes(t)),
});

/**
 * Names of the keys whose value differs, either way (added, changed or removed), prefixed by the section
 * and sorted (jsonb keeps its own key order).
 */
const changedKeys = (section: string, before: SectionData, after: SectionData) =>
  [...new Set([...changedFieldNames(before, after), ...changedFieldNames(after, before)])]
    .sort()
    .map((k) => `${section}.${k}`);

/** The studio's settings as GET /settings answers them: each section's stored JSON, or {} when never saved. */
export const readSettings = async (db: DbOrTx, ctx: StudioContext, now = new Date()): Promise<Settings> => {
  // One after the other: inside a transaction the queries share one connection.
  const sections = await settingsRepository.listSections(db, ctx);
  const resources = await settingsRepository.listResources(db, ctx);
  const sezionaliRows = await settingsRepository.listSezionali(db, ctx);
  const stored = new Map(sections.map((s) => [s.section, s.data]));
  const section = (name: SettingsSection): SectionData => stored.get(name) ?? {};
  const ofKind = (kind: CalendarResourceKind) => resources.filter((r) => r.kind === kind).map(toResource);
  return {
    fattura: section('fattura'),
    'sistema-ts': sistemaTsSettingsOf(section('sistema-ts'), now),
    'cartella-paziente': section('cartella-paziente'),
    general: section('general'),
    calendario: {
      ...section('calendario'),
      rooms: ofKind('rooms'),
      serviceLocations: ofKind('service-locations'),
      medicalDevices: ofKind('medical-devices'),
    },
    sezionali: sezionaliRows.map(toSezionale),
    passiveInvoiceEnabled: stored.get(passiveInvoiceSection)?.enabled === true,
  };
};

export const getSettings = (deps: AppDeps, ctx: StudioContext) => readSettings(deps.db, ctx);

/** POST /settings: every section sent replaces the stored one, in one transaction; the others are untouched. */
export const replaceSettings = (deps: AppDeps, ctx: StudioContext, input: SettingsInput) =>
  deps.db.transaction(async (tx) => {
    for (const section of settingsSections) {
      const data = input[section];
      if (!data) continue;
      const before = (await settingsRepository.findSectionForUpdate(tx, ctx, section)) ?? {};
      const stored =
        section === 'sistema-ts'
          ? // the secrets are write-only: a replacement that does not send them keeps them
            storedSistemaTsOf(
              deps.secrets,
              ctx,
              { passwordSealed: before.passwordSealed, pincodeSealed: before.pincodeSealed },
              data,
            )
          : data;
      const after = await settingsRepository.replaceSection(tx, ctx, section, stored);
      await recordAudit(tx, ctx, {
        action: 'settings.replace',
        entityType: 'settings',
        entityId: section,
        changedFields: changedKeys(section, before, after),
      });
    }
    return readSettings(tx, ctx);
  });

/** PATCH /settings/{section}: a shallow merge of the body into the stored section. */
export const patchSection = (deps: AppDeps, ctx: StudioContext, section: SettingsSection, patch: SectionData) =>
  deps.db.transaction(async (tx) => {
    const before = (await settingsRepository.findSectionForUpdate(tx, ctx, section)) ?? {};
    const after =
      section === 'sistema-ts'
        ? await settingsRepository.replaceSection(tx, ctx, section, storedSistemaTsOf(deps.secrets, ctx, before, patch))
        : await settingsRepository.mergeSection(tx, ctx, section, patch);
    // The body alone was checked by its schema; the merged whole must fit as well (the throw rolls back).
    if (JSON.stringify(after).length > settingsSectionMaxChars) throw invalidField(section, settingsMessages.tooLarge);
    await recordAudit(tx, ctx, {
      action: 'settings.update',
      entityType: 'settings',
      entityId: section,
      changedFields: changedKeys(section, before, after),
    });
    return readSettings(tx, ctx);
  });

export const createResource = (
  deps: AppDeps,
  ctx: StudioContext,
  kind: CalendarResourceKind,
  input: { name: string; description?: string | null | undefined; active: boolean },
) =>
  deps.db.transaction(async (tx) => {
    const row = await settingsRepository.insertResource(tx, ctx, kind, {
      name: input.name,
      description: input.description || null,
      active: input.active,
    });
    await recordAudit(tx, ctx, {
      action: 'settings.calendar-resource.create',
      entityType: 'calendar-resource',
      entityId: row.id,
      detail: kind,
    });
    return toResource(row);
  });

/**
 * The id alone names the resource within the studio: the kind in the path is where the client found it,
 * not a filter (a resource never changes kind).
 */
export const updateResource = (deps: AppDeps, ctx: StudioContext, id: string, patch: CalendarResourcePatch) =>
  deps.db.transaction(async (tx) => {
    const before = await settingsRepository.findResource(tx, ctx, id);
    if (!before) throw notFound();
    const after = await settingsRepository.updateResource(tx, ctx, id, {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.description !== undefined ? { description: patch.description || null } : {}),
      ...(patch.active !== undefined ? { active: patch.active } : {}),
    });
    if (!after) throw notFound();
    await recordAudit(tx, ctx, {
      action: 'settings.calendar-resource.update',
      entityType: 'calendar-resource',
      entityId: id,
      changedFields: changedFieldNames(toResource(before), toResource(after)),
      detail: after.kind,
    });
    return toResource(after);
  });

export const deleteResource = (deps: AppDeps, ctx: StudioContext, id: string) =>
  deps.db.transaction(async (tx) => {
    const deleted = await settingsRepository.deleteResource(tx, ctx, id);
    if (deleted.length === 0) throw notFound();
    await recordAudit(tx, ctx, {
      action: 'settings.calendar-resource.delete',
      entityType: 'calendar-resource',
      entityId: id,
    });
  });

/** PUT /settings/fatturazione/sezionali: creates the sezionale, or updates the one of the same name. */
export const upsertSezionale = (deps: AppDeps, ctx: StudioContext, input: Sezionale) =>
  deps.db.transaction(async (tx) => {
    await settingsRepository.lockSezionali(tx, ctx);
    const values = { active: input.active, documentTypes: [...new Set(input.documentTypes)] };
    const existing = await settingsRepository.findSezionaleByName(tx, ctx, input.name);
    if (existing) {
      const updated = await settingsRepository.updateSezionale(tx, ctx, existing.id, values);
      if (!updated) throw notFound();
      await recordAudit(tx, ctx, {
        action: 'settings.sezionale.update',
        entityType: 'sezionale',
        entityId: existing.id,
        changedFields: changedFieldNames(toSezionale(existing), toSezionale(updated)),
      });
    } else {
      const created = await settingsRepository.insertSezionale(tx, ctx, { name: input.name, ...values });
      await recordAudit(tx, ctx, {
        action: 'settings.sezionale.create',
        entityType: 'sezionale',
        entityId: created.id,
      });
    }
    return readSettings(tx, ctx);
  });

/** spec part 2 §7: POST /settings/documento-contabile-passivo/enable and /disable. */
export const setPassiveInvoice = (deps: AppDeps, ctx: StudioContext, enabled: boolean) =>
  deps.db.transaction(async (tx) => {
    const before = await settingsRepository.findSectionForUpdate(tx, ctx, passiveInvoiceSection);
    await settingsRepository.replaceSection(tx, ctx, passiveInvoiceSection, { enabled });
    await recordAudit(tx, ctx, {
      action: enabled ? 'settings.passive-invoice.enable' : 'settings.passive-invoice.disable',
      entityType: 'settings',
      entityId: passiveInvoiceSection,
      changedFields: (before?.enabled === true) === enabled ? [] : ['passiveInvoiceEnabled'],
    });
    return readSettings(tx, ctx);
  });

/** Whether the studio receives supplier invoices (spec part 2 §4 passive invoicing). */
export const isPassiveInvoiceEnabled = async (deps: AppDeps, ctx: StudioContext) =>
  (await readSettings(deps.db, ctx)).passiveInvoiceEnabled;
