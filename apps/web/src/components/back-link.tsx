import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { widgetMessages } from './widget.messages.ts';

export type BackLinkProps = {
  /** Where to go; without it the link goes back in history (spec part 1 §2). */
  to?: string;
  children?: ReactNode;
};

/** A link back: to a given path, or to the previous page. */
export const BackLink = ({ to, children = widgetMessages.backToDashboard }: BackLinkProps) => {
  const navigate = useNavigate();
  const location = useLocation();
  // The router marks the page the app was opened on with key "default": there is nothing to go back to, so go home.
  const hasHistory = location.key !== 'default';
  return (
    <Anchor
      component={Link}
      to={to ?? '/'}
      size="sm"
      onClick={(event) => {
        if (to) return;
        event.preventDefault();
        if (hasHistory) navigate(-1);
        else navigate('/');
      }}
    >
      <Group component="span" gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        <span>{children}</span>
      </Group>
    </Anchor>
  );
};
