import { randomBytes } from 'node:crypto';
import { fatturaInputSchema, proformaInputSchema } from '@studiolo/domain/invoices';
import { type PatientInput, patientInputSchema } from '@studiolo/domain/patients';
import { formatUiDate } from '@studiolo/domain/shared';
import { staffInviteInputSchema } from '@studiolo/domain/staff';
import { studioInputSchema } from '@studiolo/domain/studio';
import type { Config } from '../config/env.ts';
import type { AppDeps } from '../deps.ts';
import { authRepository } from '../features/auth/auth.repository.ts';
import { hashPassword, verifyPassword } from '../features/auth/passwords.ts';
import { createDocument, fromFatturaInput, fromProformaInput } from '../features/invoices/invoices.service.ts';
import { createPatient } from '../features/patients/patients.service.ts';
import { inviteStaff } from '../features/staff/staff.service.ts';
import { createStudio } from '../features/studio/studio.service.ts';
import { noRequestMeta } from '../shared/request-meta.ts';
import { type StudioContext, selfUserContext } from '../shared/studio-context.ts';
import { users } from './schema/index.ts';

export type DemoLogin = { email: string; password: string; created: boolean };

export const demoEmail = 'demo@studiolo.it';

/**
 * SECURITY (issue 25 item 4): the demo's password is never a published one. It is made at random when the demo is
 * created (96 bits), printed once by whoever created it, and kept nowhere but as the account's hash.
 */
export const newDemoPassword = () => randomBytes(12).toString('base64url');

/**
 * Whether start-up seeds the demo into an empty embedded database: SEED_DEMO when it is set; unset, only outside
 * production (a newcomer's `npm start`), never on a production instance unless asked explicitly.
 */
export const seedsDemoOnStart = (config: Pick<Config, 'SEED_DEMO' | 'NODE_ENV'>) =>
  config.SEED_DEMO ?? config.NODE_ENV !== 'production';

/** Creates the demo studio (owner, data, default calendar, a pending staff invitation). Idempotent. */
export const seedDemo = async (
  deps: AppDeps,
  password = newDemoPassword(),
): Promise<DemoLogin | { created: false }> => {
  if (await authRepository.findUserByEmail(deps.db, demoEmail)) return { created: false };
  // The account is made here, not by the sign-up flow (which waits for a mailed link): the demo's address is no
  // one's mailbox, so it counts as checked; the embedded setup sends mail to the local outbox only.
  const user = await authRepository.insertUser(deps.db, {
    email: demoEmail,
    passwordHash: await hashPassword(password, deps.config.SCRYPT_COST_LOG2),
    nome: 'Chiara',
    cognome: 'Esposito',
    emailVerifiedAt: deps.now(),
  });
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
  const ctx: StudioContext = { ...who, studioId: studio.id, role: 'ROLE_USER', memberId: '', versions: null };
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
  const patients = [];
  for (const patient of demoPatients) patients.push(await createPatient(deps, ctx, patientInputSchema.parse(patient)));
  await seedDemoDocuments(
    deps,
    ctx,
    patients.map((p) => p.id),
  );
  return { email: demoEmail, password, created: true };
};

/** A few invoices and a pro-forma of this month and the last, so the accounting page shows something real. */
const seedDemoDocuments = async (deps: AppDeps, ctx: StudioContext, patientIds: string[]) => {
  const day = (daysAgo: number) => formatUiDate(new Date(deps.now().getTime() - daysAgo * 86_400_000));
  const session = { descrizione: 'Seduta di fisioterapia', prezzoPerUnita: 50, codiceIvaId: 4, sconto: 0 };
  const invoices = [
    { patient: 0, daysAgo: 40, quantita: 4, paid: true, due: 10 },
    { patient: 1, daysAgo: 25, quantita: 1, paid: false, due: 15 },
    { patient: 3, daysAgo: 6, quantita: 2, paid: true, due: 30 },
    { patient: 4, daysAgo: 2, quantita: 1, paid: false, due: 30 },
  ];
  for (const inv of invoices) {
    const pazienteId = patientIds[inv.patient] as string;
    await createDocument(
      deps,
      ctx,
      fromFatturaInput(
        fatturaInputSchema.parse({
          pazienteId,
          dataFattura: day(inv.daysAgo),
          dataScadenza: day(inv.daysAgo - inv.due),
          pagata: inv.paid,
          dataIncasso: inv.paid ? day(inv.daysAgo) : null,
          metodoPagamento: inv.paid ? 'Carta di debito' : 'Bonifico bancario',
          prestazione: [{ ...session, quantita: inv.quantita }],
        }),
      ),
    );
  }
  await createDocument(
    deps,
    ctx,
    fromProformaInput(
      proformaInputSchema.parse({
        pazienteId: patientIds[6],
        data: day(1),
        prestazione: [{ ...session, descrizione: 'Ciclo di 5 sedute di fisioterapia', quantita: 5 }],
      }),
    ),
  );
};

type DemoPerson = [
  cognome: string,
  nome: string,
  sesso: 'U' | 'D',
  codiceFiscale: string,
  dataNascita: string,
  nato: [string, string],
];
const milano = (indirizzo: string, cap: string) => ({ indirizzo, cap, comune: 'Milano', provincia: 'MI' });

