import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { StaffRole } from '@studiolo/domain/shared';
import { roleLabels } from '@studiolo/domain/shared';
import type { StaffMember } from '@studiolo/domain/staff';
import { IconMailForward, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DeleteConfirmDialog } from '../../../components/delete-confirm-dialog.tsx';
import { EmailAddress } from '../../../components/email-address.tsx';
import { StaffAvatar } from '../../../components/staff-avatar.tsx';
import { useDeleteStaff } from '../api/delete-staff.ts';
import { useStaff } from '../api/get-staff.ts';
import { useResendInvite } from '../api/resend-invite.ts';
import { useUpdateStaff } from '../api/update-staff.ts';
import { StaffInviteDialog, staffRoleOptions } from './staff-invite-dialog.tsx';

/**
 * The room the role select needs to show its longest role ("Amministratore dello studio") whole: one `ch` (the
 * width of a "0", wider than most letters) per character, plus the padding and the arrow.
 */
const roleSelectWidth = `calc(${Math.max(...staffRoleOptions.map((o) => o.label.length))}ch + 3rem)`;

const fullName = (m: StaffMember) => [m.name, m.lastname].filter(Boolean).join(' ') || m.email;

const MemberRow = ({
  member,
  canManage,
  isMe,
  onRemove,
}: {
  member: StaffMember;
  canManage: boolean;
  isMe: boolean;
  onRemove: (m: StaffMember) => void;
}) => {
  const update = useUpdateStaff();
  const resend = useResendInvite();
  const isOwner = member.role === 'ROLE_USER';
  const editable = canManage && !isOwner && !isMe;
  const name = fullName(member);
  const canResend = canManage && member.status === 'INVITED';
  return (
    <Group
      justify="space-between"
      wrap="wrap"
      gap="sm"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      {/* The extra room of a wide row goes to the name and address; on a line of their own the controls take it. */}
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1000 1 260px' }}>
        <StaffAvatar id={member.id} name={member.name} lastname={member.lastname} color={member.avatarColor} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600}>{name}</Text>
            {isMe && (
              <Text size="sm" c="dimmed">
                (tu)
              </Text>
            )}
            {member.status === 'INVITED' && (
              <Badge variant="light" color="yellow">
                Invito in attesa
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            <EmailAddress email={member.email} />
          </Text>
        </Stack>
      </Group>
      <Group
        gap="xs"
        wrap="wrap"
        justify="flex-end"
        style={{ flex: editable ? '1 1 auto' : '0 1 auto', maxWidth: '100%' }}
      >
        {editable ? (
          <Select
            aria-label={`Ruolo di ${name}`}
            data={staffRoleOptions}
            value={member.role}
            // As wide as the longest role needs, wider on a line of its own (phones).
            style={{ flex: '1 1 auto', minWidth: roleSelectWidth }}
            disabled={update.isPending}
            onChange={(role) =>
              role &&
              update.mutate({
                id: member.id,
                name: member.name,
                lastname: member.lastname,
                role: role as StaffRole,
                avatarColor: member.avatarColor,
              })
            }
          />
        ) : (
          <Badge variant="outline" color={isOwner ? 'studiolo' : 'gray'} size="lg" fw={500} tt="none">
            {roleLabels[member.role]}
          </Badge>
        )}
        {(canResend || editable) && (
          <Group gap="xs" wrap="nowrap">
            {canResend && (
              <Tooltip label="Invia di nuovo l'invito">
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  aria-label={`Invia di nuovo l'invito a ${name}`}
                  loading={resend.isPending}
                  onClick={() => resend.mutate(member.id)}
                >
                  <IconMailForward size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
            {editable && (
              <Tooltip label="Rimuovi dallo staff">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Rimuovi ${name}`}
                  onClick={() => onRemove(member)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        )}
      </Group>
    </Group>
  );
};

/** Impostazioni › Staff: members with avatars, roles, invitations and removal. */
export const StaffList = ({ canManage, myEmail }: { canManage: boolean; myEmail: string }) => {
  const staff = useStaff();
  const remove = useDeleteStaff();
  const [inviteOpened, inviteDialog] = useDisclosure(false);
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const usedColors = (staff.data ?? []).map((m) => m.avatarColor).filter((c): c is string => Boolean(c));

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={2} fz="lg">
              Staff dello studio
            </Title>
            <Text size="sm" c="dimmed">
              Chi lavora con te e cosa può fare.
            </Text>
          </div>
          {canManage && (
            <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={inviteDialog.open}>
              Invita membro
            </Button>
          )}
        </Group>
        {staff.isPending ? (
          <Stack>
            <Skeleton h={52} />
            <Skeleton h={52} />
          </Stack>
        ) : staff.isError ? (
          <Alert color="red">Impossibile caricare lo staff.</Alert>
        ) : staff.data.length === 0 ? (
          <Text c="dimmed" py="md">
            Nessun membro dello staff.
          </Text>
        ) : (
          <Stack
            gap={0}
            component="ul"
            aria-label="Membri dello staff"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {staff.data.map((m) => (
              <li key={m.id}>
                <MemberRow
                  member={m}
                  canManage={canManage}
                  isMe={m.email.toLowerCase() === myEmail.toLowerCase()}
                  onRemove={setRemoving}
                />
              </li>
            ))}
          </Stack>
        )}
      </Stack>
      <StaffInviteDialog opened={inviteOpened} onClose={inviteDialog.close} usedColors={usedColors} />
      <DeleteConfirmDialog
        opened={removing !== null}
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
      />
    </Paper>
  );
};
