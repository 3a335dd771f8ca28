import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { PublicBooking, PublicBookingPage, StudioBookingRow } from '@studiolo/domain/booking';
import { mailMessages as mailMessages_ } from '@studiolo/domain/mail';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BookingStudio,
  bookingPatient,
  bookingRequestBody,
  confirmCode,
  freeSlots,
  lastBookingCode,
  makeBooking,
  openBookingStudio,
  requestCode,
} from '../../../test/helpers/booking.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { randomCodiceFiscale, validPatientInput } from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner } from '../../../test/helpers/login-as.ts';
import { toE164 } from '../../adapters/sms/sms.ts';
import { auditEvents, bookingRequests, events, mailMessages, patients, smsMessages } from '../../db/schema/index.ts';
import { addSmsCredit, smsCreditBalance } from '../sms-credit/sms-credit.service.ts';

/**
 * Online booking's flow (issue 28, decision 035), on PGlite and on PostgreSQL: the code (wrong, five tries, expired),
 * a request that holds nothing, the booking and its e-mails, the matching of existing patients without telling, the
 * studio boundary, confirmation and cancellation by the studio, the patient's link and its limit.
 */
let t: TestApp;
let clock: number | null = null;

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(clock ?? Date.now()) });
});
afterAll(async () => {
  await t.close();
});

const mailsTo = (to: string) =>
  t.deps.db
    .select({ subject: mailMessages.subject, text: mailMessages.text, attachments: mailMessages.attachments })
    .from(mailMessages)
    .where(eq(mailMessages.to, to.toLowerCase()))
    .orderBy(desc(mailMessages.createdAt));

const requestsOf = (studioId: string) =>
  t.deps.db.select().from(bookingRequests).where(eq(bookingRequests.studioId, studioId));

const listBookings = (s: BookingStudio, status?: string) =>
  apiOk<StudioBookingRow[]>(t.app, {
    method: 'GET',
    url: '/bookings',
    token: s.owner.token,
    ...(status ? { query: { status } } : {}),
  });

describe('the code', () => {
  let s: BookingStudio;
  beforeAll(async () => {
    s = await openBookingStudio(t.app, await createStudioOwner(t.app));
  });

  it('answers 202 with the masked address and mails a 6-digit code; the request holds no slot', async () => {
    const [slot] = await freeSlots(t.app, s);
    const patient = bookingPatient();
    const res = await requestCode(t.app, bookingRequestBody(s, slot?.start as string, patient));
    expect(res.status).toBe(202);
    expect(res.body.response?.sentTo).toMatch(/^p•••@example\.it$/);
    expect(await lastBookingCode(t.app, patient.email)).toMatch(/^\d{6}$/);
    // nothing in the calendar, the slot still offered
    expect((await freeSlots(t.app, s)).map((x) => x.start)).toContain(slot?.start);
    expect(await listBookings(s)).toEqual([]);
  });

  it('refuses a wrong code with "Codice non valido", and the fifth wrong one deletes the request', async () => {
    const [slot] = await freeSlots(t.app, s);
    const patient = bookingPatient();
    const req = await requestCode(t.app, bookingRequestBody(s, slot?.start as string, patient));
    const requestId = req.body.response?.requestId as string;
    const right = await lastBookingCode(t.app, patient.email);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await confirmCode(t.app, requestId, wrong);
      expect(res.status).toBe(400);
      expect(res.body.answer).toBe('Codice non valido');
    }
    const fifth = await confirmCode(t.app, requestId, wrong);
    expect(fifth.status).toBe(400);
    expect(fifth.body.answer).toBe('Troppi tentativi: richiedi un nuovo codice');
    // even the right code is of no use now
    const after = await confirmCode(t.app, requestId, right);
    expect(after.status).toBe(400);
    expect(await listBookings(s)).toEqual([]);
  });

  it('refuses an expired code and deletes the request', async () => {
    const [slot] = await freeSlots(t.app, s);
    const patient = bookingPatient();
    const req = await requestCode(t.app, bookingRequestBody(s, slot?.start as string, patient));
    const requestId = req.body.response?.requestId as string;
    clock = Date.now() + 16 * 60_000;
    try {
      const res = await confirmCode(t.app, requestId, await lastBookingCode(t.app, patient.email));
      expect(res.status).toBe(400);
      expect(res.body.answer).toBe('Il codice è scaduto: richiedi un nuovo codice');
    } finally {
      clock = null;
    }
    expect((await requestsOf(s.owner.studioId)).map((r) => r.id)).not.toContain(requestId);
  });

  it('refuses a slot that is not free, a service that is not bookable, a bad fiscal code and a page turned off', async () => {
    const past = await requestCode(t.app, bookingRequestBody(s, '2020-01-06T09:00:00.000Z'));
    expect(past.status).toBe(409);
    expect(past.body.answer).toBe('Questo orario non è più disponibile: scegline un altro');
    expect(Array.isArray((past.body.response as unknown as { nextSlots: unknown[] }).nextSlots)).toBe(true);

    const [slot] = await freeSlots(t.app, s);
    const other = await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/products',
      token: s.owner.token,
      body: { name: 'Non prenotabile', price: 10, grossPrice: 10, duration: 30, codiceIvaId: null, status: 'ACTIVE' },
    });
    const notBookable = await requestCode(t.app, {
      ...bookingRequestBody(s, slot?.start as string),
      productId: other.id,
    });
    expect(notBookable.status).toBe(404);

    const badCf = await requestCode(
      t.app,
      bookingRequestBody(s, slot?.start as string, bookingPatient({ codiceFiscale: 'RSSMRA85T10A562X' })),
    );
    expect(badCf.status).toBe(400);
    expect(badCf.body.answer).toBe('Codice fiscale non valido');

    const unknown = await requestCode(t.app, { ...bookingRequestBody(s, slot?.start as string), slug: 'non-esiste' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.answer).toBe('Pagina di prenotazione non trovata');
  });
});