/** A dozen patients with real-shaped fiscal codes (computed by the official rules), tags and states. */
const demoPatients: PatientInput[] = [
  ...(
    [
      ['Rossi', 'Mario', 'U', 'RSSMRA78E14F205V', '14-05-1978', ['Milano', 'MI']],
      ['Bianchi', 'Laura', 'D', 'BNCLRA85S43F205D', '03-11-1985', ['Milano', 'MI']],
      ['Colombo', 'Giuseppe', 'U', 'CLMGPP52A22L682Q', '22-01-1952', ['Varese', 'VA']],
      ['Ferrari', 'Francesca', 'D', 'FRRFNC90L49A944T', '09-07-1990', ['Bologna', 'BO']],
      ['Romano', 'Alessandro', 'U', 'RMNLSN69C30H501Z', '30-03-1969', ['Roma', 'RM']],
      ['Ricci', 'Sofia', 'D', 'RCCSFO12P57F205G', '17-09-2012', ['Milano', 'MI']],
      ['Marino', 'Luca', 'U', 'MRNLCU95T01F839X', '01-12-1995', ['Napoli', 'NA']],
      ['Greco', 'Giulia', 'D', 'GRCGLI88D65C351S', '25-04-1988', ['Catania', 'CT']],
      ['Bruno', 'Nicolò', 'U', 'BRNNCL74H11L219N', '11-06-1974', ['Torino', 'TO']],
      ['Gallo', 'Elena', 'D', 'GLLLNE60B46G273U', '06-02-1960', ['Palermo', 'PA']],
      ['Conti', 'Matteo', 'U', 'CNTMTT01R19F205C', '19-10-2001', ['Milano', 'MI']],
      ['De Luca', 'Chiara', 'D', 'DLCCHR83M68F205R', '28-08-1983', ['Milano', 'MI']],
    ] satisfies DemoPerson[]
  ).map(([cognome, nome, sesso, codiceFiscale, dataNascita, [comuneNascita, provinciaNascita]], i) => ({
    state: i === 9 ? ('UNACTIVE' as const) : ('ACTIVE' as const),
    tags:
      [['Sportivo'], ['Cervicale'], ['Lombalgia', 'Over 65'], [], ['Sportivo', 'Post-operatorio'], ['Pediatrico']][
        i % 6
      ] ?? [],
    datiGenerali: {
      tipologiaPersona: 'FISICA' as const,
      nome,
      cognome,
      sesso,
      codiceFiscale,
      dataNascita,
      comuneNascita,
      provinciaNascita,
    },
    contatti: {
      cellulare: `+39 34${i % 10} ${String(1234567 + i * 1111).slice(0, 7)}`,
      telefono: null,
      email: `${`${nome}.${cognome}`.toLowerCase().replace(/[^a-z.]/g, '')}@example.it`,
      pec: null,
    },
    residenza: milano(
      `Via ${['Dante', 'Manzoni', 'Torino', 'Padova', 'Washington', 'Montenapoleone'][i % 6]} ${i + 3}`,
      `201${String(21 + (i % 9)).padStart(2, '0')}`,
    ),
    datiSanitari: { numeroTesseraSanitaria: null, documentoIdentita: null, trasmissioneSistemaSanitario: i !== 4 },
  })),
  {
    tags: ['Convenzione'],
    datiGenerali: {
      tipologiaPersona: 'GIURIDICA',
      ragioneSociale: 'Comune di Milano',
      codiceFiscale: '01199250158',
      partitaIva: '01199250158',
      isPubblicaAmministrazione: true,
      codiceDestinatario: 'UFRL7E',
    },
    contatti: { cellulare: null, telefono: '02 02 02', email: null, pec: 'protocollo@postacert.comune.milano.it' },
    residenza: milano('Piazza della Scala 2', '20121'),
  },
  {
    tags: ['Convenzione'],
    datiGenerali: {
      tipologiaPersona: 'GIURIDICA',
      ragioneSociale: 'Atletica Navigli ASD',
      codiceFiscale: '01234567897',
      partitaIva: '01234567897',
      codiceDestinatario: '0000000',
    },
    contatti: { cellulare: null, telefono: '02 8765432', email: 'segreteria@atleticanavigli.example.it', pec: null },
    residenza: milano('Alzaia Naviglio Grande 40', '20144'),
  },
];

/** The first start of an empty embedded database seeds the demo; a database with any user is left alone. */
export const seedDemoIfEmpty = async (deps: AppDeps): Promise<DemoLogin | null> => {
  if ((await deps.db.$count(users)) > 0) return null;
  const demo = await seedDemo(deps);
  return demo.created ? demo : null;
};

/** The demo password the README published before issue 25: an account still holding it must not keep it. */
const publishedDemoPassword = 'studiolo-demo-2026';

/**
 * A demo account seeded before issue 25 still opens with the published password: it gets a random one (which also
 * signs out its sessions). @returns the new password, or null when there was nothing to replace.
 */
export const retirePublishedDemoPassword = async (deps: AppDeps): Promise<string | null> => {
  const user = await authRepository.findUserByEmail(deps.db, demoEmail);
  if (!user || !(await verifyPassword(publishedDemoPassword, user.passwordHash))) return null;
  const password = newDemoPassword();
  await authRepository.setPassword(deps.db, user.id, await hashPassword(password, deps.config.SCRYPT_COST_LOG2));
  return password;
};
