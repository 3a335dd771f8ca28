import {
  type BookingException,
  type BookingHours,
  type BookingServiceInput,
  type BookingSettings,
  type BookingSettingsAnswer,
  type BookingStaffInput,
  reservedBookingSlugs,
} from '@studiolo/domain/booking';
import { studioDisplayName } from '@studiolo/domain/studio';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, invalidField } from '../../shared/app-error.ts';
import { publicUrl } from '../../shared/public-url.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { changedFieldNames, recordAudit } from '../audit/audit.repository.ts';
import {
  type BookingExceptionColumns,
  type BookingHoursColumns,
  type BookingSettingsColumns,
  type BookingSettingsRow,
  bookingRepository as repo,
} from './booking.repository.ts';
import { bookingServerMessages as m } from './booking-messages.ts';

/** Minutes from midnight ↔ "HH:mm" (Europe/Rome wall time; 24:00 is the end of the day). */
export const minuteOfWall = (wall: string) => {
  const [h, mm] = wall.split(':').map(Number) as [number, number];
  return h * 60 + mm;
};
export const wallOfMinute = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The public page's address: {PUBLIC_URL}/prenota/{slug}. */
export const bookingPublicUrl = (deps: AppDeps, slug: string) => `${publicUrl(deps)}/prenota/${slug}`;

export const toBookingSettings = (row: BookingSettingsRow): BookingSettings => ({
  enabled: row.enabled,
  slug: row.slug,
  minNoticeMinutes: row.minNoticeMinutes,
  horizonDays: row.horizonDays,
  slotStepMinutes: row.slotStepMinutes,
  bufferMinutes: row.bufferMinutes,
  cancelLimitHours: row.cancelLimitHours,
  confirmationMode: row.confirmationMode,
  closedOnHolidays: row.closedOnHolidays,
  pageText: row.pageText,
  embedOrigins: row.embedOrigins,
});

const isReserved = (slug: string) => (reservedBookingSlugs as readonly string[]).includes(slug);

/** A readable slug from the studio's name: lowercase ASCII letters and digits joined by single dashes, 3–60. */
export const slugOfName = (name: string) => {
  const base = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/g, '');
  return base.length >= 3 && !isReserved(base) ? base : `studio${base ? `-${base}` : ''}`;
};

/**
 * The studio's settings, made with the defaults of decision 035 on the first read: booking off, a slug from the
 * studio's name, deduplicated with a number ("studio-rossi", "studio-rossi-2", …).
 */
const ensureSettings = async (db: DbOrTx, ctx: StudioContext) => {
  const existing = await repo.findSettings(db, ctx);
  if (existing) return existing;
  const studio = await repo.studio(db, ctx);
  const base = slugOfName(studio ? studioDisplayName(studio) : '');
  const used = await repo.unsafeSlugsLike(db, base);
  for (let n = 1; n < 100_000; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (used.has(slug)) continue;
    // a conflict here is a studio that took the slug meanwhile, or this studio's row made by a parallel first read
    const made = await repo.insertSettings(db, ctx, { slug });
    if (made) return made;
    const mine = await repo.findSettings(db, ctx);
    if (mine) return mine;
  }
  throw new AppError('CONFLICT', m.slugTaken);
};

const settingsAnswer = async (deps: AppDeps, db: DbOrTx, ctx: StudioContext): Promise<BookingSettingsAnswer> => {
  const row = await ensureSettings(db, ctx);
  const [products, services, members, hours, exceptions] = [
    await repo.products(db, ctx),
    await repo.services(db, ctx),
    await repo.members(db, ctx),
    await repo.hours(db, ctx),
    await repo.exceptions(db, ctx),
  ];
  const serviceOf = new Map(services.map((s) => [s.productId, s]));
  return {
    settings: toBookingSettings(row),
    publicUrl: bookingPublicUrl(deps, row.slug),
    // every active product, and an inactive one the studio had made bookable (so it can turn it off)
    services: products
      .filter((p) => p.status === 'ACTIVE' || serviceOf.has(p.id))
      .map((p) => {
        const s = serviceOf.get(p.id);
        return {
          productId: p.id,
          name: p.name,
          priceCents: p.priceCents,
          bookable: s?.bookable ?? false,
          showPrice: s?.showPrice ?? true,
          durationMinutes: s?.durationMinutes ?? Math.min(8 * 60, Math.max(5, p.durationMinutes)),
          staffMemberIds: s?.staffMemberIds ?? [],
          clinicRoomIds: s?.clinicRoomIds ?? [],
          medicalDeviceIds: s?.medicalDeviceIds ?? [],
        };
      }),
    staff: members.map((member) => ({
      memberId: member.id,
      name: member.name,
      lastname: member.lastname,
      hours: hours
        .filter((h) => h.staffMemberId === member.id)
        .map((h) => ({ weekday: h.weekday, start: wallOfMinute(h.startMinute), end: wallOfMinute(h.endMinute) })),
      exceptions: exceptions
        .filter((e) => e.staffMemberId === member.id)
        .map((e) => ({
          date: e.date,
          kind: e.kind,
          start: e.startMinute === null ? null : wallOfMinute(e.startMinute),
          end: e.endMinute === null ? null : wallOfMinute(e.endMinute),
          note: e.note,
        })),
    })),
  };
};