describe('the code by SMS (where the studio has SMS credit)', () => {
  const smsOf = (studioId: string) =>
    t.deps.db
      .select({ to: smsMessages.to, text: smsMessages.text, status: smsMessages.status })
      .from(smsMessages)
      .where(eq(smsMessages.studioId, studioId))
      .orderBy(desc(smsMessages.createdAt));
  const smsOn = async (s: BookingStudio, credit: number) => {
    const meter = await apiOk<{ id: string }>(t.app, {
      method: 'GET',
      url: '/consumption-meter/SMS_APPOINTMENT_REMINDER',
      token: s.owner.token,
    });
    await apiOk(t.app, {
      method: 'PATCH',
      url: '/consumption-meter/enable',
      token: s.owner.token,
      body: { consumptionMeterId: meter.id, enabled: true },
    });
    if (credit)
      await t.deps.db.transaction((tx) =>
        addSmsCredit(tx, { studioId: s.owner.studioId, qty: credit, key: `pi_${s.owner.studioId}` }),
      );
  };

  it('sends the code by SMS too, one credit taken, and says where; the same code books', async () => {
    const s = await openBookingStudio(t.app, await createStudioOwner(t.app));
    await smsOn(s, 3);
    const [slot] = await freeSlots(t.app, s);
    const patient = bookingPatient();
    const res = await requestCode(t.app, bookingRequestBody(s, slot?.start as string, patient));
    expect(res.status).toBe(202);
    expect(res.body.response?.smsSentTo).toBe(`•••• ${patient.cellulare.replace(/\D/g, '').slice(-3)}`);
    const code = await lastBookingCode(t.app, patient.email);
    const [sms] = await smsOf(s.owner.studioId);
    // the local outbox stands in for the patient's phone: the code whole (a provider's log masks it)
    expect(sms).toMatchObject({ status: 'LOCAL_OUTBOX', to: toE164(patient.cellulare) });
    expect(sms?.text.startsWith(`${code} è il tuo codice per prenotare da `)).toBe(true);
    expect(await smsCreditBalance(t.deps.db, s.owner.studioId)).toBe(2);
    const booked = await confirmCode(t.app, res.body.response?.requestId as string, code);
    expect(booked.status).toBe(201);
  });

  it('sends it by e-mail only with SMS off or no credit, taking nothing', async () => {
    const off = await openBookingStudio(t.app, await createStudioOwner(t.app));
    const [slot] = await freeSlots(t.app, off);
    const first = await requestCode(t.app, bookingRequestBody(off, slot?.start as string));
    expect(first.body.response?.smsSentTo).toBeNull();
    expect(await smsOf(off.owner.studioId)).toEqual([]);

    const empty = await openBookingStudio(t.app, await createStudioOwner(t.app));
    await smsOn(empty, 0);
    const [other] = await freeSlots(t.app, empty);
    const second = await requestCode(t.app, bookingRequestBody(empty, other?.start as string));
    expect(second.status).toBe(202);
    expect(second.body.response?.smsSentTo).toBeNull();
    expect(await smsOf(empty.owner.studioId)).toEqual([]);
    expect(await smsCreditBalance(t.deps.db, empty.owner.studioId)).toBe(0);
  });

  it('gives the credit back when the provider refuses the SMS; the e-mail has gone', async () => {
    const s = await openBookingStudio(t.app, await createStudioOwner(t.app));
    await smsOn(s, 1);
    const deliver = t.deps.sms.deliver;
    t.deps.sms.deliver = async () => {
      throw new Error('21211 invalid To number');
    };
    try {
      const [slot] = await freeSlots(t.app, s);
      const patient = bookingPatient();
      const res = await requestCode(t.app, bookingRequestBody(s, slot?.start as string, patient));
      expect(res.status).toBe(202);
      expect(res.body.response?.smsSentTo).toBeNull();
      expect(await lastBookingCode(t.app, patient.email)).toMatch(/^\d{6}$/);
      expect(await smsCreditBalance(t.deps.db, s.owner.studioId)).toBe(1);
      const [sms] = await smsOf(s.owner.studioId);
      expect(sms?.status).toBe('FAILED');
      expect(sms?.text).toMatch(/^•••••• è il tuo codice/);
    } finally {
      t.deps.sms.deliver = deliver;
    }
  });
});

