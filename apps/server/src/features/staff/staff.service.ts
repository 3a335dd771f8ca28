import { authMessages } from '@studiolo/domain/auth';
import type { Role } from '@studiolo/domain/shared';
import type { StaffInviteInput, StaffMember } from '@studiolo/domain/staff';
import { staffMessages } from '@studiolo/domain/staff';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, invalidField, notFound } from '../../shared/app-error.ts';
import { publicUrl } from '../../shared/public-url.ts';
import type { StudioContext, UserContext } from '../../shared/studio-context.ts';
import { changedFieldNames, recordAudit } from '../audit/audit.repository.ts';
import { hashLinkToken, newLinkToken } from '../auth/tokens.ts';
import { type StaffRow, staffRepository } from './staff.repository.ts';

export const toStaffMember = (row: StaffRow): StaffMember => ({
  id: row.id,
  name: row.name,
  lastname: row.lastname,
  email: row.email,
  avatarColor: row.avatarColor,
  role: row.role as Role,
  status: row.userId ? 'ACTIVE' : 'INVITED',
});

const sendInvite = async (deps: AppDeps, ctx: StudioContext, member: StaffRow, token: string) => {
  const studio = await staffRepository.studioName(deps.db, ctx);
  // In a sentence a person reads "Giulia Bianchi", not the registry's "Bianchi Giulia".
  const name = !studio
    ? 'uno studio'
    : studio.tipologiaPersona === 'FISICA'
      ? [studio.nome, studio.cognome].filter(Boolean).join(' ')
      : (studio.ragioneSociale ?? 'uno studio');
  const base = publicUrl(deps);
  await deps.mailer.send({
    studioId: ctx.studioId,
    to: member.email,
    subject: staffMessages.inviteSubject(name),
    text: [
      `Ciao ${member.name},`,
      '',
      `${name} ti invita a collaborare su Studiolo.`,
      '',
      `Se non hai ancora un account, registrati da qui: ${base}/signUp?inviteToken=${encodeURIComponent(token)}`,
      `Se hai già un account, accedi e apri: ${base}/invito?token=${encodeURIComponent(token)}`,
      '',
      'Studiolo',
    ].join('\n'),
  });
};

export const listStaff = async (deps: AppDeps, ctx: StudioContext) =>
  (await staffRepository.list(deps.db, ctx)).map(toStaffMember);

export const inviteStaff = async (deps: AppDeps, ctx: StudioContext, input: StaffInviteInput) => {
  const { token, hash } = newLinkToken();
  const member = await deps.db.transaction(async (tx) => {
    const created = await staffRepository.insertInvite(tx, ctx, {
      email: input.email,
      name: input.name,
      lastname: input.lastname,
      role: input.role,
      avatarColor: input.avatarColor ?? null,
      inviteTokenHash: hash,
    });
    if (!created) throw invalidField('email', staffMessages.alreadyMember);
    await recordAudit(tx, ctx, { action: 'staff.invite', entityType: 'staff-member', entityId: created.id });
    return created;
  });
  await sendInvite(deps, ctx, member, token);
  return toStaffMember(member);
};

export const resendInvite = async (deps: AppDeps, ctx: StudioContext, id: string) => {
  const { token, hash } = newLinkToken();
  const updated = await deps.db.transaction(async (tx) => {
    const member = await staffRepository.findById(tx, ctx, id);
    if (!member) throw notFound();
    if (member.userId) throw new AppError('CONFLICT', staffMessages.alreadyMember);
    // a new link replaces the old one, which stops working
    const row = await staffRepository.update(tx, ctx, id, { inviteTokenHash: hash, invitedAt: new Date() });
    if (!row) throw notFound();
    await recordAudit(tx, ctx, { action: 'staff.reinvite', entityType: 'staff-member', entityId: id });
    return row;
  });
  await sendInvite(deps, ctx, updated, token);
  return toStaffMember(updated);
};

export const updateStaff = async (
  deps: AppDeps,
  ctx: StudioContext,
  id: string,
  input: { name: string; lastname: string; role?: Role | undefined; avatarColor?: string | null | undefined },
) =>
  deps.db.transaction(async (tx) => {
    const before = await staffRepository.findById(tx, ctx, id);
    if (!before) throw notFound();
    if (input.role && before.role === 'ROLE_USER') throw new AppError('FORBIDDEN', staffMessages.cannotChangeOwner);
    const after = await staffRepository.update(tx, ctx, id, {
      name: input.name,
      lastname: input.lastname,
      ...(input.role ? { role: input.role } : {}),
      ...(input.avatarColor !== undefined ? { avatarColor: input.avatarColor } : {}),
    });
    if (!after) throw notFound();
    const fields = changedFieldNames(toStaffMember(before), toStaffMember(after));
    await recordAudit(tx, ctx, {
      action: 'staff.update',
      entityType: 'staff-member',
      entityId: id,
      changedFields: fields,
    });
    return toStaffMember(after);
  });

export const removeStaff = async (deps: AppDeps, ctx: StudioContext, id: string) =>
  deps.db.transaction(async (tx) => {
    const member = await staffRepository.findById(tx, ctx, id);
    if (!member) throw notFound();
    if (member.role === 'ROLE_USER') throw new AppError('FORBIDDEN', staffMessages.cannotChangeOwner);
    await staffRepository.delete(tx, ctx, id);
    await recordAudit(tx, ctx, { action: 'staff.remove', entityType: 'staff-member', entityId: id });
  });

/**
 * Accepts an e-mailed invitation for the signed-in user, whose e-mail must be the invited one.
 * @returns the id of the studio joined.
 */
export const acceptInvite = async (db: DbOrTx, who: UserContext, token: string): Promise<string> => {
  const member = await staffRepository.unsafeFindByInviteHash(db, hashLinkToken(token));
  if (!member || member.userId || member.email !== who.email) throw invalidField('token', authMessages.inviteInvalid);
  const accepted = await staffRepository.unsafeAcceptInvite(db, member.id, who.userId);
  if (!accepted) throw invalidField('token', authMessages.inviteInvalid);
  await recordAudit(
    db,
    { ...who, studioId: member.studioId },
    { action: 'staff.join', entityType: 'staff-member', entityId: member.id },
  );
  return member.studioId;
};
