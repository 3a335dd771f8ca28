import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Image,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { checkCodiceFiscale } from '@studiolo/domain/anagrafica';
import {
  type BookingPatient,
  type BookingRequestAnswer,
  type BookingRequestInput,
  type BookingSlot,
  bookingPatientSchema,
  type PublicBooking,
  type PublicBookingPage,
  reservationStatusLabels,
} from '@studiolo/domain/booking';
import { IconCalendarPlus, IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { requiredField } from '../../../lib/form.ts';
import { formatCents } from '../../../lib/format.ts';
import { isHttpError } from '../../../lib/http.ts';
import { useMounted } from '../../../lib/use-mounted.ts';
import {
  getBookingSlots,
  nextSlotsOf,
  useBookingSlots,
  useConfirmBooking,
  usePublicBookingPage,
  useRequestBookingCode,
} from '../api/public-booking.ts';
import { privacyNotice, bookingPageTexts as t } from '../booking.texts.ts';
import {
  anyStaffParam,
  bookingChoiceOf,
  bookingParams,
  chosenSlotOf,
  slotsQueryOf,
  staffOf,
  withBookingParams,
} from '../booking-choice.ts';
import { addDays, capitalized, formatDayLong, formatWhen, romeDateOf, romeTime } from '../booking-dates.ts';
import { readRememberedPatient, rememberPatient } from '../remembered-patient.ts';
import classes from './booking.module.css';
import { SlotPicker, SlotTimes } from './slot-picker.tsx';
import { CancelDeadline, StudioContacts, telHref } from './studio-contacts.tsx';

type PublicService = PublicBookingPage['services'][number];

/** A step's panel: its heading takes the focus when the step opens, so a screen reader hears where it is. */
const StepPanel = ({ title, children, focus = true }: { title: string; children: ReactNode; focus?: boolean }) => {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section">
      <Stack gap="md">
        <Title order={2} fz="lg" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
};

/** A choice made earlier, with "Cambia" to go back to it: a link to the address without it (works before the script). */
const ChosenRow = ({
  label,
  value,
  changeLabel,
  changeTo,
  onChange,
}: {
  label: string;
  value: string;
  changeLabel: string;
  /** The booking's address with this choice undone; absent when there is nothing else to choose. */
  changeTo?: string;
  onChange: () => void;
}) => (
  <Group justify="space-between" wrap="nowrap" gap="sm">
    <div style={{ minWidth: 0, flex: 1 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
    {changeTo !== undefined && (
      <Button
        component={Link}
        to={changeTo}
        variant="subtle"
        size="compact-sm"
        onClick={onChange}
        aria-label={changeLabel}
        style={{ flexShrink: 0 }}
      >
        {t.change}
      </Button>
    )}
  </Group>
);

const serviceDetails = (s: PublicService) =>
  [t.minutes(s.durationMinutes), s.priceCents !== null ? formatCents(s.priceCents) : null].filter(Boolean).join(' · ');

/** The studio's name, logo, address, phone and page text (plain text: line breaks kept, never markup). */
export const StudioHeader = ({ page, withPageText = true }: { page: PublicBookingPage; withPageText?: boolean }) => (
  <Stack gap="xs" component="header">
    <Group gap="md" wrap="nowrap" align="center">
      {page.studio.logoUrl && (
        <Image src={page.studio.logoUrl} alt="" h={56} w="auto" maw={120} fit="contain" style={{ flexShrink: 0 }} />
      )}
      <div style={{ minWidth: 0 }}>
        <Title order={1} fz={{ base: 22, sm: 26 }} style={{ overflowWrap: 'anywhere' }}>
          {page.studio.name}
        </Title>
        {page.studio.address && (
          <Text size="sm" c="dimmed">
            {page.studio.address}
          </Text>
        )}
        {/* whom to call before booking (issue 39): the number as a tel: link, its visible words the number */}
        {page.studio.phone && (
          <Text size="sm" c="dimmed">
            {t.phoneLabel}:{' '}
            <Anchor href={telHref(page.studio.phone)} size="sm" fw={600}>
              {page.studio.phone}
            </Anchor>
          </Text>
        )}
      </div>
    </Group>
    {withPageText && page.pageText && (
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {page.pageText}
      </Text>
    )}
  </Stack>
);

type PatientValues = {
  nome: string;
  cognome: string;
  cellulare: string;
  email: string;
  codiceFiscale: string;
  note: string;
  /** "Ricorda i miei dati su questo telefono" */
  remember: boolean;
};

const emptyPatient: PatientValues = {
  nome: '',
  cognome: '',
  cellulare: '',
  email: '',
  codiceFiscale: '',
  note: '',
  remember: false,
};

/** Field messages of the domain schema, plus the codice fiscale's own rules and the privacy consent. */
const validatePatient = (values: PatientValues): Record<string, string> => {
  const errors: Record<string, string> = {};
  const parsed = bookingPatientSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (key && !errors[key]) errors[key] = issue.message;
    }
  }
  const cf = values.codiceFiscale.trim();
  if (cf) {
    const check = checkCodiceFiscale(cf);
    if (!check.valid) errors.codiceFiscale = check.message;
  }
  return errors;
};

/** The patient's data and the privacy notice; "Invia codice" asks the server to send the code. */
const PatientStep = ({
  studioName,
  noticeHref,
  values,
  pending,
  error,
  onSubmit,
}: {
  studioName: string;
  /** The studio's full notice for patients. */
  noticeHref: string;
  values: PatientValues;
  pending: boolean;
  error: string | null;
  onSubmit: (values: PatientValues, patient: BookingPatient) => void;
}) => {
  const form = useForm<PatientValues>({ mode: 'controlled', initialValues: values, validate: validatePatient });
  const mounted = useMounted();
  // details kept on this phone last time fill an empty form, once the page is drawn (the server cannot see them)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the step opens, over its first values only
  useEffect(() => {
    const remembered = readRememberedPatient();
    if (remembered && !form.isDirty() && !values.nome && !values.email)
      form.setValues({ ...remembered, remember: true });
  }, []);
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => onSubmit(v, bookingPatientSchema.parse(v)))}
      aria-label={t.detailsStep}
    >
      <Stack gap="sm">
        <Group grow wrap="wrap" gap="sm" align="flex-start">
          <TextInput label={t.nome} autoComplete="given-name" {...requiredField} {...form.getInputProps('nome')} />
          <TextInput
            label={t.cognome}
            autoComplete="family-name"
            {...requiredField}
            {...form.getInputProps('cognome')}
          />
        </Group>
        <TextInput
          label={t.cellulare}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          {...requiredField}
          {...form.getInputProps('cellulare')}
        />
        <TextInput
          label={t.email}
          type="email"
          autoComplete="email"
          description={t.emailHint}
          {...requiredField}
          {...form.getInputProps('email')}
        />
        <TextInput
          label={t.codiceFiscale}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={16}
          {...form.getInputProps('codiceFiscale')}
          onChange={(e) => form.setFieldValue('codiceFiscale', e.currentTarget.value.toUpperCase())}
        />
        <Textarea label={t.note} description={t.noteHint} rows={3} {...form.getInputProps('note')} />
        <Checkbox
          label={t.remember}
          description={t.rememberHint}
          {...form.getInputProps('remember', { type: 'checkbox' })}
        />
        <Paper withBorder p="sm" bg="gray.0" component="section" aria-labelledby="privacy-title">
          <Stack gap={6}>
            <Title order={3} fz="sm" id="privacy-title">
              {t.privacyTitle}
            </Title>
            {privacyNotice(studioName).map((p) => (
              <Text key={p} size="xs">
                {p}
              </Text>
            ))}
            <Anchor component={Link} to={noticeHref} target="_blank" size="xs">
              {t.privacyLink}
            </Anchor>
          </Stack>
        </Paper>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {/* sending the code needs the bot check and the API: the button works once the page's script runs */}
        <noscript>
          <Text size="sm">{t.needsScript}</Text>
        </noscript>
        <Text size="sm">{t.consentStatement}</Text>
        <Button type="submit" size="md" fullWidth loading={pending} disabled={!mounted}>
          {t.sendCode}
        </Button>
      </Stack>
    </form>
  );
};

