import type { PublicBookingPage, PublicStudio } from '@studiolo/domain/booking';
import { studioDisplayName } from '@studiolo/domain/studio';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../shared/app-error.ts';
import { publicScope, bookingRepository as repo, type StudioScope } from './booking.repository.ts';
import { bookingServerMessages as m } from './booking-messages.ts';

/** The studio's logo as the studio feature serves it without a token (GET /public/logos/:assetId, kind 'logo' only). */
const publicLogoPath = (assetId: string) => `/app/api/public/logos/${assetId}`;

/** One answer for an unknown slug and for booking turned off: the page never tells which. */
export const pageNotFound = () => new AppError('NOT_FOUND', m.pageNotFound);

/**
 * The settings of the studio a public link names, when its booking is on; the scope is that studio's for every later
 * read. SECURITY: the slug comes from the URL; the studio id only from the row it names.
 */
export const openBookingPage = async (db: DbOrTx, slug: string) => {
  const settings = await repo.unsafeSettingsBySlug(db, slug);
  if (!settings?.enabled) throw pageNotFound();
  return { settings, scope: publicScope(settings.studioId) };
};

type Json = Record<string, unknown>;
const textOf = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** "Via Roma 1, 40121 Bologna (BO)" from the studio's stored address; null when it has none. */
const addressOf = (r: Json) => {
  const town = [textOf(r.cap), textOf(r.comune), textOf(r.provincia) ? `(${textOf(r.provincia)})` : null]
    .filter(Boolean)
    .join(' ');
  return [textOf(r.indirizzo), town || null].filter(Boolean).join(', ') || null;
};

type StudioRow = NonNullable<Awaited<ReturnType<typeof repo.studio>>>;

/**
 * The studio as a patient sees it: the public page's header and the booking's own page (the contacts to call when it
 * can no longer be cancelled online). phone = telefono, else cellulare; no other member's or studio's data.
 */
export const publicStudioOf = (studio: StudioRow): PublicStudio => {
  const contatti = (studio.contatti ?? {}) as Json;
  return {
    name: studioDisplayName(studio),
    logoUrl: studio.logoAssetId ? publicLogoPath(studio.logoAssetId) : null,
    address: addressOf((studio.residenza ?? {}) as Json),
    phone: textOf(contatti.telefono) ?? textOf(contatti.cellulare),
    email: textOf(contatti.email),
  };
};

/** The services a patient can book now: bookable, the product active, at least one of its staff still a member. */
export const bookableServices = async (db: DbOrTx, scope: StudioScope) => {
  const [products, services, members] = [
    await repo.products(db, scope),
    await repo.services(db, scope),
    await repo.members(db, scope),
  ];
  const memberIds = new Set(members.map((x) => x.id));
  const productOf = new Map(products.map((p) => [p.id, p]));
  const list = [];
  for (const s of services) {
    const product = productOf.get(s.productId);
    const staffMemberIds = s.staffMemberIds.filter((id) => memberIds.has(id));
    if (!s.bookable || !product || product.status !== 'ACTIVE' || staffMemberIds.length === 0) continue;
    list.push({ ...s, staffMemberIds, name: product.name, priceCents: product.priceCents });
  }
  list.sort((a, b) => a.name.localeCompare(b.name, 'it'));
  return { services: list, members };
};

/** GET /booking/:slug — only what PublicBookingPage carries (no member's e-mail, no product not bookable). */
export const publicBookingPage = (deps: AppDeps, slug: string): Promise<PublicBookingPage> =>
  deps.db.transaction(async (tx) => {
    const { settings, scope } = await openBookingPage(tx, slug);
    const studio = await repo.studio(tx, scope);
    if (!studio) throw pageNotFound();
    const { services, members } = await bookableServices(tx, scope);
    const offered = new Set(services.flatMap((s) => s.staffMemberIds));
    return {
      studio: publicStudioOf(studio),
      pageText: settings.pageText,
      cancelLimitHours: settings.cancelLimitHours,
      confirmationMode: settings.confirmationMode,
      services: services.map((s) => ({
        productId: s.productId,
        name: s.name,
        durationMinutes: s.durationMinutes,
        priceCents: s.showPrice ? s.priceCents : null,
        staffMemberIds: s.staffMemberIds,
      })),
      staff: members
        .filter((x) => offered.has(x.id))
        .map((x) => ({ memberId: x.id, displayName: `${x.name} ${x.lastname}`.trim() })),
    };
  });
