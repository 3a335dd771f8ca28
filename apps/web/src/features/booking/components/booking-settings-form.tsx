import {
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  NumberInput,
  Paper,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type BookingConfirmationMode,
  type BookingSettings,
  type BookingSettingsAnswer,
  bookingSettingsSchema,
  reservedBookingSlugs,
} from '@studiolo/domain/booking';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { saveBlob } from '../../../lib/download.ts';
import { applyServerFieldErrors } from '../../../lib/form.ts';
import { getBookingQr, useSaveBookingSettings } from '../api/booking-settings.ts';

export const bookingSettingsTexts = {
  title: 'Prenotazioni online',
  intro:
    'I pazienti prenotano da soli dalla pagina dello studio: scelgono la prestazione, il professionista, giorno e orario liberi, e confermano con un codice inviato per email.',
  enabled: 'Prenotazioni online attive',
  enabledHint: 'Se sono spente, la pagina dice che non è disponibile e il link non porta a nessuna prenotazione.',
  slug: 'Indirizzo della pagina',
  slugHint: 'Lettere minuscole, numeri e trattini. Se lo cambi, il vecchio link smette subito di funzionare.',
  slugInvalid: 'Usa da 3 a 60 lettere minuscole, numeri e trattini (non all’inizio o alla fine)',
  slugReserved: 'Questo indirizzo è riservato: scegline un altro',
  publicLink: 'Link pubblico',
  copy: 'Copia',
  copied: 'Copiato',
  copyLink: 'Copia il link',
  qrTitle: 'Codice QR',
  qrAlt: 'Codice QR del link di prenotazione',
  qrHint: 'Da stampare ed esporre in studio: inquadrandolo il paziente apre la pagina di prenotazione.',
  downloadPng: 'Scarica PNG',
  downloadSvg: 'Scarica SVG',
  embedTitle: 'Sul sito dello studio',
  embedHint:
    'Incolla uno dei due codici nel sito. Per la pagina incorporata aggiungi l’indirizzo del sito tra i siti autorizzati qui sotto.',
  embedButton: 'Pulsante',
  embedIframe: 'Pagina incorporata (iframe)',
  copyButtonCode: 'Copia il codice del pulsante',
  copyIframeCode: 'Copia il codice della pagina incorporata',
  rulesTitle: 'Regole',
  minNotice: 'Preavviso minimo (ore)',
  minNoticeHint: 'Quanto prima dell’appuntamento si può ancora prenotare.',
  horizon: 'Prenotabile fino a (giorni)',
  horizonHint: 'Quanti giorni in avanti il paziente può scegliere.',
  slotStep: 'Orari proposti ogni',
  buffer: 'Pausa tra appuntamenti (minuti)',
  bufferHint: 'Minuti liberi lasciati prima e dopo ogni appuntamento del professionista.',
  cancelLimit: 'Annullamento online fino a (ore prima)',
  cancelLimitHint: 'Dopo questo limite il paziente deve contattare lo studio.',
  confirmation: 'Conferma delle prenotazioni',
  confirmationOptions: {
    AUTO: 'Automatica: la prenotazione è subito in calendario come «Prenotato»',
    STUDIO: 'Dallo studio: resta «In attesa di conferma dallo studio» finché non la confermi',
  } satisfies Record<BookingConfirmationMode, string>,
  holidays: 'Chiuso nei giorni festivi',
  holidaysHint: 'Le festività nazionali italiane non sono prenotabili, salvo aperture straordinarie.',
  pageText: 'Testo della pagina',
  pageTextHint: 'Mostrato ai pazienti come testo semplice (ad esempio come arrivare, cosa portare).',
  embedOrigins: 'Siti autorizzati a incorporare la pagina',
  embedOriginsHint: 'Un indirizzo per riga, ad esempio https://www.studiorossi.it',
  embedOriginInvalid: (line: string) => `«${line}» non è un indirizzo valido (https://…)`,
  tooManyOrigins: 'Al massimo 10 siti',
  save: 'Salva',
  minutes: (n: number) => `${n} minuti`,
} as const;
const x = bookingSettingsTexts;

const slotSteps = [5, 10, 15, 20, 30, 45, 60, 90, 120];

type FormValues = Omit<BookingSettings, 'minNoticeMinutes' | 'embedOrigins' | 'pageText' | 'slotStepMinutes'> & {
  minNoticeHours: number | string;
  slotStepMinutes: string;
  pageText: string;
  embedOrigins: string;
};

