import { randomUUID } from 'node:crypto';
import { imageCompressionError, sanitizeFileName } from '@studiolo/domain/shared';
import {
  matchesStudioName,
  type Studio,
  type StudioData,
  type StudioDeleteInput,
  studioDeleteMessages,
  studioDisplayName,
  studioMessages,
} from '@studiolo/domain/studio';
import type { AppDeps } from '../../deps.ts';
import { AppError, forbidden, invalidField, notFound } from '../../shared/app-error.ts';
import type { StudioContext, UserContext } from '../../shared/studio-context.ts';
import { changedFieldNames, recordAudit } from '../audit/audit.repository.ts';
import { authRepository } from '../auth/auth.repository.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { prepareLogo } from './logo-image.ts';
import { type StudioRow, studioRepository } from './studio.repository.ts';

export const publicLogoPath = (assetId: string) => `/app/api/public/logos/${assetId}`;

const str = (v: unknown) => (typeof v === 'string' ? v : null);
const part = (o: Record<string, unknown>, k: string) => str(o[k]);

/** Row → wire shape (spec part 1 §3). */
export const toStudio = (row: StudioRow): Studio => ({
  id: row.id,
  logo: { assetUrl: row.logoAssetId ? publicLogoPath(row.logoAssetId) : null },
  tipologiaPersona: row.tipologiaPersona as Studio['tipologiaPersona'],
  nome: row.nome,
  cognome: row.cognome,
  ragioneSociale: row.ragioneSociale,
  sesso: row.sesso as Studio['sesso'],
  codiceFiscale: row.codiceFiscale,
  partitaIva: row.partitaIva,
  iscrizioneAlbo: row.iscrizioneAlbo,
  professione: row.professione,
  contatti: {
    cellulare: part(row.contatti, 'cellulare'),
    telefono: part(row.contatti, 'telefono'),
    email: part(row.contatti, 'email'),
    pec: part(row.contatti, 'pec'),
  },
  residenza: {
    indirizzo: part(row.residenza, 'indirizzo'),
    cap: part(row.residenza, 'cap'),
    comune: part(row.residenza, 'comune'),
    provincia: part(row.residenza, 'provincia'),
  },
  coordinateBancarie: {
    intestatario: part(row.coordinateBancarie, 'intestatario'),
    nomeBanca: part(row.coordinateBancarie, 'nomeBanca'),
    iban: part(row.coordinateBancarie, 'iban'),
    bicSwift: part(row.coordinateBancarie, 'bicSwift'),
  },
  tassazione: { regimeFiscale: row.regimeFiscale as Studio['tassazione']['regimeFiscale'] },
  stripeSubStatus: row.stripeSubStatus as Studio['stripeSubStatus'],
  stripeSubEndDate: row.stripeSubEndDate ? row.stripeSubEndDate.toISOString() : null,
  requireStaffTwoFactor: row.requireStaffTwoFactor,
});

export const getStudio = async (deps: AppDeps, ctx: StudioContext) => {
  const row = await studioRepository.findCurrent(deps.db, ctx);
  if (!row) throw notFound();
  return toStudio(row);
};

/**
 * Creates a studio owned by the user, with its default calendar, and makes it the current one.
 * `firstOnly` (initial set-up) refuses when the user already works in a studio.
 */
export const createStudio = async (
  deps: AppDeps,
  who: UserContext,
  data: StudioData,
  opts: { avatarColor?: string | null; firstOnly: boolean },
) =>
  deps.db.transaction(async (tx) => {
    const user = await authRepository.findUserById(tx, who.userId);
    if (!user) throw notFound();
    if (opts.firstOnly && (await studioRepository.countMemberships(tx, user.id)) > 0)
      throw new AppError('CONFLICT', studioMessages.alreadyHasStudio);
    const studio = await studioRepository.insert(tx, data);
    await studioRepository.insertOwner(tx, studio.id, {
      userId: user.id,
      email: user.email,
      nome: user.nome,
      cognome: user.cognome,
      avatarColor: opts.avatarColor ?? null,
    });
    await studioRepository.insertDefaultCalendarIfNone(
      tx,
      studio.id,
      studioMessages.defaultCalendarSummary,
      studioMessages.defaultCalendarDescription,
    );
    await studioRepository.setCurrentStudio(tx, user.id, studio.id);
    await recordAudit(
      tx,
      { ...who, studioId: studio.id },
      { action: 'studio.create', entityType: 'studio', entityId: studio.id },
    );
    return toStudio(studio);
  });

export const updateStudio = async (deps: AppDeps, ctx: StudioContext, data: StudioData) =>
  deps.db.transaction(async (tx) => {
    const before = await studioRepository.findCurrent(tx, ctx);
    if (!before) throw notFound();
    const after = await studioRepository.update(tx, ctx, data);
    if (!after) throw notFound();
    await recordAudit(tx, ctx, {
      action: 'studio.update',
      entityType: 'studio',
      entityId: ctx.studioId,
      changedFields: changedFieldNames(toStudio(before), toStudio(after)),
    });
    return toStudio(after);
  });

