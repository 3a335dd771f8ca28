import { randomUUID } from 'node:crypto';
import type { StudioInput } from '@studiolo/domain/studio';
import type { FastifyInstance } from 'fastify';
import type { TenantResource } from '../../src/plugins/access.ts';
import { apiOk } from './http.ts';
import type { TestStudioUser } from './login-as.ts';

/** A unique e-mail per call: tests isolate by creating their own users and studios. */
export const uniqueEmail = (prefix = 'utente') => `${prefix}.${randomUUID().slice(0, 8)}@example.it`;

export const testPassword = 'una-password-sicura';

/** Valid studio data of a physiotherapist (FISICA), as the on-boarding form sends it. */
export const validStudioInput = (overrides: Partial<StudioInput> = {}): StudioInput => ({
  tipologiaPersona: 'FISICA',
  nome: 'Mario',
  cognome: 'Rossi',
  ragioneSociale: null,
  sesso: 'U',
  codiceFiscale: 'RSSMRA85T10A562S',
  partitaIva: '01234567897',
  iscrizioneAlbo: 'Albo FT n. 1234 Bologna',
  professione: 'Fisioterapista',
  contatti: { email: 'studio@example.it', cellulare: '+39 333 1234567', telefono: null, pec: null },
  residenza: { indirizzo: 'Via Roma 1', cap: '40100', comune: 'Bologna', provincia: 'BO' },
  coordinateBancarie: {
    intestatario: 'Mario Rossi',
    nomeBanca: 'Banca di Bologna',
    iban: 'IT60X0542811101000000123456',
    bicSwift: null,
  },
  tassazione: { regimeFiscale: 'RF_19' },
  ...overrides,
});

/**
 * One studio-owned resource of the given kind, created through the API as its owner would, for the
 * generic tenant-isolation suite. @returns the id the resource's routes take as their path parameter.
 */
export const createTenantResource = async (
  app: FastifyInstance,
  owner: TestStudioUser,
  resource: TenantResource,
): Promise<string> => {
  switch (resource) {
    case 'calendar-resource': {
      // A room: the :id routes of every kind address a resource by its id alone.
      const room = await apiOk<{ id: string }>(app, {
        method: 'POST',
        url: '/settings/calendario/rooms',
        token: owner.token,
        body: { name: `Stanza ${randomUUID().slice(0, 4)}`, description: null, active: true },
      });
      return room.id;
    }
    case 'mail-message': {
      const email = uniqueEmail('posta');
      await apiOk(app, {
        method: 'POST',
        url: '/staff',
        token: owner.token,
        body: { name: 'Marta', lastname: 'Grigi', email, role: 'ROLE_STAFF_COLLABORATORE' },
      });
      const outbox = await apiOk<{ id: string; to: string }[]>(app, {
        method: 'GET',
        url: '/outbox',
        token: owner.token,
      });
      const mail = outbox.find((m) => m.to === email);
      if (!mail) throw new Error(`no mail to ${email} in the outbox`);
      return mail.id;
    }
    default:
      throw new Error(`createTenantResource: no factory for ${resource} yet`);
  }
};
