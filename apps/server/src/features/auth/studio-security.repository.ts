import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { studioMembers, studios } from '../../db/schema/index.ts';

/** Reads, for sign-in, whether the studios a user works in require two-factor sign-in of their staff. */
export const studioSecurityRepository = {
  listStaffTwoFactorRequirements: (db: DbOrTx, userId: string) =>
    db
      .select({ role: studioMembers.role, required: studios.requireStaffTwoFactor })
      .from(studioMembers)
      .innerJoin(studios, eq(studios.id, studioMembers.studioId))
      .where(eq(studioMembers.userId, userId)),
};
