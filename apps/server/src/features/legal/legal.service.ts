import type { AcceptLegalInput, LegalVersions } from '@studiolo/domain/auth';
import {
  currentLegalVersion,
  type LegalDocumentId,
  type LegalOperator,
  type LegalPublicInfo,
  type LegalStatus,
  legalDocumentIds,
  legalDocuments,
  legalMessages,
  pendingLegalDocuments,
} from '@studiolo/domain/legal';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { invalidField } from '../../shared/app-error.ts';
import type { UserContext } from '../../shared/studio-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { legalRepository as repo } from './legal.repository.ts';
import { subProcessorsOf } from './sub-processors.ts';

/** GET /legal/documents: the versions in force, who runs this install and its sub-processors (public). */
export const publicInfo = (deps: AppDeps): LegalPublicInfo => ({
  documents: legalDocumentIds.map((id) => {
    const { version, date } = currentLegalVersion(id);
    return { id, title: legalDocuments[id].title, version, date };
  }),
  operator: operatorOf(deps.config),
  subProcessors: subProcessorsOf(deps.config),
});

const operatorOf = (config: AppDeps['config']): LegalOperator | null =>
  config.OPERATOR_NAME
    ? {
        name: config.OPERATOR_NAME,
        address: config.OPERATOR_ADDRESS ?? null,
        vatNumber: config.OPERATOR_VAT_NUMBER ?? null,
        pec: config.OPERATOR_PEC ?? null,
      }
    : null;

/** GET /legal/acceptances: what the signed-in user accepted and which documents in force they still have to. */
export const status = async (deps: AppDeps, ctx: UserContext): Promise<LegalStatus> => {
  const rows = await repo.listForUser(deps.db, ctx.userId);
  return {
    accepted: rows.map((r) => ({
      document: r.document as LegalDocumentId,
      version: r.version,
      acceptedAt: r.acceptedAt.toISOString(),
    })),
    pending: pendingLegalDocuments(rows),
  };
};

/** POST /legal/acceptances: the user accepts documents in their version in force (an older one is refused). */
export const accept = async (deps: AppDeps, ctx: UserContext, input: AcceptLegalInput): Promise<LegalStatus> => {
  input.documents.forEach((d, i) => {
    if (d.version !== currentLegalVersion(d.id).version)
      throw invalidField(`documents.${i}.version`, legalMessages.notCurrentVersion);
  });
  await deps.db.transaction(async (tx) => {
    await repo.insert(
      tx,
      ctx.userId,
      input.documents.map((d) => ({ document: d.id, version: d.version })),
      deps.now(),
    );
    await recordAudit(tx, ctx, {
      action: 'user.legal.accept',
      entityType: 'user',
      entityId: ctx.userId,
      detail: input.documents.map((d) => `${d.id} ${d.version}`).join(', '),
    });
  });
  return status(deps, ctx);
};

/** At sign-up: what the form accepted, held with the pending account until its mailed link makes it. */
export const pendingFromSignup = (versions: LegalVersions | undefined | null, now: Date) =>
  versions ? { versions: { ...versions }, acceptedAt: now.toISOString() } : null;

/** Records the versions accepted at sign-up for the account just made (same transaction). */
export const recordSignupAcceptance = (
  db: DbOrTx,
  userId: string,
  pending: { versions: Record<string, string>; acceptedAt: string } | null | undefined,
) =>
  pending
    ? repo.insert(
        db,
        userId,
        Object.entries(pending.versions)
          .filter(([document]) => (legalDocumentIds as readonly string[]).includes(document))
          .map(([document, version]) => ({ document, version })),
        new Date(pending.acceptedAt),
      )
    : Promise.resolve();