const toForm = (s: BookingSettings): FormValues => ({
  enabled: s.enabled,
  slug: s.slug,
  minNoticeHours: Math.round((s.minNoticeMinutes / 60) * 100) / 100,
  horizonDays: s.horizonDays,
  slotStepMinutes: String(s.slotStepMinutes),
  bufferMinutes: s.bufferMinutes,
  cancelLimitHours: s.cancelLimitHours,
  confirmationMode: s.confirmationMode,
  closedOnHolidays: s.closedOnHolidays,
  pageText: s.pageText ?? '',
  embedOrigins: s.embedOrigins.join('\n'),
});

const originsOf = (text: string) =>
  text
    .split(/\r?\n/u)
    .map((l) => l.trim().replace(/\/+$/u, ''))
    .filter((l) => l !== '');

/** The form's values as the API's settings (hours to minutes, one origin a line). */
export const fromForm = (v: FormValues) => ({
  enabled: v.enabled,
  slug: v.slug.trim().toLowerCase(),
  minNoticeMinutes: Math.round(Number(v.minNoticeHours) * 60),
  horizonDays: Number(v.horizonDays),
  slotStepMinutes: Number(v.slotStepMinutes),
  bufferMinutes: Number(v.bufferMinutes),
  cancelLimitHours: Number(v.cancelLimitHours),
  confirmationMode: v.confirmationMode,
  closedOnHolidays: v.closedOnHolidays,
  pageText: v.pageText,
  embedOrigins: originsOf(v.embedOrigins),
});

const formFieldOf: Record<string, keyof FormValues> = { minNoticeMinutes: 'minNoticeHours' };

/** The domain schema's messages on the form's fields, plus the slug's and the origins' own words. */
export const validateBookingSettings = (v: FormValues): Record<string, string> => {
  const errors: Record<string, string> = {};
  const parsed = bookingSettingsSchema.safeParse(fromForm(v));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      const field = formFieldOf[key] ?? key;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  const slug = v.slug.trim().toLowerCase();
  if (errors.slug) errors.slug = x.slugInvalid;
  if ((reservedBookingSlugs as readonly string[]).includes(slug)) errors.slug = x.slugReserved;
  const origins = originsOf(v.embedOrigins);
  const bad = origins.find((o) => !/^https?:\/\/[^\s/]+$/u.test(o));
  if (bad) errors.embedOrigins = x.embedOriginInvalid(bad);
  else if (origins.length > 10) errors.embedOrigins = x.tooManyOrigins;
  else delete errors.embedOrigins;
  if (v.minNoticeHours === '' || Number.isNaN(Number(v.minNoticeHours))) errors.minNoticeHours ??= 'Campo obbligatorio';
  return errors;
};

const CopyAction = ({ value, label }: { value: string; label: string }) => (
  <CopyButton value={value}>
    {({ copied, copy }) => (
      <Button
        variant="light"
        size="compact-sm"
        style={{ flexShrink: 0 }}
        onClick={copy}
        aria-label={label}
        leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
      >
        {copied ? x.copied : x.copy}
      </Button>
    )}
  </CopyButton>
);

/** The QR code image of the public link (an authenticated GET, so fetched as a blob) and its PNG and SVG downloads. */
const BookingQr = () => {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    getBookingQr('png')
      .then(({ blob }) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch(() => setSrc(null));
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, []);
  const download = (format: 'png' | 'svg') =>
    getBookingQr(format).then(({ blob, fileName }) => saveBlob(blob, fileName ?? `prenota-qr.${format}`));
  return (
    <Stack gap="xs">
      <Title order={4} fz="sm">
        {x.qrTitle}
      </Title>
      <Text size="xs" c="dimmed">
        {x.qrHint}
      </Text>
      {src ? (
        <Image src={src} alt={x.qrAlt} w={160} h={160} fit="contain" bg="white" />
      ) : (
        <div style={{ width: 160, height: 160 }} aria-hidden />
      )}
      <Group gap="xs">
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={() => void download('png')}
        >
          {x.downloadPng}
        </Button>
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={() => void download('svg')}
        >
          {x.downloadSvg}
        </Button>
      </Group>
    </Stack>
  );
};

/** The snippets a studio pastes into its website: a link styled as a button, and the page in an iframe. */
export const embedSnippets = (publicUrl: string, studioName: string) => ({
  button: `<a href="${publicUrl}" target="_blank" rel="noopener" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#1c7ed6;color:#fff;font:600 16px/1.2 system-ui,sans-serif;text-decoration:none">Prenota online</a>`,
  iframe: `<iframe src="${publicUrl}" title="Prenota un appuntamento da ${studioName.replaceAll('"', '&quot;')}" style="width:100%;max-width:640px;height:900px;border:0" loading="lazy"></iframe>`,
});