/** GET /settings/booking (the defaults are made on the first read). */
export const getBookingSettings = (deps: AppDeps, ctx: StudioContext) =>
  deps.db.transaction((tx) => settingsAnswer(deps, tx, ctx));

/** A CSP source is an origin: a path or a trailing slash the studio pasted is dropped, duplicates once. */
const originsOf = (urls: string[]) => [...new Set(urls.map((u) => new URL(u).origin))];

/** PUT /settings/booking: the general settings; a taken slug answers 409, a reserved one 400. */
export const putBookingSettings = (deps: AppDeps, ctx: StudioContext, input: BookingSettings) =>
  deps.db.transaction(async (tx) => {
    if (isReserved(input.slug)) throw invalidField('slug', m.slugReserved);
    const current = await ensureSettings(tx, ctx);
    const before = toBookingSettings((await repo.findSettingsForUpdate(tx, ctx)) ?? current);
    const owner = await repo.unsafeSlugOwner(tx, input.slug);
    const taken = new AppError('CONFLICT', m.slugTaken, { fields: { slug: m.slugTaken } });
    if (owner !== null && owner !== ctx.studioId) throw taken;
    const columns: BookingSettingsColumns = {
      enabled: input.enabled,
      slug: input.slug,
      minNoticeMinutes: input.minNoticeMinutes,
      horizonDays: input.horizonDays,
      slotStepMinutes: input.slotStepMinutes,
      bufferMinutes: input.bufferMinutes,
      cancelLimitHours: input.cancelLimitHours,
      confirmationMode: input.confirmationMode,
      closedOnHolidays: input.closedOnHolidays,
      pageText: input.pageText ?? null,
      embedOrigins: originsOf(input.embedOrigins),
    };
    let row: BookingSettingsRow | null;
    try {
      row = await repo.updateSettings(tx, ctx, columns);
    } catch (error) {
      // two studios taking one slug at the same instant: the unique index decides, the loser hears it as 409
      if ((error as { code?: string; cause?: { code?: string } }).cause?.code === '23505') throw taken;
      if ((error as { code?: string }).code === '23505') throw taken;
      throw error;
    }
    const after = toBookingSettings(row ?? current);
    await recordAudit(tx, ctx, {
      action: 'settings.booking.update',
      entityType: 'settings',
      entityId: 'booking',
      changedFields: changedFieldNames(before, after),
    });
    return settingsAnswer(deps, tx, ctx);
  });

/** SECURITY: every id the body names must be the studio's (the foreign keys alone would take another studio's). */
const checkOwned = async (
  db: DbOrTx,
  ctx: StudioContext,
  what: Parameters<typeof repo.countOwned>[2],
  ids: string[],
) => {
  if ((await repo.countOwned(db, ctx, what, ids)) !== new Set(ids).size)
    throw new AppError('NOT_FOUND', m.elementNotFound);
};