export const updateStudioSecurity = async (deps: AppDeps, ctx: StudioContext, requireStaffTwoFactor: boolean) =>
  deps.db.transaction(async (tx) => {
    const row = await studioRepository.setSecurity(tx, ctx, requireStaffTwoFactor);
    if (!row) throw notFound();
    await recordAudit(tx, ctx, {
      action: 'studio.security',
      entityType: 'studio',
      entityId: ctx.studioId,
      changedFields: ['requireStaffTwoFactor'],
    });
    return toStudio(row);
  });

/**
 * Stores a new logo (compressed from 1 MB on) and points the studio at it. The replaced logo's file is deleted
 * through the storage adapter, unless an issued document prints it (its emittente keeps the logo it was issued with).
 */
export const uploadLogo = async (deps: AppDeps, ctx: StudioContext, file: { fileName: string; bytes: Buffer }) => {
  let prepared: Awaited<ReturnType<typeof prepareLogo>>;
  try {
    prepared = await prepareLogo(file.bytes);
  } catch (err) {
    throw new AppError('VALIDATION', imageCompressionError, { cause: err });
  }
  if (!prepared) throw new AppError('UNSUPPORTED_MEDIA_TYPE', studioMessages.logoNotImage);
  const baseName = sanitizeFileName(file.fileName).replace(/\.[^.]*$/, '') || 'logo';
  const storageKey = `${ctx.studioId}/logo/${randomUUID()}.${prepared.extension}`;
  await deps.storage.put(storageKey, prepared.bytes);
  const { studio, replaced } = await deps.db.transaction(async (tx) => {
    const previous = await studioRepository.findCurrentLogo(tx, ctx);
    const asset = await studioRepository.insertAsset(tx, ctx, {
      kind: 'logo',
      fileName: sanitizeFileName(`${baseName}.${prepared.extension}`),
      contentType: prepared.contentType,
      sizeBytes: prepared.bytes.length,
      storageKey,
    });
    const row = await studioRepository.setLogo(tx, ctx, asset.id);
    if (!row) throw notFound();
    const forget = previous && !(await studioRepository.isLogoOnDocuments(tx, ctx, previous.id)) ? previous : null;
    if (forget) await studioRepository.forgetLogo(tx, ctx, forget);
    await recordAudit(tx, ctx, { action: 'studio.logo', entityType: 'asset', entityId: asset.id });
    return { studio: toStudio(row), replaced: forget };
  });
  if (replaced) {
    // The key is queued in storage_deletions with the change: a failure here is retried by the sweep (decision 030),
    // so the new logo's answer does not depend on it.
    await deps.storage.delete(replaced.storageKey).catch(() => undefined);
  }
  return studio;
};

export const readPublicLogo = async (deps: AppDeps, assetId: string) => {
  const asset = await studioRepository.unsafeFindPublicLogo(deps.db, assetId);
  const bytes = asset ? await deps.storage.get(asset.storageKey) : null;
  if (!asset || !bytes) throw notFound();
  return { bytes, contentType: asset.contentType };
};

/**
 * Deletes the whole studio with everything it holds (issue 30 item 5, decision 040): the owner only, never in support
 * mode, confirmed by the owner's password and the studio's name typed. One transaction: the files no trigger records
 * are queued for the storage sweep, the members' current studio moves elsewhere, the studio row goes and every table
 * cascades. The audit event survives it (audit_events has no foreign key): written after the deletion, in the same
 * transaction, naming the studio's id and the owner, with counts and no personal data. A refused attempt is audited
 * as a failure. The caller runs the sweep once the answer is committed.
 */
export const deleteStudio = async (deps: AppDeps, ctx: StudioContext, input: StudioDeleteInput) => {
  // SECURITY: an operator acting as the owner must not be able to erase a studio, even knowing its name.
  if (ctx.actorUserId) throw forbidden(studioDeleteMessages.notInSupportMode);
  const refuse = async (reason: 'owner' | 'password' | 'name', error: AppError) => {
    await recordAudit(deps.db, ctx, {
      action: 'studio.delete',
      entityType: 'studio',
      entityId: ctx.studioId,
      outcome: 'failure',
      detail: reason,
    });
    return error;
  };
  if (ctx.role !== 'ROLE_USER' || !(await studioRepository.isOwner(deps.db, ctx)))
    throw await refuse('owner', forbidden(studioDeleteMessages.ownerOnly));
  const user = await authRepository.findUserById(deps.db, ctx.userId);
  if (!user || !(await verifyPassword(input.password, user.passwordHash)))
    throw await refuse('password', invalidField('password', studioDeleteMessages.wrongPassword));
  const studio = await studioRepository.findCurrent(deps.db, ctx);
  if (!studio) throw notFound();
  if (!matchesStudioName(input.nomeStudio, studioDisplayName(toStudio(studio))))
    throw await refuse('name', invalidField('nomeStudio', studioDeleteMessages.wrongName));

  return deps.db.transaction(async (tx) => {
    const counts = await studioRepository.countsForDeletion(tx, ctx);
    if (!(await studioRepository.deleteWithEverything(tx, ctx))) throw notFound();
    await recordAudit(tx, ctx, {
      action: 'studio.delete',
      entityType: 'studio',
      entityId: ctx.studioId,
      detail: Object.entries(counts)
        .map(([k, v]) => `${k}=${v}`)
        .join(' '),
    });
    return counts;
  });
};