/** Impostazioni › Prenotazioni online: the general settings, the public link, QR code and website snippets. */
export const BookingSettingsForm = ({
  answer,
  studioName,
  canEdit,
}: {
  answer: BookingSettingsAnswer;
  studioName: string;
  canEdit: boolean;
}) => {
  const save = useSaveBookingSettings();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: toForm(answer.settings),
    validate: validateBookingSettings,
  });
  const snippets = embedSnippets(answer.publicUrl, studioName);
  const field = (name: keyof FormValues) => ({ ...form.getInputProps(name), disabled: !canEdit });

  return (
    <form
      noValidate
      aria-label={x.title}
      onSubmit={form.onSubmit((v) =>
        save.mutate(bookingSettingsSchema.parse(fromForm(v)), {
          onSuccess: () => form.resetDirty(),
          onError: (e) => applyServerFieldErrors(form, e),
        }),
      )}
    >
      <Stack gap="lg">
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Title order={2} fz="lg">
              {x.title}
            </Title>
            <Text size="sm" c="dimmed">
              {x.intro}
            </Text>
            <Switch
              label={x.enabled}
              description={x.enabledHint}
              {...form.getInputProps('enabled', { type: 'checkbox' })}
              disabled={!canEdit}
            />
            <TextInput
              label={x.slug}
              description={x.slugHint}
              leftSection={
                <Text size="xs" c="dimmed">
                  /prenota/
                </Text>
              }
              leftSectionWidth={70}
              autoCapitalize="none"
              {...field('slug')}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {x.publicLink}
              </Text>
              <Group gap="xs" wrap="nowrap" align="center">
                <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{answer.publicUrl}</Code>
                <CopyAction value={answer.publicUrl} label={x.copyLink} />
              </Group>
              {!answer.settings.enabled && (
                <Text size="xs" c="dimmed">
                  {x.enabledHint}
                </Text>
              )}
            </Stack>
            {/* a new link is a new image */}
            <BookingQr key={answer.publicUrl} />
            <Stack gap="xs">
              <Title order={3} fz="md">
                {x.embedTitle}
              </Title>
              <Text size="xs" c="dimmed">
                {x.embedHint}
              </Text>
              {(
                [
                  [x.embedButton, snippets.button, x.copyButtonCode],
                  [x.embedIframe, snippets.iframe, x.copyIframeCode],
                ] as const
              ).map(([label, code, copyLabel]) => (
                <Stack key={label} gap={4}>
                  <Group justify="space-between">
                    <Text size="sm" fw={500}>
                      {label}
                    </Text>
                    <CopyAction value={code} label={copyLabel} />
                  </Group>
                  <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {code}
                  </Code>
                </Stack>
              ))}
            </Stack>
          </Stack>
        </Paper>

        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Title order={3} fz="md">
              {x.rulesTitle}
            </Title>
            <Group grow wrap="wrap" align="flex-start">
              <NumberInput
                label={x.minNotice}
                description={x.minNoticeHint}
                min={0}
                max={720}
                decimalScale={2}
                {...field('minNoticeHours')}
              />
              <NumberInput
                label={x.horizon}
                description={x.horizonHint}
                min={1}
                max={365}
                allowDecimal={false}
                {...field('horizonDays')}
              />
            </Group>
            <Group grow wrap="wrap" align="flex-start">
              <Select
                label={x.slotStep}
                data={slotSteps.map((m) => ({ value: String(m), label: x.minutes(m) }))}
                allowDeselect={false}
                {...field('slotStepMinutes')}
              />
              <NumberInput
                label={x.buffer}
                description={x.bufferHint}
                min={0}
                max={240}
                allowDecimal={false}
                {...field('bufferMinutes')}
              />
            </Group>
            <NumberInput
              label={x.cancelLimit}
              description={x.cancelLimitHint}
              min={0}
              max={720}
              allowDecimal={false}
              {...field('cancelLimitHours')}
            />
            <Radio.Group label={x.confirmation} {...form.getInputProps('confirmationMode')}>
              <Stack gap="xs" mt="xs">
                {(['STUDIO', 'AUTO'] as const).map((m) => (
                  <Radio key={m} value={m} label={x.confirmationOptions[m]} disabled={!canEdit} />
                ))}
              </Stack>
            </Radio.Group>
            <Switch
              label={x.holidays}
              description={x.holidaysHint}
              {...form.getInputProps('closedOnHolidays', { type: 'checkbox' })}
              disabled={!canEdit}
            />
            <Textarea
              label={x.pageText}
              description={x.pageTextHint}
              rows={4}
              maxLength={2000}
              {...field('pageText')}
            />
            <Textarea
              label={x.embedOrigins}
              description={x.embedOriginsHint}
              rows={3}
              autoCapitalize="none"
              {...field('embedOrigins')}
            />
            {canEdit && (
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}>
                  {x.save}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      </Stack>
    </form>
  );
};