describe('the booking', () => {
  it('makes a pending appointment in the calendar, mails the patient (.ics) and the studio', async () => {
    const s = await openBookingStudio(t.app, await createStudioOwner(t.app));
    const { booking, patient, id } = await makeBooking(t.app, s);
    expect(booking.status).toBe('STUDIO_PENDING_CONFIRMATION');
    expect(booking.cancellable).toBe(true);
    expect(booking.cancelUrl).toMatch(/\/prenota\/annulla\?token=/);

    const [row] = await listBookings(s, 'STUDIO_PENDING_CONFIRMATION');
    expect(row).toMatchObject({
      id,
      status: 'STUDIO_PENDING_CONFIRMATION',
      newPatient: true,
      staffMemberId: s.memberId,
    });
    const event = await apiOk<{ reservationStatus: string; pazienteId: string; productId: string; start: string }>(
      t.app,
      { method: 'GET', url: `/events/${row?.eventId}`, token: s.owner.token },
    );
    expect(event).toMatchObject({ reservationStatus: 'STUDIO_PENDING_CONFIRMATION', productId: s.productId });
    expect(event.start).toBe(booking.start);
    // the calendar's list carries the status for the badge
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(booking.start));
    const listed = await apiOk<{ id: string; reservationStatus: string | null }[]>(t.app, {
      method: 'GET',
      url: '/events',
      token: s.owner.token,
      query: { start: day, end: day },
    });
    expect(listed.find((e) => e.id === row?.eventId)?.reservationStatus).toBe('STUDIO_PENDING_CONFIRMATION');

    const [receipt] = await mailsTo(patient.email);
    expect(receipt?.subject).toMatch(/Richiesta di prenotazione ricevuta/);
    // the studio's mail log keeps the receipt without the patient's cancel link (see 'the studio's outbox')
    expect(receipt?.text).not.toContain(booking.cancelUrl);
    expect(receipt?.text).toContain(mailMessages_.hiddenLink);
    expect(receipt?.attachments).toEqual([expect.objectContaining({ filename: 'appuntamento.ics' })]);
    // it greets the patient, and names the studio as its page does, with its address and phone (issue 39 item 3)
    const page = await apiOk<{ studio: { name: string; address: string; phone: string } }>(t.app, {
      method: 'GET',
      url: `/booking/${s.slug}`,
    });
    expect(receipt?.text).toMatch(/^Gentile Lucia,\n\nabbiamo ricevuto la tua richiesta/);
    expect(receipt?.text).toContain(`Studio: ${page.studio.name}\nIndirizzo: ${page.studio.address}`);
    expect(receipt?.text).toContain(`Contatti: tel. ${page.studio.phone}`);
    expect(receipt?.subject).toContain(page.studio.name);
    const [toStudio] = await mailsTo('studio@example.it');
    expect(toStudio?.subject).toMatch(/Nuova prenotazione da confermare: Lucia Neri/);

    // the slot is no longer offered
    expect((await freeSlots(t.app, s)).map((x) => x.start)).not.toContain(booking.start);
    // the new patient is marked as made by online booking
    const [made] = await t.deps.db
      .select()
      .from(patients)
      .where(eq(patients.id, row?.pazienteId as string));
    expect(made?.source).toBe('ONLINE_BOOKING');
  });

  it('books at once (Prenotato) when the studio confirms automatically', async () => {
    const s = await openBookingStudio(t.app, await createStudioOwner(t.app), { confirmationMode: 'AUTO' });
    const { booking, patient } = await makeBooking(t.app, s);
    expect(booking.status).toBe('CUSTOMER_BOOKED');
    expect((await mailsTo(patient.email))[0]?.subject).toMatch(/^Prenotazione confermata/);
  });

  it('a used request cannot book twice', async () => {
    const s = await openBookingStudio(t.app, await createStudioOwner(t.app));
    const [slot] = await freeSlots(t.app, s);
    const patient = bookingPatient();
    const req = await requestCode(t.app, bookingRequestBody(s, slot?.start as string, patient));
    const code = await lastBookingCode(t.app, patient.email);
    const first = await confirmCode(t.app, req.body.response?.requestId as string, code);
    expect(first.status).toBe(201);
    const again = await confirmCode(t.app, req.body.response?.requestId as string, code);
    expect(again.status).toBe(400);
    expect(await listBookings(s)).toHaveLength(1);
  });

  it('answers 409 with the next free slots when the slot went between the code and the booking', async () => {
    const s = await openBookingStudio(t.app, await createStudioOwner(t.app));
    const [slot] = await freeSlots(t.app, s);
    const a = bookingPatient();
    const b = bookingPatient({ nome: 'Paolo', cognome: 'Gallo' });
    const ra = await requestCode(t.app, bookingRequestBody(s, slot?.start as string, a));
    const rb = await requestCode(t.app, bookingRequestBody(s, slot?.start as string, b));
    expect(ra.status).toBe(202);
    expect(rb.status).toBe(202);
    const first = await confirmCode(
      t.app,
      ra.body.response?.requestId as string,
      await lastBookingCode(t.app, a.email),
    );
    expect(first.status).toBe(201);
    const second = await confirmCode(
      t.app,
      rb.body.response?.requestId as string,
      await lastBookingCode(t.app, b.email),
    );
    expect(second.status).toBe(409);
    const next = (second.body.response as unknown as { nextSlots: { start: string }[] }).nextSlots;
    expect(next.length).toBeGreaterThan(0);
    expect(next.map((x) => x.start)).not.toContain(slot?.start);
    expect(Date.parse(next[0]?.start as string)).toBeGreaterThan(Date.parse(slot?.start as string));
  });
});

