import type { GlobalNotification, GlobalNotificationInput } from '@studiolo/domain/referrals';
import type { AppDeps } from '../../deps.ts';
import type { UserContext } from '../../shared/studio-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { type GlobalNotificationRow, bannerRepository as repo } from './banner.repository.ts';
import { sanitizeBannerHtml } from './banner-sanitize.ts';

const none: GlobalNotification = {
  title: '',
  descriptionTitle: '',
  descriptionBody: '',
  showBanner: false,
  showBtnShareInvito: false,
  whatsappShareMsg: '',
  updatedAt: null,
};

const toNotification = (row: GlobalNotificationRow | null): GlobalNotification =>
  row
    ? {
        title: row.title,
        descriptionTitle: row.descriptionTitle,
        // sanitised again on the way out: a row written before a stricter allow-list is served by the current one
        descriptionBody: sanitizeBannerHtml(row.descriptionBody),
        showBanner: row.showBanner,
        showBtnShareInvito: row.showBtnShareInvito,
        whatsappShareMsg: row.whatsappShareMsg,
        updatedAt: row.updatedAt.toISOString(),
      }
    : none;

export const getGlobalNotification = async (deps: AppDeps) => toNotification(await repo.find(deps.db));

/** Saves the banner (ROLE_ADMIN or ROLE_CONTENT_MANAGER): the details' HTML is kept to the allow-list. */
export const saveGlobalNotification = (deps: AppDeps, ctx: UserContext, input: GlobalNotificationInput) =>
  deps.db.transaction(async (tx) => {
    const row = await repo.upsert(
      tx,
      { ...input, descriptionBody: sanitizeBannerHtml(input.descriptionBody), updatedByUserId: ctx.userId },
      deps.now(),
    );
    await recordAudit(
      tx,
      { ...ctx, studioId: null },
      {
        action: 'global-notification.update',
        entityType: 'global-notification',
        changedFields: Object.keys(input),
      },
    );
    return toNotification(row);
  });