/** The 6 digits sent by e-mail (and SMS); a wrong code says so in place, "Invia un nuovo codice" asks another. */
const CodeStep = ({
  sentTo,
  smsSentTo,
  pending,
  resending,
  error,
  notice,
  onConfirm,
  onResend,
  cancelLimitHours,
}: {
  cancelLimitHours: number;
  sentTo: string;
  smsSentTo: string | null;
  pending: boolean;
  resending: boolean;
  error: string | null;
  notice: string | null;
  onConfirm: (code: string) => void;
  onResend: () => void;
}) => {
  const [code, setCode] = useState('');
  const sent = useRef<string | null>(null);
  const [formatError, setFormatError] = useState<string | null>(null);
  const shown = formatError ?? error;
  return (
    <form
      noValidate
      aria-label={t.codeStep}
      onSubmit={(e) => {
        e.preventDefault();
        if (!/^\d{6}$/u.test(code)) {
          setFormatError(t.codeFormat);
          return;
        }
        setFormatError(null);
        sent.current = code;
        onConfirm(code);
      }}
    >
      <Stack gap="sm">
        <Text>{t.codeSentTo(sentTo, smsSentTo)}</Text>
        <Text size="sm" c="dimmed">
          {t.cancelLimitAhead(cancelLimitHours)}
        </Text>
        <TextInput
          label={t.codeLabel}
          description={t.codeHint}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          size="lg"
          styles={{ input: { letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums' } }}
          value={code}
          error={shown}
          onChange={(e) => {
            const next = e.currentTarget.value.replace(/\D/gu, '').slice(0, 6);
            setCode(next);
            // six digits send themselves, typed or filled by the phone's one-time-code autofill (issue 39: one tap
            // fewer); a code already sent is not sent again by itself
            if (next.length === 6 && next !== sent.current && !pending) {
              sent.current = next;
              setFormatError(null);
              onConfirm(next);
            }
          }}
          {...requiredField}
        />
        {notice && (
          <Text size="sm" role="status">
            {notice}
          </Text>
        )}
        <Button type="submit" size="md" fullWidth loading={pending}>
          {t.confirm}
        </Button>
        <Button variant="subtle" onClick={onResend} loading={resending}>
          {t.resend}
        </Button>
      </Stack>
    </form>
  );
};

/**
 * The booking made: its status in words, when, "Aggiungi al calendario" (.ics) and the cancellation link. Without a
 * status, the appointment alone (the reminder's link page, decision 036, shows it too).
 */
export const BookingSummary = ({
  booking,
}: {
  booking: Pick<PublicBooking, 'start' | 'serviceName' | 'staffDisplayName' | 'studio'> & {
    status?: PublicBooking['status'];
  };
}) => (
  <Stack gap="xs">
    {booking.status && (
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t.statusLabel}:
        </Text>
        <Badge
          variant="light"
          size="lg"
          color={
            booking.status === 'STUDIO_PENDING_CONFIRMATION'
              ? 'yellow'
              : booking.status.includes('CANCELLED')
                ? 'red'
                : 'green'
          }
          style={{ textTransform: 'none' }}
        >
          {reservationStatusLabels[booking.status]}
        </Badge>
      </Group>
    )}
    <dl style={{ margin: 0 }}>
      {[
        [t.when, formatWhen(booking.start)],
        [t.what, booking.serviceName],
        [t.who, booking.staffDisplayName],
        [t.where, [booking.studio.name, booking.studio.address].filter(Boolean).join(', ')],
      ]
        // an appointment the studio made may name no staff member (the reminder's page)
        .filter(([, v]) => v)
        .map(([k, v]) => (
          <Group key={k} gap={6} wrap="nowrap" align="baseline">
            <Text component="dt" size="sm" c="dimmed" w={90} style={{ flexShrink: 0 }}>
              {k}
            </Text>
            <Text component="dd" size="sm" fw={600} m={0} style={{ overflowWrap: 'anywhere' }}>
              {v}
            </Text>
          </Group>
        ))}
    </dl>
  </Stack>
);

const DoneStep = ({ booking }: { booking: PublicBooking }) => (
  <Stack gap="md">
    <Group gap="xs" wrap="nowrap">
      <IconCircleCheck size={28} color="var(--mantine-color-green-7)" aria-hidden />
      <Text fw={600}>{booking.status === 'STUDIO_PENDING_CONFIRMATION' ? t.donePending : t.doneBooked}</Text>
    </Group>
    <BookingSummary booking={booking} />
    <Button
      component="a"
      href={booking.icsUrl}
      download="prenotazione.ics"
      leftSection={<IconCalendarPlus size={18} aria-hidden />}
      size="md"
      fullWidth
    >
      {t.addToCalendar}
    </Button>
    {booking.cancellable ? (
      <Stack gap={4}>
        <CancelDeadline booking={booking} />
        <Text size="sm">
          <Anchor href={booking.cancelUrl}>{t.cancelLink}</Anchor>
          <Text span size="sm" c="dimmed">
            {' '}
            — {t.cancelHint}
          </Text>
        </Text>
      </Stack>
    ) : (
      <>
        <Text size="sm">{t.notCancellableLimit(booking.cancelLimitHours)}</Text>
        <StudioContacts studio={booking.studio} />
      </>
    )}
  </Stack>
);

/** The slot went while the patient typed the code: say so and offer the next free times of the same request. */
const ConflictStep = ({
  nextSlots,
  onPick,
  onOther,
}: {
  nextSlots: BookingSlot[];
  onPick: (slot: BookingSlot) => void;
  onOther: () => void;
}) => (
  <Stack gap="md">
    <Alert color="orange" role="alert" title={t.slotTakenTitle}>
      {nextSlots.length > 0 ? t.slotTaken : t.slotTakenNone}
    </Alert>
    {[...new Set(nextSlots.map((s) => romeDateOf(s.start)))].map((date) => (
      <section key={date} aria-labelledby={`next-${date}`}>
        <Title order={3} fz="sm" mb={6} id={`next-${date}`}>
          {capitalized(formatDayLong(date))}
        </Title>
        <SlotTimes slots={nextSlots.filter((s) => romeDateOf(s.start) === date)} onSelect={onPick} />
      </section>
    ))}
    <Button variant="default" onClick={onOther}>
      {t.chooseAnother}
    </Button>
  </Stack>
);

/** The free slots after `start` of the same request, when a 409 came without them. */
const nextSlotsAfter = async (slug: string, productId: string, staffMemberId: string | null, start: string) => {
  const from = romeDateOf(start);
  const answer = await getBookingSlots(slug, {
    productId,
    ...(staffMemberId ? { staffMemberId } : {}),
    from,
    to: addDays(from, 13),
  });
  return answer.days
    .flatMap((d) => d.slots)
    .filter((s) => s.start > start)
    .slice(0, 6);
};

/**
 * The public booking flow (issue 28, decision 035), one step at a time on a phone: prestazione → professionista (or
 * "Chiunque") → giorno e orario → dati e informativa → codice → conferma. Earlier choices stay above, each with
 * "Cambia". The choices up to the time are the page's address (decision 047: the server draws any of those steps, Back
 * goes one step back); the details, the code and the booking stay in this component. An unconfirmed request holds no
 * slot: the server checks the slot again when the code comes.
 */
export const BookingSteps = ({ slug, page }: { slug: string; page: PublicBookingPage }) => {
  const [params, setParams] = useSearchParams();
  const choice = bookingChoiceOf(page, params);
  const { service, staffId } = choice;
  const slotsQuery = slotsQueryOf(choice);
  // the window the address's day is in: the same answer the strip shows (and the server drew)
  const windowSlots = useBookingSlots(slug, choice.time ? slotsQuery : null);
  const slot = chosenSlotOf(windowSlots.data, choice);
  const [patient, setPatient] = useState<PatientValues>(emptyPatient);
  const [request, setRequest] = useState<{ input: BookingRequestInput; answer: BookingRequestAnswer } | null>(null);
  const [booking, setBooking] = useState<PublicBooking | null>(null);
  const [conflict, setConflict] = useState<BookingSlot[] | null>(null);
  const [requestError, setRequestError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [codeNotice, setCodeNotice] = useState<string | null>(null);
  /** The patient chose something on this page: the next step's heading takes the focus (not the first screen's). */
  const chose = useRef(false);
  const requestCode = useRequestBookingCode();
  const confirm = useConfirmBooking(slug);

  const staffName = (id: string | null) =>
    id === null ? t.anyStaff : (page.staff.find((s) => s.memberId === id)?.displayName ?? '');
  const members = service ? staffOf(page, service) : [];
  const choosing = () => {
    chose.current = true;
    setRequest(null);
    setConflict(null);
  };
  const choose = (changes: Parameters<typeof withBookingParams>[1]) => {
    choosing();
    setParams(withBookingParams(params, changes));
  };
  const addressWith = (changes: Parameters<typeof withBookingParams>[1]) => `?${withBookingParams(params, changes)}`;
  const chooseSlot = (s: BookingSlot) => choose({ day: romeDateOf(s.start), time: romeTime(s.start) });
  /** The choices made before a step, carried by its forms before the script runs. */
  const carried = Object.fromEntries(
    [
      [bookingParams.service, params.get(bookingParams.service)],
      [bookingParams.staff, params.get(bookingParams.staff)],
    ].filter((e): e is [string, string] => typeof e[1] === 'string'),
  );

  const sendCode = (input: BookingRequestInput, resend = false) => {
    setRequestError(null);
    setCodeError(null);
    setCodeNotice(null);
    requestCode.mutate(input, {
      onSuccess: (answer) => {
        setRequest({ input, answer });
        if (resend) setCodeNotice(t.resent);
      },
      onError: (e) => {
        if (!isHttpError(e) || !e.notified) return;
        if (e.status === 409) {
          setRequest(null);
          setConflict(nextSlotsOf(e) ?? []);
        } else if (resend) setCodeError(e.message);
        else setRequestError(e.message);
      },
    });
  };

  const onConflict = async (e: unknown) => {
    if (!service || !slot) return;
    const carriedSlots = nextSlotsOf(e);
    setRequest(null);
    setConflict(carriedSlots ?? []);
    if (carriedSlots === null) {
      const found = await nextSlotsAfter(slug, service.productId, staffId ?? null, slot.start).catch(() => []);
      setConflict(found);
    }
  };

  const confirmCode = (code: string) => {
    if (!request) return;
    setCodeError(null);
    setCodeNotice(null);
    confirm.mutate(
      { requestId: request.answer.requestId, code },
      {
        onSuccess: (b) => setBooking(b),
        onError: (e) => {
          if (!isHttpError(e) || !e.notified) return;
          if (e.status === 409) void onConflict(e);
          else setCodeError(e.message);
        },
      },
    );
  };

  if (booking) {
    return (
      <StepPanel title={t.doneTitle}>
        <DoneStep booking={booking} />
      </StepPanel>
    );
  }

  const focus = chose.current;
  const chosen: ReactNode[] = [];
  if (service)
    chosen.push(
      <ChosenRow
        key="service"
        label={t.what}
        changeLabel={t.changeService}
        value={`${service.name} · ${serviceDetails(service)}`}
        // the only service: nothing to change
        changeTo={
          page.services.length > 1 ? addressWith({ service: null, staff: null, day: null, time: null }) : undefined
        }
        onChange={choosing}
      />,
    );
  if (service && staffId !== undefined && members.length > 1)
    chosen.push(
      <ChosenRow
        key="staff"
        label={t.who}
        changeLabel={t.changeStaff}
        value={staffName(staffId)}
        changeTo={addressWith({ staff: null, day: null, time: null })}
        onChange={choosing}
      />,
    );
  if (slot && !conflict)
    chosen.push(
      <ChosenRow
        key="slot"
        label={t.when}
        changeLabel={t.changeSlot}
        value={`${formatWhen(slot.start)}${staffId === null && slot.staffMemberIds.length === 1 ? ` · ${staffName(slot.staffMemberIds[0] ?? null)}` : ''}`}
        changeTo={addressWith({ time: null })}
        onChange={choosing}
      />,
    );

  let step: ReactNode;
  if (page.services.length === 0) {
    step = (
      <Alert color="gray" variant="light">
        {t.noServices}
      </Alert>
    );
  } else if (!service) {
    step = (
      <StepPanel title={t.serviceStep} focus={focus}>
        <form method="get">
          <Stack gap="xs">
            {page.services.map((s) => (
              <div key={s.productId}>
                <UnstyledButton
                  className={classes.choice}
                  type="submit"
                  name={bookingParams.service}
                  value={s.productId}
                  onClick={(e) => {
                    e.preventDefault();
                    choose({ service: s.productId, staff: null, day: null, time: null });
                  }}
                >
                  <Text fw={600}>{s.name}</Text>
                  <Text size="sm" c="dimmed">
                    {serviceDetails(s)}
                  </Text>
                </UnstyledButton>
              </div>
            ))}
          </Stack>
        </form>
      </StepPanel>
    );
  } else if (staffId === undefined || !slotsQuery) {
    step = (
      <StepPanel title={t.staffStep} focus={focus}>
        <form method="get">
          {carried[bookingParams.service] && (
            <input type="hidden" name={bookingParams.service} value={carried[bookingParams.service]} />
          )}
          <Stack gap="xs">
            {[null, ...members.map((m) => m.memberId)].map((id) => (
              <div key={id ?? 'any'}>
                <UnstyledButton
                  className={classes.choice}
                  type="submit"
                  name={bookingParams.staff}
                  value={id ?? anyStaffParam}
                  onClick={(e) => {
                    e.preventDefault();
                    choose({ staff: id ?? anyStaffParam, day: null, time: null });
                  }}
                >
                  <Text fw={600}>{staffName(id)}</Text>
                  {id === null && (
                    <Text size="sm" c="dimmed">
                      {t.anyStaffHint}
                    </Text>
                  )}
                </UnstyledButton>
              </div>
            ))}
          </Stack>
        </form>
      </StepPanel>
    );
  } else if (conflict) {
    step = (
      <StepPanel title={t.slotTakenTitle} focus={focus}>
        <ConflictStep nextSlots={conflict} onPick={chooseSlot} onOther={() => choose({ time: null })} />
      </StepPanel>
    );
  } else if (!slot && choice.time && windowSlots.isPending) {
    // the address names a time: its window is on its way (the server's page already carries it)
    step = <Skeleton height={240} aria-busy="true" />;
  } else if (!slot) {
    step = (
      <StepPanel title={t.slotStep} focus={focus}>
        <SlotPicker
          slug={slug}
          query={slotsQuery}
          day={choice.day}
          carried={carried}
          onDay={(day) => choose({ day, time: null })}
          onSelect={chooseSlot}
        />
      </StepPanel>
    );
  } else if (!request) {
    step = (
      <StepPanel title={t.detailsStep} focus={focus}>
        <PatientStep
          studioName={page.studio.name}
          noticeHref={`/prenota/${slug}/informativa`}
          values={patient}
          pending={requestCode.isPending}
          error={requestError}
          onSubmit={(values, data) => {
            setPatient(values);
            rememberPatient(values.remember ? values : null);
            sendCode({
              slug,
              productId: service.productId,
              staffMemberId: staffId,
              start: slot.start,
              patient: data,
              privacyAccepted: true,
            });
          }}
        />
      </StepPanel>
    );
  } else {
    step = (
      <StepPanel title={t.codeStep}>
        <CodeStep
          sentTo={request.answer.sentTo}
          smsSentTo={request.answer.smsSentTo}
          pending={confirm.isPending}
          resending={requestCode.isPending}
          error={codeError}
          notice={codeNotice}
          onConfirm={confirmCode}
          onResend={() => sendCode(request.input, true)}
          cancelLimitHours={page.cancelLimitHours}
        />
      </StepPanel>
    );
  }

  return (
    <Stack gap="md">
      {chosen.length > 0 && (
        <Paper withBorder p="md">
          <Stack gap="sm">{chosen}</Stack>
        </Paper>
      )}
      {step}
    </Stack>
  );
};

/** /prenota/:slug's content: the studio's page, or "Pagina di prenotazione non trovata". */
/** A studio's public page: its header, then what `children` draws from its data; the words for an unknown slug. */
export const StudioPublicPage = ({
  slug,
  withPageText = true,
  children,
}: {
  slug: string;
  withPageText?: boolean;
  children: (page: PublicBookingPage) => ReactNode;
}) => {
  const page = usePublicBookingPage(slug);
  if (page.isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={56} />
        <Skeleton height={200} />
      </Stack>
    );
  }
  if (page.isError) {
    const missing = isHttpError(page.error) && page.error.status === 404;
    return (
      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Title order={1} fz={22}>
            {missing ? t.notFoundTitle : t.pageTitle}
          </Title>
          <Text>{missing ? t.notFound : page.error.message}</Text>
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack gap="lg">
      <StudioHeader page={page.data} withPageText={withPageText} />
      {children(page.data)}
    </Stack>
  );
};

export const BookingFlow = ({ slug }: { slug: string }) => (
  <StudioPublicPage slug={slug}>{(page) => <BookingSteps slug={slug} page={page} />}</StudioPublicPage>
);