describe('matching existing patients', () => {
  /** A studio taking bookings, with Giulia Verdi's card holding her fiscal code. */
  const studioWithGiulia = async () => {
    const owner = await createStudioOwner(t.app);
    const s = await openBookingStudio(t.app, owner);
    const card = validPatientInput();
    const cf = randomCodiceFiscale('D', { nome: 'Giulia', cognome: 'Verdi' });
    const existing = await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/pazienti',
      token: owner.token,
      body: { ...card, datiGenerali: { ...card.datiGenerali, codiceFiscale: cf } },
    });
    return { owner, s, card, cf, existing };
  };

  it('links by the fiscal code only with the e-mail, mobile and name of its card, answering exactly as for a new one', async () => {
    const { owner, s, card, cf, existing } = await studioWithGiulia();
    // her card's contacts as she types them: "+39" left out, the name in other cases
    const giulia = { nome: 'giulia', cognome: 'VERDI', email: card.contatti?.email ?? '', cellulare: '347 123 4567' };
    const matched = await makeBooking(t.app, s, { patient: bookingPatient({ ...giulia, codiceFiscale: cf }) });
    const freshCode = randomCodiceFiscale('D', { nome: 'Lucia', cognome: 'Neri' });
    const fresh = await makeBooking(t.app, s, { patient: bookingPatient({ codiceFiscale: freshCode }) });
    expect(matched.row).toMatchObject({ pazienteId: existing.id, newPatient: false, identityCheck: null });
    expect(fresh.row).toMatchObject({ newPatient: true, identityCheck: null });
    // a code that no card holds and that is the name's goes on the new card
    const made = await apiOk<{ datiGenerali: { codiceFiscale: string | null } }>(t.app, {
      method: 'GET',
      url: `/pazienti/${fresh.row.pazienteId}`,
      token: owner.token,
    });
    expect(made.datiGenerali.codiceFiscale).toBe(freshCode);
    // the public answers have the same shape and say nothing of the patient
    const keys = (b: PublicBooking) => Object.keys(b).sort();
    expect(keys(matched.booking)).toEqual(keys(fresh.booking));
    expect(JSON.stringify(matched.booking)).not.toContain('Verdi');
  });

  it('holds for the studio a fiscal code another card holds, or not the name’s, and puts it on no card (issue 39 item 5)', async () => {
    const { owner, s, card, cf, existing } = await studioWithGiulia();
    // someone else's code with the attacker's own name and contacts
    const taken = await makeBooking(t.app, s, {
      patient: bookingPatient({ nome: 'Marco', cognome: 'Bianchi', codiceFiscale: cf }),
    });
    expect(taken.row.pazienteId).not.toBe(existing.id);
    expect(taken.row.identityCheck).toEqual({
      reason: 'CODICE_FISCALE_IN_ALTRA_SCHEDA',
      codiceFiscale: cf,
      holderName: 'Verdi Giulia',
    });
    // her very name but other contacts: held too, never on her card
    const sameName = await makeBooking(t.app, s, {
      patient: bookingPatient({ nome: 'Giulia', cognome: 'Verdi', codiceFiscale: cf }),
    });
    expect(sameName.row.pazienteId).not.toBe(existing.id);
    expect(sameName.row.identityCheck?.reason).toBe('CODICE_FISCALE_IN_ALTRA_SCHEDA');
    const held = await apiOk<{ datiGenerali: { codiceFiscale: string | null } }>(t.app, {
      method: 'GET',
      url: `/pazienti/${taken.row.pazienteId}`,
      token: owner.token,
    });
    expect(held.datiGenerali.codiceFiscale).toBeNull();

    // a code nobody holds, of another name: held, and its owner can still be registered by the studio
    const annasCode = randomCodiceFiscale('D', { nome: 'Anna', cognome: 'Riva' });
    const notTheirs = await makeBooking(t.app, s, {
      patient: bookingPatient({ nome: 'Marco', cognome: 'Bianchi', codiceFiscale: annasCode }),
    });
    expect(notTheirs.row.identityCheck).toEqual({
      reason: 'CODICE_FISCALE_NON_CORRISPONDE',
      codiceFiscale: annasCode,
      holderName: null,
    });
    const anna = await api(t.app, {
      method: 'POST',
      url: '/pazienti',
      token: owner.token,
      body: {
        ...card,
        datiGenerali: { ...card.datiGenerali, nome: 'Anna', cognome: 'Riva', codiceFiscale: annasCode },
      },
    });
    expect(anna.status).toBe(200);
    // the patient is answered exactly as any other: nothing tells what the studio holds
    const fresh = await makeBooking(t.app, s);
    const keys = (b: PublicBooking) => Object.keys(b).sort();
    expect(keys(taken.booking)).toEqual(keys(fresh.booking));
    expect(taken.booking.status).toBe(fresh.booking.status);
    expect(JSON.stringify(taken.booking)).not.toContain('Verdi');
  });

  it('links by e-mail, mobile and name all matching; a different name makes a new patient', async () => {
    const owner = await createStudioOwner(t.app);
    const s = await openBookingStudio(t.app, owner);
    const email = `mamma.${Date.now()}@example.it`;
    const existing = await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/pazienti',
      token: owner.token,
      body: validPatientInput({
        datiGenerali: { ...validPatientInput().datiGenerali, nome: 'Anna', cognome: 'Riva' },
        contatti: { cellulare: '3331112222', telefono: null, email, pec: null },
      }),
    });
    const same = await makeBooking(t.app, s, {
      patient: bookingPatient({ nome: 'anna', cognome: 'RIVA', email, cellulare: '333 111 2222' }),
    });
    expect(same.row.pazienteId).toBe(existing.id);
    // the child booked from the parent's e-mail and phone is not the parent
    const child = await makeBooking(t.app, s, {
      patient: bookingPatient({ nome: 'Marco', cognome: 'Riva', email, cellulare: '3331112222' }),
    });
    expect(child.row.pazienteId).not.toBe(existing.id);
    expect(child.row.newPatient).toBe(true);
    // the same name and contacts with a fiscal code other than the patient's: another person
    const otherCode = await makeBooking(t.app, s, {
      patient: bookingPatient({
        nome: 'Anna',
        cognome: 'Riva',
        email,
        cellulare: '3331112222',
        codiceFiscale: randomCodiceFiscale('D', { nome: 'Anna', cognome: 'Riva' }),
      }),
    });
    expect(otherCode.row.pazienteId).not.toBe(existing.id);
  });
});

