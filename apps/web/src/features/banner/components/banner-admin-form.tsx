import { Alert, Button, Checkbox, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  type GlobalNotification,
  type GlobalNotificationInput,
  globalNotificationInputSchema,
  bannerMessages as m,
} from '@studiolo/domain/referrals';
import { type FormEvent, useState } from 'react';
import { useGlobalNotification } from '../api/get-global-notification.ts';
import { useSaveGlobalNotification } from '../api/save-global-notification.ts';
import { GlobalBannerView } from './global-banner.tsx';

const inputOf = (n: GlobalNotification): GlobalNotificationInput => ({
  title: n.title,
  descriptionTitle: n.descriptionTitle,
  descriptionBody: n.descriptionBody,
  showBanner: n.showBanner,
  showBtnShareInvito: n.showBtnShareInvito,
  whatsappShareMsg: n.whatsappShareMsg,
});

const Form = ({ initial, inviterUserId }: { initial: GlobalNotification; inviterUserId: string | null }) => {
  const save = useSaveGlobalNotification();
  const [value, setValue] = useState(() => inputOf(initial));
  // SECURITY: the preview shows the details as the server kept them (sanitised), never the HTML being typed
  const [savedBody, setSavedBody] = useState(initial.descriptionBody);
  const parsed = globalNotificationInputSchema.safeParse(value);
  const set = <K extends keyof GlobalNotificationInput>(key: K, v: GlobalNotificationInput[K]) =>
    setValue((old) => ({ ...old, [key]: v }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (parsed.success)
      save.mutate(parsed.data, {
        onSuccess: (saved) => {
          setValue(inputOf(saved));
          setSavedBody(saved.descriptionBody);
        },
      });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={m.title}
          value={value.title}
          maxLength={200}
          onChange={(e) => set('title', e.currentTarget.value)}
        />
        <TextInput
          label={m.descriptionTitle}
          value={value.descriptionTitle}
          maxLength={200}
          onChange={(e) => set('descriptionTitle', e.currentTarget.value)}
        />
        <Textarea
          label={m.descriptionBody}
          description="Sono ammessi paragrafi, grassetto, corsivo, elenchi e link https: il resto viene rimosso al salvataggio."
          value={value.descriptionBody}
          rows={5}
          onChange={(e) => set('descriptionBody', e.currentTarget.value)}
        />
        <Textarea
          label={m.whatsappShareMsg}
          value={value.whatsappShareMsg}
          rows={2}
          maxLength={1000}
          onChange={(e) => set('whatsappShareMsg', e.currentTarget.value)}
        />
        <Checkbox
          label={m.showBanner}
          checked={value.showBanner}
          onChange={(e) => set('showBanner', e.currentTarget.checked)}
        />
        <Checkbox
          label={m.showBtnShareInvito}
          checked={value.showBtnShareInvito}
          onChange={(e) => set('showBtnShareInvito', e.currentTarget.checked)}
        />
        <Button type="submit" disabled={!parsed.success} loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          {m.save}
        </Button>
        <Title order={3} fz="md" mt="sm">
          {m.preview}
        </Title>
        <Text size="xs" c="dimmed">
          Il testo dei dettagli è mostrato com’è stato salvato.
        </Text>
        <GlobalBannerView
          notification={{ ...value, descriptionBody: savedBody, updatedAt: null }}
          inviterUserId={inviterUserId}
          onClose={() => undefined}
        />
      </Stack>
    </form>
  );
};

/** The platform's small page to edit the global banner (ROLE_ADMIN, ROLE_CONTENT_MANAGER; decision 038). */
export const BannerAdminForm = ({ allowed, inviterUserId }: { allowed: boolean; inviterUserId: string | null }) => {
  const query = useGlobalNotification({ refresh: false });
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {m.adminTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {m.adminIntro}
          </Text>
        </Stack>
        {!allowed ? (
          <Alert color="red" title="Accesso negato">
            Questa pagina è riservata agli amministratori della piattaforma e ai gestori dei contenuti.
          </Alert>
        ) : query.data ? (
          <Form initial={query.data} inviterUserId={inviterUserId} />
        ) : null}
      </Stack>
    </Paper>
  );
};
