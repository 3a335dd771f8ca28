import { staffInviteInputSchema } from '@studiolo/domain/staff';
import { studioInputSchema } from '@studiolo/domain/studio';
import type { AppDeps } from '../deps.ts';
import { authRepository } from '../features/auth/auth.repository.ts';
import { signup } from '../features/auth/auth.service.ts';
import { inviteStaff } from '../features/staff/staff.service.ts';
import { createStudio } from '../features/studio/studio.service.ts';
import { noRequestMeta } from '../shared/request-meta.ts';
import { type StudioContext, selfUserContext } from '../shared/studio-context.ts';
import { users } from './schema/index.ts';

export type DemoLogin = { email: string; password: string; created: boolean };

export const demoLogin = { email: 'demo@studiolo.it', password: 'studiolo-demo-2026' } as const;

/** Creates the demo studio (owner, data, default calendar, a pending staff invitation). Idempotent. */
export const seedDemo = async (deps: AppDeps): Promise<DemoLogin> => {
  if (await authRepository.findUserByEmail(deps.db, demoLogin.email)) return { ...demoLogin, created: false };
  await signup(
    deps,
    { email: demoLogin.email, password: demoLogin.password, nome: 'Chiara', cognome: 'Esposito' },
    noRequestMeta,
  );
  const user = await authRepository.findUserByEmail(deps.db, demoLogin.email);
  if (!user) throw new Error('demo user not created');
  const who = selfUserContext(user, noRequestMeta);
  const studio = await createStudio(
    deps,
    who,
    studioInputSchema.parse({
      tipologiaPersona: 'FISICA',
      nome: 'Chiara',
      cognome: 'Esposito',
      sesso: 'D',
      codiceFiscale: 'SPSCHR80A41F205S',
      partitaIva: '01234567897',
      professione: 'Fisioterapista',
      iscrizioneAlbo: 'Albo dei Fisioterapisti di Milano n. 4521',
      contatti: {
        email: 'studio.esposito@example.it',
        cellulare: '+39 347 1234567',
        telefono: '02 1234567',
        pec: null,
      },
      residenza: { indirizzo: 'Via Solferino 12', cap: '20121', comune: 'Milano', provincia: 'MI' },
      coordinateBancarie: {
        intestatario: 'Chiara Esposito',
        nomeBanca: 'Banca di Milano',
        iban: 'IT60X0542811101000000123456',
        bicSwift: null,
      },
      tassazione: { regimeFiscale: 'RF_19' },
    }),
    { avatarColor: '#00897B', firstOnly: true },
  );
  const ctx: StudioContext = { ...who, studioId: studio.id, role: 'ROLE_USER', memberId: '' };
  await inviteStaff(
    deps,
    ctx,
    staffInviteInputSchema.parse({
      name: 'Marco',
      lastname: 'Ferri',
      email: 'marco.ferri@example.it',
      role: 'ROLE_STAFF_COLLABORATORE',
      avatarColor: '#F4511E',
    }),
  );
  return { ...demoLogin, created: true };
};

/** The first start of an empty embedded database seeds the demo; a database with any user is left alone. */
export const seedDemoIfEmpty = async (deps: AppDeps): Promise<DemoLogin | null> => {
  if ((await deps.db.$count(users)) > 0) return null;
  return seedDemo(deps);
};
