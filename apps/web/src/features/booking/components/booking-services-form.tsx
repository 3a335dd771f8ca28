import {
  Badge,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { type BookingSettingsAnswer, bookingServiceInputSchema } from '@studiolo/domain/booking';
import { formatCents } from '../../../lib/format.ts';
import { useSaveBookingService } from '../api/booking-settings.ts';

type Service = BookingSettingsAnswer['services'][number];
type Option = { value: string; label: string };

export const bookingServicesTexts = {
  title: 'Prestazioni prenotabili',
  intro:
    'Le prestazioni del listino che i pazienti possono prenotare, con la durata, chi le svolge e le sale o i dispositivi che servono.',
  none: 'Il listino è vuoto: aggiungi le prestazioni da Calendario › Impostazioni calendario.',
  bookable: 'Prenotabile online',
  showPrice: 'Mostra il prezzo',
  duration: 'Durata (minuti)',
  staff: 'Professionisti',
  staffRequired: 'Scegli almeno un professionista',
  rooms: 'Sale (ne basta una libera)',
  devices: 'Dispositivi (servono tutti liberi)',
  noneAvailable: 'Nessuna definita in Impostazioni calendario',
  save: 'Salva',
  saveOf: (name: string) => `Salva ${name}`,
  onLine: 'Online',
  offLine: 'Non prenotabile',
} as const;
const x = bookingServicesTexts;

type Values = {
  bookable: boolean;
  showPrice: boolean;
  durationMinutes: number | string;
  staffMemberIds: string[];
  clinicRoomIds: string[];
  medicalDeviceIds: string[];
};

/** Field messages of the domain schema, and at least one professional for a bookable service. */
export const validateBookingService = (v: Values): Record<string, string> => {
  const errors: Record<string, string> = {};
  const parsed = bookingServiceInputSchema.safeParse({ ...v, durationMinutes: Number(v.durationMinutes) });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (key && !errors[key]) errors[key] = issue.message;
    }
  }
  if (v.bookable && v.staffMemberIds.length === 0) errors.staffMemberIds = x.staffRequired;
  return errors;
};

const ServiceCard = ({
  service,
  staff,
  rooms,
  devices,
  canEdit,
}: {
  service: Service;
  staff: Option[];
  rooms: Option[];
  devices: Option[];
  canEdit: boolean;
}) => {
  const save = useSaveBookingService();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      bookable: service.bookable,
      showPrice: service.showPrice,
      durationMinutes: service.durationMinutes,
      staffMemberIds: service.staffMemberIds,
      clinicRoomIds: service.clinicRoomIds,
      medicalDeviceIds: service.medicalDeviceIds,
    },
    validate: validateBookingService,
  });
  const titleId = `booking-service-${service.productId}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <form
        noValidate
        onSubmit={form.onSubmit((v) =>
          save.mutate(
            {
              productId: service.productId,
              input: bookingServiceInputSchema.parse({ ...v, durationMinutes: Number(v.durationMinutes) }),
            },
            { onSuccess: () => form.resetDirty() },
          ),
        )}
      >
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <div>
              <Title order={4} fz="md" id={titleId}>
                {service.name}
              </Title>
              <Text size="xs" c="dimmed">
                {formatCents(service.priceCents)}
              </Text>
            </div>
            <Badge variant="light" color={service.bookable ? 'green' : 'gray'} style={{ textTransform: 'none' }}>
              {service.bookable ? x.onLine : x.offLine}
            </Badge>
          </Group>
          <Group gap="lg" wrap="wrap">
            <Switch label={x.bookable} {...form.getInputProps('bookable', { type: 'checkbox' })} disabled={!canEdit} />
            <Switch
              label={x.showPrice}
              {...form.getInputProps('showPrice', { type: 'checkbox' })}
              disabled={!canEdit}
            />
          </Group>
          <NumberInput
            label={x.duration}
            min={5}
            max={480}
            step={5}
            allowDecimal={false}
            maw={200}
            {...form.getInputProps('durationMinutes')}
            disabled={!canEdit}
          />
          <MultiSelect
            label={x.staff}
            data={staff}
            searchable
            {...form.getInputProps('staffMemberIds')}
            disabled={!canEdit}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <MultiSelect
              label={x.rooms}
              data={rooms}
              placeholder={rooms.length === 0 ? x.noneAvailable : undefined}
              {...form.getInputProps('clinicRoomIds')}
              disabled={!canEdit || rooms.length === 0}
            />
            <MultiSelect
              label={x.devices}
              data={devices}
              placeholder={devices.length === 0 ? x.noneAvailable : undefined}
              {...form.getInputProps('medicalDeviceIds')}
              disabled={!canEdit || devices.length === 0}
            />
          </SimpleGrid>
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" variant="light" loading={save.isPending} aria-label={x.saveOf(service.name)}>
                {x.save}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
};

/** Impostazioni › Prenotazioni online › Prestazioni: one card per product of the price list. */
export const BookingServicesForm = ({
  answer,
  rooms,
  devices,
  canEdit,
}: {
  answer: BookingSettingsAnswer;
  rooms: Option[];
  devices: Option[];
  canEdit: boolean;
}) => {
  const staff = answer.staff.map((m) => ({ value: m.memberId, label: `${m.name} ${m.lastname}`.trim() }));
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={3} fz="md">
          {x.title}
        </Title>
        <Text size="sm" c="dimmed">
          {x.intro}
        </Text>
        {answer.services.length === 0 ? (
          <Text size="sm">{x.none}</Text>
        ) : (
          answer.services.map((s) => (
            <ServiceCard
              key={s.productId}
              service={s}
              staff={staff}
              rooms={rooms}
              devices={devices}
              canEdit={canEdit}
            />
          ))
        )}
      </Stack>
    </Paper>
  );
};
