import { Avatar, type MantineSize } from '@mantine/core';
import { fallbackAvatarColor, initialsOf } from '@studiolo/domain/staff';

export type StaffAvatarProps = {
  id: string;
  name?: string | null;
  lastname?: string | null;
  /** The member's chosen colour; without one a stable colour is derived from the id (spec part 1 §9). */
  color?: string | null;
  size?: MantineSize | number | (string & {});
};

/** A staff member's initials on their avatar colour; named after the member for assistive technology. */
export const StaffAvatar = ({ id, name, lastname, color, size = 'md' }: StaffAvatarProps) => {
  const initials = initialsOf(name, lastname);
  const fullName = [name?.trim(), lastname?.trim()].filter(Boolean).join(' ');
  return (
    <Avatar
      role="img"
      aria-label={fullName || initials}
      variant="filled"
      autoContrast
      color={color || fallbackAvatarColor(id)}
      size={size}
      radius="xl"
    >
      <span aria-hidden>{initials}</span>
    </Avatar>
  );
};