describe('the studio', () => {
  it("reads the patient's booking mails in its outbox without the cancel link; the patient's mail carries it", async () => {
    const s = await openBookingStudio(t.app, await createStudioOwner(t.app));
    const { id, patient, token } = await makeBooking(t.app, s);
    await apiOk(t.app, { method: 'POST', url: `/bookings/${id}/confirm`, token: s.owner.token });
    const outbox = await apiOk<{ id: string; to: string; subject: string }[]>(t.app, {
      method: 'GET',
      url: '/outbox',
      token: s.owner.token,
    });
    const toPatient = outbox.filter((x) => x.to === patient.email.toLowerCase());
    expect(toPatient.map((x) => x.subject)).toEqual([
      expect.stringMatching(/^Appuntamento confermato/),
      expect.stringMatching(/^Richiesta di prenotazione ricevuta/),
    ]);
    for (const listed of toPatient) {
      const detail = await apiOk<{ text: string; html: string | null; hasEml: boolean }>(t.app, {
        method: 'GET',
        url: `/outbox/${listed.id}`,
        token: s.owner.token,
      });
      expect(detail.text).not.toContain(token);
      expect(detail.text).toContain(`Per annullare: ${mailMessages_.hiddenLink}`);
      // the raw message (and its .ics) carries the link: not offered to the studio
      expect(detail.hasEml).toBe(false);
      const eml = await api(t.app, { method: 'GET', url: `/outbox/${listed.id}/eml`, token: s.owner.token });
      expect(eml.status).toBe(404);
      // the message itself, as the local outbox delivered it to the patient, is whole
      const raw = readFileSync(`${t.deps.config.DATA_DIR}/outbox/${listed.id}.eml`, 'latin1').replace(/=\r?\n/g, '');
      expect(raw).toContain(token);
    }
    // the studio's own notice is not touched, nor offered without its .eml
    const toStudio = outbox.find((x) => x.to === 'studio@example.it');
    const notice = await apiOk<{ hasEml: boolean }>(t.app, {
      method: 'GET',
      url: `/outbox/${toStudio?.id}`,
      token: s.owner.token,
    });
    expect(notice.hasEml).toBe(true);
  });

  it('confirms a pending booking: the event too, the patient mailed, the audit trail written', async () => {
    const s = await openBookingStudio(t.app, await createStudioOwner(t.app));
    const { id, patient, token } = await makeBooking(t.app, s);
    const res = await api<StudioBookingRow>(t.app, {
      method: 'POST',
      url: `/bookings/${id}/confirm`,
      token: s.owner.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.response?.status).toBe('STUDIO_CONFIRMED');
    const event = await apiOk<{ reservationStatus: string }>(t.app, {
      method: 'GET',
      url: `/events/${res.body.response?.eventId}`,
      token: s.owner.token,
    });
    expect(event.reservationStatus).toBe('STUDIO_CONFIRMED');
    expect((await mailsTo(patient.email))[0]?.subject).toMatch(/^Appuntamento confermato/);
    const view = await apiOk<PublicBooking>(t.app, {
      method: 'GET',
      url: '/appointments/paziente/booking',
      query: { token },
    });
    expect(view.status).toBe('STUDIO_CONFIRMED');
    const audit = await t.deps.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), eq(auditEvents.studioId, s.owner.studioId)));
    expect(audit.map((a) => a.action).sort()).toEqual(['booking.confirm', 'booking.create']);
    // confirming twice is not a transition
    const again = await api(t.app, { method: 'POST', url: `/bookings/${id}/confirm`, token: s.owner.token });
    expect(again.status).toBe(409);
  });

  it('cancels with a reason: the event goes, the slot is free, both sides are mailed', async () => {
    const s = await openBookingStudio(t.app, await createStudioOwner(t.app));
    const { id, patient, booking } = await makeBooking(t.app, s);
    const res = await api<StudioBookingRow>(t.app, {
      method: 'POST',
      url: `/bookings/${id}/cancel`,
      token: s.owner.token,
      body: { reason: 'Il fisioterapista è malato' },
    });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({ status: 'STUDIO_CANCELLED', eventId: null });
    expect(res.body.response?.cancelReason).toBe('Il fisioterapista è malato');
    const [mail] = await mailsTo(patient.email);
    expect(mail?.subject).toMatch(/^Appuntamento annullato/);
    expect(mail?.text).toContain('Motivo: Il fisioterapista è malato');
    expect((await mailsTo('studio@example.it'))[0]?.subject).toMatch(/^Prenotazione annullata/);
    expect((await freeSlots(t.app, s)).map((x) => x.start)).toContain(booking.start);
    const again = await api(t.app, {
      method: 'POST',
      url: `/bookings/${id}/cancel`,
      token: s.owner.token,
      body: { reason: null },
    });
    expect(again.status).toBe(409);
  });

  it("cannot see, confirm or cancel another studio's booking (404)", async () => {
    const s = await openBookingStudio(t.app, await createStudioOwner(t.app));
    const other = await createStudioOwner(t.app);
    const { id } = await makeBooking(t.app, s);
    expect(await listBookings({ ...s, owner: other })).toEqual([]);
    for (const action of ['confirm', 'cancel'])
      expect(
        (await api(t.app, { method: 'POST', url: `/bookings/${id}/${action}`, token: other.token, body: {} })).status,
      ).toBe(404);
    const [row] = await listBookings(s);
    expect(row?.status).toBe('STUDIO_PENDING_CONFIRMATION');
  });
});

