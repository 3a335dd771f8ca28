import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { roleLabels, type StaffRole, staffRoles } from '@studiolo/domain/shared';
import { type StaffInviteInput, staffInviteInputSchema } from '@studiolo/domain/staff';
import { AvatarColorPicker } from '../../../components/avatar-color-picker.tsx';
import { applyServerFieldErrors, requiredField } from '../../../lib/form.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useInviteStaff } from '../api/invite-staff.ts';

export const staffRoleOptions = staffRoles.map((value) => ({ value, label: roleLabels[value] }));

type Values = { name: string; lastname: string; email: string; role: StaffRole; avatarColor: string | null };
const resolve = schemaResolver(staffInviteInputSchema, { sync: true });

/** Invites a member by e-mail, with role and avatar colour (colours used by others are marked). */
export const StaffInviteDialog = ({
  opened,
  onClose,
  usedColors,
}: {
  opened: boolean;
  onClose: () => void;
  usedColors: string[];
}) => {
  const invite = useInviteStaff();
  const isPhone = useIsPhone();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: '', lastname: '', email: '', role: 'ROLE_STAFF_COLLABORATORE', avatarColor: null },
    validate: resolve,
  });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Invita un membro dello staff"
      size="lg"
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': 'Chiudi' }}
    >
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          invite.mutate(values as StaffInviteInput, {
            onSuccess: close,
            onError: (e) => applyServerFieldErrors(form, e),
          }),
        )}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Nome" {...requiredField} autoComplete="off" {...form.getInputProps('name')} />
            <TextInput label="Cognome" {...requiredField} autoComplete="off" {...form.getInputProps('lastname')} />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            {...requiredField}
            autoComplete="off"
            description="Riceverà un link per unirsi allo studio."
            {...form.getInputProps('email')}
          />
          <Select label="Ruolo" data={staffRoleOptions} {...requiredField} {...form.getInputProps('role')} />
          <AvatarColorPicker
            value={form.values.avatarColor}
            onChange={(color) => form.setFieldValue('avatarColor', color)}
            usedColors={usedColors}
            error={form.errors.avatarColor}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Annulla
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Invia invito
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
