import { type Patient, patientMessages } from '@studiolo/domain/patients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { validPatientInput } from '../../../test/helpers/factories.ts';
import { api } from '../../../test/helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';

let t: TestApp;
let owner: TestStudioUser;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await createStudioOwner(t.app);
});
afterAll(async () => {
  await t.close();
});

const company = () => ({
  ...validPatientInput(),
  datiGenerali: {
    tipologiaPersona: 'GIURIDICA' as const,
    ragioneSociale: 'Palestra Bianchi srl',
    codiceFiscale: '01057861005',
    partitaIva: '01057861005',
    isPubblicaAmministrazione: false,
    codiceDestinatario: 'ABC1234',
  },
});

describe('a company is a customer, not a patient (issue 26 item 4)', () => {
  it('answers "Cliente creato" and "Cliente aggiornato" for a company, "Paziente creato" for a person', async () => {
    const created = await api<Patient>(t.app, {
      method: 'POST',
      url: '/pazienti',
      token: owner.token,
      body: company(),
    });
    expect(created.status).toBe(200);
    expect(created.body.answer).toBe('Cliente creato');
    const id = created.body.response?.id;
    const updated = await api<Patient>(t.app, {
      method: 'PUT',
      url: '/pazienti',
      token: owner.token,
      body: { ...company(), id },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.answer).toBe('Cliente aggiornato');
    const person = await api<Patient>(t.app, {
      method: 'POST',
      url: '/pazienti',
      token: owner.token,
      body: validPatientInput(),
    });
    expect(person.body.answer).toBe(patientMessages.created);
  });
});
