import { Box, Button, CloseButton, Collapse, Group, Paper, Stack, Text, Typography } from '@mantine/core';
import {
  type GlobalNotification,
  bannerMessages as m,
  referralMessages,
  referralSignupLink,
  whatsappShareUrl,
} from '@studiolo/domain/referrals';
import { IconBrandWhatsapp, IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { useGlobalNotification } from '../api/get-global-notification.ts';

const dismissedKey = 'studiolo.banner.dismissed';

/** The banner closed for this version (its updatedAt): a new text shows again. Kept for the browser session. */
const dismissedVersion = () => {
  try {
    return sessionStorage.getItem(dismissedKey);
  } catch {
    return null;
  }
};

export type GlobalBannerViewProps = {
  notification: GlobalNotification;
  /** The signed-in user's id, for the invite link (customerInvitedByUserId); no share without it. */
  inviterUserId: string | null;
  onClose: () => void;
};

/** The global banner (spec part 2 §2, §4): title, details that open and close, the invite share, a close button. */
export const GlobalBannerView = ({ notification: n, inviterUserId, onClose }: GlobalBannerViewProps) => {
  const [open, setOpen] = useState(false);
  const hasDetails = Boolean(n.descriptionTitle || n.descriptionBody);
  const link = inviterUserId ? referralSignupLink(window.location.origin, inviterUserId) : null;
  const shareText = link
    ? n.whatsappShareMsg.trim()
      ? `${n.whatsappShareMsg.trim()} ${link}`
      : referralMessages.whatsappDefault(link)
    : null;
  return (
    <Paper
      role="region"
      aria-label={n.title}
      bg="blue.0"
      c="blue.9"
      px="md"
      py="xs"
      radius={0}
      data-testid="global-banner"
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="wrap" style={{ minWidth: 0, flex: 1 }}>
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <IconSpeakerphone size={18} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {n.title}
              </Text>
            </Group>
            <Group gap="xs" wrap="wrap">
              {hasDetails && (
                <Button size="compact-sm" variant="subtle" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
                  {open ? m.hideDetails : m.details}
                </Button>
              )}
              {n.showBtnShareInvito && shareText && (
                <Button
                  component="a"
                  href={whatsappShareUrl(shareText)}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="compact-sm"
                  color="green"
                  leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
                >
                  {m.shareInvite}
                </Button>
              )}
            </Group>
          </Group>
          <CloseButton aria-label={m.close} onClick={onClose} size="sm" />
        </Group>
        {hasDetails && (
          <Collapse expanded={open}>
            <Box pb="xs">
              {n.descriptionTitle && (
                <Text size="sm" fw={600} mb={4}>
                  {n.descriptionTitle}
                </Text>
              )}
              <Typography>
                {/* SECURITY: the server keeps the details to its allow-list on save and on read (decision 038) */}
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML from the server */}
                <div dangerouslySetInnerHTML={{ __html: n.descriptionBody }} />
              </Typography>
            </Box>
          </Collapse>
        )}
      </Stack>
    </Paper>
  );
};

/** The banner in the signed-in layout: asked after the page (it never holds the first screen), refreshed per spec. */
export const GlobalBanner = ({
  inviterUserId,
  flushTop = false,
}: {
  inviterUserId: string | null;
  /** Edge to edge at the top of the page's padded area (nothing above it), as the support banner is. */
  flushTop?: boolean;
}) => {
  const query = useGlobalNotification();
  const [dismissed, setDismissed] = useState(dismissedVersion);
  const n = query.data;
  if (!n?.showBanner || !n.title || dismissed === (n.updatedAt ?? '')) return null;
  return (
    <div
      style={{
        margin: `${flushTop ? 'calc(var(--app-shell-padding) * -1)' : '0'} calc(var(--app-shell-padding) * -1) var(--mantine-spacing-md)`,
      }}
    >
      <GlobalBannerView
        notification={n}
        inviterUserId={inviterUserId}
        onClose={() => {
          const version = n.updatedAt ?? '';
          try {
            sessionStorage.setItem(dismissedKey, version);
          } catch {
            // private mode: closed for this page only
          }
          setDismissed(version);
        }}
      />
    </div>
  );
};
