import { loginEmailSchema } from '../auth/auth.schema.ts';
import { roles, staffRoles } from '../shared/roles.ts';
import { text, toLatinText } from '../shared/text.ts';
import { z } from '../shared/zod-it.ts';
import { avatarColorValues } from './avatar.ts';

/** A member's name or surname: one line of the shared string rule (decision 033), kept to Latin characters. */
const name = text(100)
  .transform((v) => toLatinText(v).trim())
  .pipe(z.string().min(1));

/** Staff member (spec part 1 §3): id, name, lastname, email, avatarColor, role. */
export const staffMemberSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  avatarColor: z.string().nullable(),
  role: z.enum(roles),
  status: z.enum(['ACTIVE', 'INVITED']),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** POST /staff: the owner invites a member by e-mail. */
export const staffInviteInputSchema = z.object({
  name,
  lastname: name,
  email: loginEmailSchema,
  role: z.enum(staffRoles),
  avatarColor: z.enum(avatarColorValues).nullish(),
});
export type StaffInviteInput = z.infer<typeof staffInviteInputSchema>;

/** PUT /staff/{id} */
export const staffUpdateInputSchema = z.object({
  name,
  lastname: name,
  role: z.enum(staffRoles).optional(),
  avatarColor: z.enum(avatarColorValues).nullish(),
});

/** POST /staff/invitations/accept: a signed-in user accepts the e-mailed invitation. */
export const acceptInviteInputSchema = z.object({ token: z.string().min(20).max(200) });