describe("the patient's link", () => {
  it('shows the booking, gives its .ics and cancels it: the event goes and the slot is free again', async () => {
    const s = await openBookingStudio(t.app, await createStudioOwner(t.app));
    const { token, booking, patient } = await makeBooking(t.app, s);
    const ics = await t.app.inject({
      method: 'GET',
      url: `/app/api/appointments/paziente/booking.ics?token=${encodeURIComponent(token)}`,
    });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.body).toContain('BEGIN:VEVENT');
    const res = await api<PublicBooking>(t.app, {
      method: 'POST',
      url: '/appointments/paziente/cancel',
      body: { token },
    });
    expect(res.status).toBe(200);
    expect(res.body.response?.status).toBe('CUSTOMER_CANCELLED');
    expect((await freeSlots(t.app, s)).map((x) => x.start)).toContain(booking.start);
    const [row] = await listBookings(s);
    expect(row).toMatchObject({ status: 'CUSTOMER_CANCELLED', eventId: null });
    expect((await mailsTo(patient.email))[0]?.subject).toMatch(/^Prenotazione annullata/);
    expect((await mailsTo('studio@example.it'))[0]?.text).toContain('ha annullato la prenotazione online');
    const again = await api(t.app, { method: 'POST', url: '/appointments/paziente/cancel', body: { token } });
    expect(again.status).toBe(409);
  });

  it("tells the patient the studio's contacts, the limit in hours and the last moment to cancel", async () => {
    const s = await openBookingStudio(t.app, await createStudioOwner(t.app), { cancelLimitHours: 12 });
    const { token, booking } = await makeBooking(t.app, s);
    const view = await apiOk<PublicBooking>(t.app, {
      method: 'GET',
      url: '/appointments/paziente/booking',
      query: { token },
    });
    expect(view.cancellable).toBe(true);
    expect(view.cancelLimitHours).toBe(12);
    expect(view.cancelUntil).toBe(new Date(Date.parse(booking.start) - 12 * 3_600_000).toISOString());
    // the same studio as the public page shows, nothing more (no other member's data)
    const page = await apiOk<PublicBookingPage>(t.app, { method: 'GET', url: `/booking/${s.slug}` });
    expect(view.studio).toEqual(page.studio);
    expect(Object.keys(view.studio).sort()).toEqual(['address', 'email', 'logoUrl', 'name', 'phone']);
    expect(view.studio).toMatchObject({ email: 'studio@example.it', phone: '+39 333 1234567' });
    expect(booking.cancelLimitHours).toBe(12);
  });

  it('refuses to cancel after the limit: 409 with the message to call the studio', async () => {
    const s = await openBookingStudio(t.app, await createStudioOwner(t.app), { cancelLimitHours: 24 * 7 });
    const { token } = await makeBooking(t.app, s, { daysAhead: 2 });
    const view = await apiOk<PublicBooking>(t.app, {
      method: 'GET',
      url: '/appointments/paziente/booking',
      query: { token },
    });
    expect(view.cancellable).toBe(false);
    // the page can say until when it could, and whom to call instead
    expect(view.cancelLimitHours).toBe(24 * 7);
    expect(Date.parse(view.cancelUntil)).toBe(Date.parse(view.start) - 24 * 7 * 3_600_000);
    const page = await apiOk<PublicBookingPage>(t.app, { method: 'GET', url: `/booking/${s.slug}` });
    expect(view.studio).toEqual(page.studio);
    const res = await api(t.app, { method: 'POST', url: '/appointments/paziente/cancel', body: { token } });
    expect(res.status).toBe(409);
    expect(res.body.answer).toBe('Non è più possibile annullare online: contatta lo studio');
  });

  it('answers 404 to a forged token', async () => {
    const forged = 'x'.repeat(43);
    for (const call of [
      { method: 'GET' as const, url: '/appointments/paziente/booking', query: { token: forged } },
      { method: 'GET' as const, url: '/appointments/paziente/booking.ics', query: { token: forged } },
      { method: 'POST' as const, url: '/appointments/paziente/cancel', body: { token: forged } },
    ])
      expect((await api(t.app, call)).status).toBe(404);
  });
});

