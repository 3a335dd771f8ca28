import { Box, ColorSwatch, Group, Input, isLightColor, Stack, Text, Tooltip } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { type AvatarColor, avatarColors } from '@studiolo/domain/staff';
import { IconCheck } from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { widgetMessages } from './widget.messages.ts';

export type AvatarColorPickerProps = {
  value: string | null | undefined;
  onChange: (value: AvatarColor) => void;
  /** Colours already taken by other staff members: marked, still selectable (spec part 1 §2). */
  usedColors?: readonly string[];
  label?: string;
  error?: ReactNode;
  disabled?: boolean;
};

const sameColor = (a: string | null | undefined, b: string) => a?.toLowerCase() === b.toLowerCase();

const UsedMark = ({ dark }: { dark: boolean }) => (
  <Box
    component="span"
    aria-hidden
    w={9}
    h={9}
    bg={dark ? 'dark.8' : 'white'}
    style={{ borderRadius: '50%', position: 'absolute', top: 2, right: 2, border: '1px solid rgba(0,0,0,0.35)' }}
  />
);

/** The 20 avatar colours as a radio group of swatches; arrow keys move the choice as in a native radio group. */
export const AvatarColorPicker = ({
  value,
  onChange,
  usedColors = [],
  label = widgetMessages.avatarColorLabel,
  error,
  disabled = false,
}: AvatarColorPickerProps) => {
  const labelId = useId();
  const usedNoteId = useId();
  const errorId = useId();
  const swatches = useRef<(HTMLButtonElement | null)[]>([]);
  const isUsed = (color: string) => usedColors.some((used) => sameColor(used, color));
  const anyUsed = avatarColors.some((c) => isUsed(c.value));
  const selectedIndex = avatarColors.findIndex((c) => sameColor(value, c.value));
  const focusableIndex = selectedIndex === -1 ? 0 : selectedIndex;

  const choose = (index: number) => {
    const count = avatarColors.length;
    const next = ((index % count) + count) % count;
    const color = avatarColors[next];
    if (!color) return;
    onChange(color.value);
    swatches.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: avatarColors.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    choose(target);
  };

  return (
    <Stack gap={6}>
      <Input.Label id={labelId} component="span">
        {label}
      </Input.Label>
      <Group
        role="radiogroup"
        aria-labelledby={labelId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        gap={8}
        wrap="wrap"
      >
        {avatarColors.map((color, index) => {
          const selected = index === selectedIndex;
          const used = isUsed(color.value);
          const light = isLightColor(color.value);
          return (
            <Tooltip key={color.value} label={used ? widgetMessages.avatarColorUsed : color.label}>
              <ColorSwatch
                component="button"
                type="button"
                role="radio"
                aria-checked={selected}
                aria-label={color.label}
                aria-describedby={used ? usedNoteId : undefined}
                data-used={used || undefined}
                tabIndex={index === focusableIndex ? 0 : -1}
                disabled={disabled}
                ref={(node: HTMLButtonElement | null) => {
                  swatches.current[index] = node;
                }}
                onClick={() => choose(index)}
                onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => onKeyDown(event, index)}
                color={color.value}
                size={36}
                style={{
                  cursor: disabled ? 'not-allowed' : 'pointer',
                  position: 'relative',
                  outline: selected ? '2px solid var(--mantine-color-text)' : undefined,
                  outlineOffset: 2,
                }}
              >
                {selected && <IconCheck size={18} stroke={3} color={light ? '#000' : '#fff'} aria-hidden />}
                {used && <UsedMark dark={light} />}
              </ColorSwatch>
            </Tooltip>
          );
        })}
      </Group>
      {anyUsed && (
        <Text id={usedNoteId} size="xs" c="dimmed">
          <Box component="span" aria-hidden mr={4}>
            ●
          </Box>
          {widgetMessages.avatarColorUsed}
        </Text>
      )}
      {error && <Input.Error id={errorId}>{error}</Input.Error>}
    </Stack>
  );
};
