import { Button, Group, Paper, Text } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { widgetMessages } from './widget.messages.ts';

export type SupportBannerProps = {
  /** E-mail of the user the operator is acting as. */
  email: string;
  /** Ends support mode (clears the support data); the banner then returns to the site root (spec part 2 §2). */
  onExit: () => void | Promise<void>;
};

/** Tells the operator they are acting as another user, with the way out. Render it only while support data exists. */
export const SupportBanner = ({ email, onExit }: SupportBannerProps) => {
  const navigate = useNavigate();
  const [exiting, setExiting] = useState(false);
  const text = widgetMessages.supportActive(email);
  const exit = async () => {
    setExiting(true);
    try {
      await onExit();
      navigate('/');
    } finally {
      setExiting(false);
    }
  };
  return (
    <Paper role="region" aria-label={text} bg="orange.1" c="orange.9" px="md" py="xs" radius={0}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <IconLifebuoy size={18} aria-hidden />
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {text}
          </Text>
        </Group>
        <Button size="xs" color="orange" onClick={exit} loading={exiting}>
          {widgetMessages.supportExit}
        </Button>
      </Group>
    </Paper>
  );
};