describe('the race', () => {
  it('of 50 confirmations of one slot at once, exactly one books it and the others get 409', async () => {
    const s = await openBookingStudio(t.app, await createStudioOwner(t.app), { confirmationMode: 'AUTO' });
    const [slot] = await freeSlots(t.app, s, 5);
    const requests: { id: string; code: string }[] = [];
    for (let i = 0; i < 50; i++) {
      const patient = bookingPatient({ nome: `Paziente${String.fromCharCode(65 + (i % 26))}`, cognome: `Gara${i}` });
      const req = await requestCode(t.app, bookingRequestBody(s, slot?.start as string, patient));
      expect(req.status).toBe(202);
      requests.push({ id: req.body.response?.requestId as string, code: await lastBookingCode(t.app, patient.email) });
    }
    // all at once: on PostgreSQL the app's node-postgres pool (20 connections, db/client.ts) runs them in parallel
    // sessions, so only the advisory locks and the check after them keep the slot single; PGlite runs one at a time
    const results = await Promise.all(requests.map((r) => confirmCode(t.app, r.id, r.code)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((x) => x === 201)).toHaveLength(1);
    expect(statuses.filter((x) => x === 409)).toHaveLength(49);
    const rows = await listBookings(s);
    expect(rows).toHaveLength(1);
    const booked = await t.deps.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.studioId, s.owner.studioId), eq(events.startAt, new Date(slot?.start as string))));
    expect(booked).toHaveLength(1);
  }, 120_000);
});

