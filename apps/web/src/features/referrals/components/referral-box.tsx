import { Avatar, Badge, Button, Group, Loader, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { referralMessages as m, type Referral, referralEmailSchema, sortReferrals } from '@studiolo/domain/referrals';
import { IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { requiredField } from '../../../lib/form.ts';
import { useCreateReferral } from '../api/create-referral.ts';
import { useDeleteReferral } from '../api/delete-referral.ts';
import { useReferrals } from '../api/get-referrals.ts';
import { CopyInviteLinkButton, WhatsappShareButton } from './invite-share.tsx';

/** One invitee: the e-mail's initial, the address and its state (spec part 2 §2). */
const ReferralRow = ({
  referral,
  amount,
  onCancel,
  cancelling,
}: {
  referral: Referral;
  amount: number;
  onCancel: (id: string) => void;
  cancelling: boolean;
}) => {
  const initial = referral.userInviteeEmail.charAt(0).toUpperCase();
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" data-testid="referral-row">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Avatar color={referral.userInviteeRegistered ? 'teal' : 'gray'} radius="xl" aria-hidden>
          {initial}
        </Avatar>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {referral.userInviteeEmail}
          </Text>
          <Text size="xs" c="dimmed">
            {referral.userInviteeRegistered
              ? m.completedLine(amount)
              : referral.inviteeSignedUp
                ? m.registered
                : m.pending}
          </Text>
        </Stack>
      </Group>
      {referral.userInviteeRegistered ? (
        <Badge
          color="teal"
          variant="light"
          leftSection={<IconCircleCheck size={14} aria-hidden />}
          style={{ flexShrink: 0, overflow: 'visible' }}
        >
          {m.completed}
        </Badge>
      ) : referral.inviteeSignedUp ? null : (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => onCancel(referral.id)}
          loading={cancelling}
          style={{ flexShrink: 0 }}
          aria-label={`${m.cancel} – ${referral.userInviteeEmail}`}
        >
          {m.cancel}
        </Button>
      )}
    </Group>
  );
};

/**
 * The 'Programma Invita Un Amico' box (spec part 2 §2, §5): the e-mail invitation (send disabled while the address is
 * invalid, the form reset after sending), the WhatsApp share of the invite link, the invitees (completed first) and
 * 'Completati: x/y'.
 */
export const ReferralBox = () => {
  const list = useReferrals();
  const create = useCreateReferral();
  const remove = useDeleteReferral();
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const valid = referralEmailSchema.safeParse(email).success;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    create.mutate(
      { userInviteeEmail: email, invitationReason: reason.trim() || null },
      {
        onSuccess: () => {
          setEmail('');
          setReason('');
          setTouched(false);
        },
      },
    );
  };

  const data = list.data;
  const referrals = data ? sortReferrals(data.referrals) : [];
  const done = referrals.filter((r) => r.userInviteeRegistered).length;
  const amount = (data?.creditCents ?? 5000) / 100;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="referral-box-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id="referral-box-title">
            {m.boxTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {m.boxIntro(amount)}
          </Text>
        </Stack>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={m.emailLabel}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              onBlur={() => setTouched(true)}
              error={touched && email !== '' && !valid ? m.emailInvalid : undefined}
              {...requiredField}
            />
            <Textarea
              label={m.reasonLabel}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={500}
              rows={2}
            />
            <Group gap="sm" wrap="wrap">
              <Button type="submit" disabled={!valid} loading={create.isPending}>
                {m.send}
              </Button>
              {data && <WhatsappShareButton inviterUserId={data.inviterUserId} />}
              {data && <CopyInviteLinkButton inviterUserId={data.inviterUserId} />}
            </Group>
          </Stack>
        </form>
        {list.isPending ? (
          <Loader size="sm" aria-label="Caricamento inviti" />
        ) : (
          <Stack gap="sm">
            <Text size="sm" fw={600} data-testid="referral-counter">
              {m.counter(done, referrals.length)}
            </Text>
            {referrals.length === 0 ? (
              <Text size="sm" c="dimmed">
                {m.empty}
              </Text>
            ) : (
              referrals.map((r) => (
                <ReferralRow
                  key={r.id}
                  referral={r}
                  amount={amount}
                  onCancel={(id) => remove.mutate(id)}
                  cancelling={remove.isPending && remove.variables === r.id}
                />
              ))
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
};
