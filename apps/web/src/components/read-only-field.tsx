import { Box, Tooltip, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { widgetMessages } from './widget.messages.ts';

export type ReadOnlyFieldProps = {
  children: ReactNode;
  /** When false the field is shown as is, so a form can toggle it without changing its tree. */
  readOnly?: boolean;
};

/**
 * Wraps a disabled or read-only input to explain why it cannot be changed (spec part 1 §5: tooltip "Campo non modificabile.").
 * The tooltip sits on the wrapper because disabled inputs receive no pointer or focus events.
 */
export const ReadOnlyField = ({ children, readOnly = true }: ReadOnlyFieldProps) => {
  if (!readOnly) return children;
  return (
    <Tooltip
      label={widgetMessages.readOnlyField}
      events={{ hover: true, focus: true, touch: true }}
      position="top-start"
    >
      <Box>
        {children}
        <VisuallyHidden>{widgetMessages.readOnlyField}</VisuallyHidden>
      </Box>
    </Tooltip>
  );
};