describe('bot check and limits', () => {
  it('marks the three writes for the bot check (X-Turnstile-Token where configured)', () => {
    const marked = t.app.apiRoutes.filter((r) => r.url.startsWith('/app/api/appointments/paziente') && r.turnstile);
    expect(marked.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'POST /app/api/appointments/paziente/book',
      'POST /app/api/appointments/paziente/book/code',
      'POST /app/api/appointments/paziente/cancel',
    ]);
  });

  it('refuses a booking request without a verified token when the bot check is configured', async () => {
    const fake = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const ok = new URLSearchParams(body).get('response') === 'buono';
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: ok }));
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const guarded = await buildTestApp({
      TURNSTILE_SECRET: 'segreto-turnstile',
      TURNSTILE_VERIFY_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/siteverify`,
    });
    try {
      const body = {
        slug: 'studio-che-non-esiste',
        productId: '00000000-0000-4000-8000-000000000000',
        staffMemberId: null,
        start: '2030-01-07T09:00:00.000Z',
        patient: bookingPatient(),
        privacyAccepted: true,
      };
      const url = '/appointments/paziente/book/code';
      const none = await api(guarded.app, { method: 'POST', url, body });
      expect(none.status).toBe(403);
      const bad = await api(guarded.app, { method: 'POST', url, body, headers: { 'x-turnstile-token': 'cattivo' } });
      expect(bad.status).toBe(403);
      // a verified token reaches the booking itself (here: no such page)
      const good = await api(guarded.app, { method: 'POST', url, body, headers: { 'x-turnstile-token': 'buono' } });
      expect(good.status).toBe(404);
      const cancel = await api(guarded.app, {
        method: 'POST',
        url: '/appointments/paziente/cancel',
        body: { token: 'x'.repeat(43) },
      });
      expect(cancel.status).toBe(403);
    } finally {
      await guarded.close();
      await new Promise<void>((resolve) => fake.close(() => resolve()));
    }
  });

  it('a flood from 1,000 addresses mails a bounded number of codes and never shuts the page to the studio’s patients (issue 39 item 4)', async () => {
    // the install's own limits (config/env.ts defaults), not the tests' high ones
    const limited = await buildTestApp({
      RATE_LIMIT_BOOKING_CODES_PER_HOUR_ADDRESS: 20,
      RATE_LIMIT_BOOKING_CODES_PER_HOUR_BLOCK: 60,
      RATE_LIMIT_BOOKING_CODES_PER_HOUR_EMAIL: 5,
      RATE_LIMIT_BOOKING_CODES_PER_HOUR_NEW_ADDRESSES: 60,
    });
    try {
      const owner = await createStudioOwner(limited.app);
      const s = await openBookingStudio(limited.app, owner);
      // a patient of the studio, on its cards with her e-mail
      const card = validPatientInput();
      const giuliaEmail = `giulia.${Date.now()}@example.it`;
      await apiOk(limited.app, {
        method: 'POST',
        url: '/pazienti',
        token: owner.token,
        body: { ...card, contatti: { ...card.contatti, email: giuliaEmail } },
      });
      const slots = await freeSlots(limited.app, s);
      const start = slots[0]?.start as string;
      // the attacker: 1,000 addresses in 1,000 network blocks, a throw-away e-mail each
      const flood = `flood${Date.now()}`;
      const statuses = new Map<number, number>();
      for (let i = 0; i < 1000; i++) {
        const res = await api(limited.app, {
          method: 'POST',
          url: '/appointments/paziente/book/code',
          body: bookingRequestBody(s, start, bookingPatient({ email: `${flood}.${i}@example.net` })),
          remoteAddress: `10.${i >> 8}.${i & 255}.9`,
        });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
      // every request answered alike (the flood cannot tell), and only 60 codes mailed
      expect(Object.fromEntries(statuses)).toEqual({ 202: 1000 });
      const mailed = await limited.deps.db
        .select({ to: mailMessages.to })
        .from(mailMessages)
        .where(like(mailMessages.to, `${flood}.%`));
      expect(mailed).toHaveLength(60);

      // the studio's patient still gets her code and books
      const giulia = bookingPatient({ nome: 'Giulia', cognome: 'Verdi', email: giuliaEmail });
      const asked = await api<{ requestId: string }>(limited.app, {
        method: 'POST',
        url: '/appointments/paziente/book/code',
        body: bookingRequestBody(s, start, giulia),
        remoteAddress: '198.51.100.20',
      });
      expect(asked.status).toBe(202);
      const booked = await confirmCode(
        limited.app,
        asked.body.response?.requestId as string,
        await lastBookingCode(limited.app, giuliaEmail),
      );
      expect(booked.status).toBe(201);

      // one network block asks at most 60 codes an hour, one e-mail address is sent at most 5 (a time still free)
      const other = slots.at(-1)?.start as string;
      const fromBlock: number[] = [];
      for (let i = 0; i < 61; i++)
        fromBlock.push(
          (
            await api(limited.app, {
              method: 'POST',
              url: '/appointments/paziente/book/code',
              body: bookingRequestBody(s, other, bookingPatient()),
              remoteAddress: `203.0.113.${i + 1}`,
            })
          ).status,
        );
      expect(fromBlock.filter((x) => x === 429)).toHaveLength(1);
      const toOneEmail: number[] = [];
      for (let i = 0; i < 6; i++)
        toOneEmail.push(
          (
            await api(limited.app, {
              method: 'POST',
              url: '/appointments/paziente/book/code',
              body: bookingRequestBody(s, other, bookingPatient({ email: giuliaEmail })),
              remoteAddress: `192.0.2.${i + 1}`,
            })
          ).status,
        );
      // she asked once above: four more, then 429
      expect(toOneEmail).toEqual([202, 202, 202, 202, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('answers 429 once an address asked for too many codes in an hour', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_BOOKING_CODES_PER_HOUR_ADDRESS: 3 });
    try {
      const s = await openBookingStudio(limited.app, await createStudioOwner(limited.app));
      const [slot] = await freeSlots(limited.app, s);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await requestCode(limited.app, bookingRequestBody(s, slot?.start as string))).status);
      expect(statuses).toEqual([202, 202, 202, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('the log', () => {
  it("never holds the patient's code, fiscal code, e-mail, name or cancel token, even at trace level", async () => {
    const captured: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        captured.push(String(chunk));
        cb();
      },
    });
    const logged = await buildTestApp({}, { logger: { level: 'trace', stream: sink } });
    try {
      const s = await openBookingStudio(logged.app, await createStudioOwner(logged.app));
      const cf = randomCodiceFiscale();
      const patient = bookingPatient({ nome: 'Ermenegilda', cognome: 'Zanzottera', codiceFiscale: cf });
      const { token } = await makeBooking(logged.app, s, { patient });
      const code = await lastBookingCode(logged.app, patient.email);
      await api(logged.app, { method: 'GET', url: '/appointments/paziente/booking', query: { token } });
      await api(logged.app, { method: 'POST', url: '/appointments/paziente/cancel', body: { token } });
      const log = captured.join('');
      expect(log).toContain('/app/api/appointments/paziente/book');
      for (const secret of [cf, patient.email, 'Zanzottera', token, `"${code}"`]) expect(log).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});
