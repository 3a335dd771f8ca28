import { Button, CopyButton } from '@mantine/core';
import { referralMessages as m, referralSignupLink, whatsappShareUrl } from '@studiolo/domain/referrals';
import { IconBrandWhatsapp, IconCopy } from '@tabler/icons-react';

/** The invite link (sign-up with customerInvitedByUserId) shared through WhatsApp, with an optional own message. */
export const inviteLinkOf = (inviterUserId: string) => referralSignupLink(window.location.origin, inviterUserId);

export const WhatsappShareButton = ({
  inviterUserId,
  message,
  size = 'sm',
}: {
  inviterUserId: string;
  /** The platform's text (global banner's whatsappShareMsg); the link is added after it. */
  message?: string;
  size?: 'xs' | 'sm';
}) => {
  const link = inviteLinkOf(inviterUserId);
  const text = message?.trim() ? `${message.trim()} ${link}` : m.whatsappDefault(link);
  return (
    <Button
      component="a"
      href={whatsappShareUrl(text)}
      target="_blank"
      rel="noopener noreferrer"
      size={size}
      color="green"
      leftSection={<IconBrandWhatsapp size={18} aria-hidden />}
    >
      {m.shareWhatsapp}
    </Button>
  );
};

export const CopyInviteLinkButton = ({ inviterUserId }: { inviterUserId: string }) => (
  <CopyButton value={inviteLinkOf(inviterUserId)}>
    {({ copied, copy }) => (
      <Button variant="default" size="sm" onClick={copy} leftSection={<IconCopy size={16} aria-hidden />}>
        {copied ? m.linkCopied : m.copyLink}
      </Button>
    )}
  </CopyButton>
);