/** PUT /settings/booking/services/:productId: whether and how a product is booked online. */
export const putBookingService = (deps: AppDeps, ctx: StudioContext, productId: string, input: BookingServiceInput) =>
  deps.db.transaction(async (tx) => {
    await checkOwned(tx, ctx, 'products', [productId]);
    await checkOwned(tx, ctx, 'members', input.staffMemberIds);
    await checkOwned(tx, ctx, 'rooms', input.clinicRoomIds);
    await checkOwned(tx, ctx, 'medical-devices', input.medicalDeviceIds);
    if (input.bookable && input.staffMemberIds.length === 0) throw invalidField('staffMemberIds', m.bookableNeedsStaff);
    const before = await repo.findService(tx, ctx, productId);
    const columns = {
      bookable: input.bookable,
      showPrice: input.showPrice,
      durationMinutes: input.durationMinutes,
      staffMemberIds: [...new Set(input.staffMemberIds)],
      clinicRoomIds: [...new Set(input.clinicRoomIds)],
      medicalDeviceIds: [...new Set(input.medicalDeviceIds)],
    };
    await repo.upsertService(tx, ctx, productId, columns);
    const pick = (s: typeof columns) => ({ ...s });
    await recordAudit(tx, ctx, {
      action: 'settings.booking.service',
      entityType: 'product',
      entityId: productId,
      changedFields: changedFieldNames(before ? pick(before) : {}, pick(columns)),
    });
    return settingsAnswer(deps, tx, ctx);
  });

const hoursColumns = (hours: BookingHours[]): BookingHoursColumns[] => {
  const rows = hours.map((h, i) => {
    const row = { weekday: h.weekday, startMinute: minuteOfWall(h.start), endMinute: minuteOfWall(h.end) };
    if (row.startMinute >= row.endMinute) throw invalidField(`hours.${i}.end`, m.hoursWindow);
    return { row, i };
  });
  const sorted = [...rows].sort((a, b) => a.row.weekday - b.row.weekday || a.row.startMinute - b.row.startMinute);
  for (let k = 1; k < sorted.length; k++) {
    const prev = sorted[k - 1] as (typeof sorted)[number];
    const cur = sorted[k] as (typeof sorted)[number];
    if (prev.row.weekday === cur.row.weekday && cur.row.startMinute < prev.row.endMinute)
      throw invalidField(`hours.${cur.i}.start`, m.hoursOverlap);
  }
  return rows.map((r) => r.row);
};

const exceptionColumns = (exceptions: BookingException[]): BookingExceptionColumns[] =>
  exceptions.map((e, i) => {
    if ((e.start === null) !== (e.end === null)) throw invalidField(`exceptions.${i}.end`, m.exceptionHoursPair);
    if (e.kind === 'OPEN' && e.start === null) throw invalidField(`exceptions.${i}.start`, m.exceptionOpenNeedsHours);
    const startMinute = e.start === null ? null : minuteOfWall(e.start);
    const endMinute = e.end === null ? null : minuteOfWall(e.end);
    if (startMinute !== null && endMinute !== null && startMinute >= endMinute)
      throw invalidField(`exceptions.${i}.end`, m.hoursWindow);
    return { date: e.date, kind: e.kind, startMinute, endMinute, note: e.note ?? null };
  });

/** PUT /settings/booking/staff/:memberId: replaces the member's weekly hours and exceptions. */
export const putBookingStaff = (deps: AppDeps, ctx: StudioContext, memberId: string, input: BookingStaffInput) =>
  deps.db.transaction(async (tx) => {
    await checkOwned(tx, ctx, 'members', [memberId]);
    const hours = hoursColumns(input.hours);
    const exceptions = exceptionColumns(input.exceptions);
    await repo.replaceStaff(tx, ctx, memberId, hours, exceptions);
    await recordAudit(tx, ctx, {
      action: 'settings.booking.staff',
      entityType: 'staff-member',
      entityId: memberId,
      changedFields: ['hours', 'exceptions'],
    });
    return settingsAnswer(deps, tx, ctx);
  });

/** The public link as a QR code (error correction M, as the other QR codes of the app). */
export const bookingQr = async (deps: AppDeps, ctx: StudioContext, format: 'png' | 'svg') => {
  const row = await deps.db.transaction((tx) => ensureSettings(tx, ctx));
  const url = bookingPublicUrl(deps, row.slug);
  const options = { errorCorrectionLevel: 'M' as const, margin: 2 };
  // loaded here rather than while the server starts (the restart within 5 s)
  const { default: QRCode } = await import('qrcode');
  return format === 'png'
    ? QRCode.toBuffer(url, { ...options, type: 'png', width: 512 })
    : QRCode.toString(url, { ...options, type: 'svg' });
};
