import { Alert, Button, Group, type MantineColor, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { widgetMessages } from './widget.messages.ts';

export type DismissibleBannerProps = {
  title: string;
  message: ReactNode;
  /** The action button shows only with onAction (spec part 1 §2: default text "Aggiungi"). */
  actionLabel?: string;
  onAction?: () => void;
  /** Called after the user closes the banner, e.g. to remember the choice. */
  onDismiss?: () => void;
  color?: MantineColor;
  icon?: ReactNode;
};

/** A banner the user can close, with an optional action. */
export const DismissibleBanner = ({
  title,
  message,
  actionLabel = widgetMessages.bannerAction,
  onAction,
  onDismiss,
  color = 'blue',
  icon,
}: DismissibleBannerProps) => {
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <Alert
      role="region"
      aria-label={title}
      title={title}
      color={color}
      icon={icon}
      withCloseButton
      closeButtonLabel={widgetMessages.close}
      onClose={() => {
        setDismissed(true);
        onDismiss?.();
      }}
    >
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
        {onAction && (
          <Button size="xs" color={color} onClick={onAction}>
            {actionLabel}
          </Button>
        )}
      </Group>
    </Alert>
  );
};
