import {
  Anchor,
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { PublicPlan } from '@studiolo/domain/billing';
import { legalDocumentIds, legalDocuments } from '@studiolo/domain/legal';
import {
  IconBellRinging,
  IconCalendarEvent,
  IconCheck,
  IconClipboardHeart,
  IconDeviceMobile,
  IconFileInvoice,
  IconReceiptTax,
  IconUsers,
  IconWorldWww,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePublicPlans } from '../../features/billing/api/get-public-plans.ts';
import { formatCents } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { Brand } from '../layout/brand.tsx';

const features = [
  {
    icon: IconUsers,
    title: 'Pazienti',
    text: 'Anagrafica completa con codice fiscale verificato, etichette, stato e tutto lo storico a portata di mano.',
  },
  {
    icon: IconCalendarEvent,
    title: 'Agenda',
    text: 'Più calendari, appuntamenti ricorrenti, stanze, dispositivi e collaboratori, dal computer come dal telefono.',
  },
  {
    icon: IconDeviceMobile,
    title: 'Consensi firmati sul telefono',
    text: 'Il paziente riceve il modulo e lo firma dal suo cellulare con un codice via SMS: PDF firmato e prove allegate.',
  },
  {
    icon: IconClipboardHeart,
    title: 'Cartella clinica',
    text: 'Valutazioni, diario dei trattamenti, mappe del corpo e allegati, con il registro di chi li ha consultati.',
  },
  {
    icon: IconFileInvoice,
    title: 'Fatture elettroniche allo SDI',
    text: 'Fatture, proforma e note di credito con bollo, rivalsa e ritenuta calcolati; invio e ricevute dello SDI.',
  },
  {
    icon: IconReceiptTax,
    title: 'Sistema Tessera Sanitaria',
    text: 'Le spese sanitarie dei pazienti inviate al Sistema TS, con l’esito di ogni invio e il file sempre scaricabile.',
  },
  {
    icon: IconWorldWww,
    title: 'Prenotazioni online',
    text: 'Una pagina dello studio dove i pazienti prenotano da soli negli orari liberi che scegli tu.',
  },
  {
    icon: IconBellRinging,
    title: 'Promemoria SMS',
    text: 'Promemoria automatici prima di ogni appuntamento: meno buchi in agenda, con credito SMS a pacchetti.',
  },
];

type Shot = { src: string; alt: string; width: number; height: number; caption: string };

const shots: Shot[] = [
  {
    src: '/landing/pazienti-desktop.webp',
    alt: 'Elenco dei pazienti di Studiolo con codice fiscale, contatti, etichette e stato',
    width: 960,
    height: 600,
    caption: 'L’elenco dei pazienti: cerca per nome, codice fiscale o telefono e filtra per etichetta.',
  },
  {
    src: '/landing/fatture-desktop.webp',
    alt: 'La fatturazione di Studiolo con fatturato, incassato, fatture scadute ed elenco delle fatture',
    width: 960,
    height: 600,
    caption: 'La fatturazione: fatturato, incassi e scadenze a colpo d’occhio, stato SDI di ogni fattura.',
  },
  {
    src: '/landing/statistiche-desktop.webp',
    alt: 'Le statistiche di Studiolo con il grafico di fatturato, incassato e costi per mese',
    width: 960,
    height: 600,
    caption: 'Le statistiche: da dove arrivano i soldi e dove vanno, mese per mese.',
  },
];

const perInterval = (p: PublicPlan) => (p.interval === 'year' ? '/ anno' : '/ mese');
const planNames: Record<PublicPlan['plan'], string> = { BASIC: 'Basic', PRO: 'Pro', UNLIMITED: 'Unlimited' };

const Plans = () => {
  const { data: plans, isError } = usePublicPlans();
  if (isError)
    return (
      <Text ta="center" c="dimmed">
        I prezzi non sono disponibili in questo momento: li trovi nella pagina Abbonamento dopo la registrazione.
      </Text>
    );
  if (!plans)
    return (
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={260} radius="md" />
        ))}
      </SimpleGrid>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: plans.length }} spacing="lg">
      {plans.map((p) => (
        <Card key={p.priceId} withBorder radius="md" padding="lg" data-testid={`piano-${p.plan}`}>
          <Stack gap="sm" h="100%">
            <Title order={3} fz="h4">
              {planNames[p.plan]}
            </Title>
            <Text>
              <Text span fw={700} fz={28}>
                {formatCents(p.unitAmount ?? 0)}
              </Text>{' '}
              <Text span c="dimmed" size="sm">
                {perInterval(p)} + IVA
              </Text>
            </Text>
            <List
              spacing={4}
              size="sm"
              icon={<IconCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden />}
              style={{ flexGrow: 1 }}
            >
              {p.highlights.map((h) => (
                <List.Item key={h}>{h}</List.Item>
              ))}
            </List>
            <Button component={Link} to="/signUp" variant={p.plan === 'PRO' ? 'filled' : 'light'} fullWidth>
              Inizia la prova gratuita
            </Button>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
};

/** /landing-page: what Studiolo does for an Italian health studio, the product as it looks, its prices, sign-up. */
export const LandingPage = () => {
  usePageTitle('Il gestionale per il tuo studio sanitario');
  return (
    <Box bg="gray.0" mih="100vh">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="nowrap">
            <Brand />
            <Group gap="xs" wrap="nowrap">
              <Anchor href="#prezzi" size="sm" visibleFrom="sm" mr="sm">
                Prezzi
              </Anchor>
              <Button component={Link} to="/signIn" variant="subtle">
                Accedi
              </Button>
              <Button component={Link} to="/signUp" visibleFrom="xs">
                Prova gratis
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>
      <Box component="main">
        <Container size="lg" py={{ base: 32, sm: 64 }}>
          <Stack align="center" ta="center" gap="lg" maw={780} mx="auto">
            <Title order={1} fz={{ base: 30, sm: 46 }} lh={1.15}>
              Il gestionale per fisioterapisti e professionisti sanitari
            </Title>
            <Text c="dimmed" fz={{ base: 'md', sm: 'xl' }}>
              Pazienti, agenda, consensi firmati sul telefono, cartella clinica, fatture elettroniche e Sistema TS:
              tutto lo studio in un solo posto, dal computer come dal cellulare.
            </Text>
            <Group justify="center">
              <Button component={Link} to="/signUp" size="lg">
                Prova gratis
              </Button>
              <Button component="a" href="#prezzi" size="lg" variant="default">
                Vedi i prezzi
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              Prova gratuita con tutte le funzioni, senza carta di credito.
            </Text>
          </Stack>
          {/* on a phone the phone's screenshot, as wide as a phone in the hand */}
          <Box mt={{ base: 32, sm: 56 }} maw={{ base: 300, xs: 960 }} mx="auto">
            <picture>
              <source media="(max-width: 36em)" srcSet="/landing/agenda-phone.webp" width={390} height={844} />
              <img
                src="/landing/agenda-desktop.webp"
                alt="L’agenda settimanale di Studiolo con gli appuntamenti dei pazienti"
                width={960}
                height={600}
                style={{
                  width: '100%',
                  height: 'auto',
                  maxWidth: 960,
                  display: 'block',
                  margin: '0 auto',
                  borderRadius: 12,
                  boxShadow: 'var(--mantine-shadow-md)',
                  border: '1px solid var(--mantine-color-gray-3)',
                }}
              />
            </picture>
          </Box>
        </Container>

        <Box bg="white" py={{ base: 40, sm: 72 }}>
          <Container size="lg">
            <Title order={2} ta="center" fz={{ base: 24, sm: 32 }}>
              Cosa fa Studiolo per il tuo studio
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg" mt={{ base: 24, sm: 40 }}>
              {features.map(({ icon: Icon, title, text }) => (
                <Card key={title} withBorder padding="lg">
                  <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                    <Icon size={24} />
                  </ThemeIcon>
                  <Title order={3} fz="lg" mt="md">
                    {title}
                  </Title>
                  <Text c="dimmed" size="sm" mt={6}>
                    {text}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </Container>
        </Box>

        <Container size="lg" py={{ base: 40, sm: 72 }}>
          <Title order={2} ta="center" fz={{ base: 24, sm: 32 }}>
            Com’è fatto
          </Title>
          <Text ta="center" c="dimmed" mt="xs">
            Schermate vere di Studiolo, con i dati di uno studio dimostrativo.
          </Text>
          <Stack gap={48} mt={{ base: 24, sm: 40 }}>
            {shots.map((s) => (
              <Box component="figure" key={s.src} m={0}>
                <img
                  src={s.src}
                  alt={s.alt}
                  width={s.width}
                  height={s.height}
                  loading="lazy"
                  decoding="async"
                  style={{
                    width: '100%',
                    height: 'auto',
                    maxWidth: 960,
                    display: 'block',
                    margin: '0 auto',
                    borderRadius: 12,
                    border: '1px solid var(--mantine-color-gray-3)',
                  }}
                />
                <Text component="figcaption" ta="center" size="sm" c="dimmed" mt="sm">
                  {s.caption}
                </Text>
              </Box>
            ))}
            <Group justify="center" align="center" gap={40}>
              <img
                src="/landing/pazienti-phone.webp"
                alt="L’elenco dei pazienti di Studiolo sullo schermo di un telefono"
                width={390}
                height={844}
                loading="lazy"
                decoding="async"
                style={{
                  width: 260,
                  height: 'auto',
                  borderRadius: 24,
                  border: '6px solid var(--mantine-color-dark-7)',
                }}
              />
              <Stack maw={380} gap="xs">
                <Title order={3} fz="xl">
                  Anche dal telefono
                </Title>
                <Text c="dimmed">
                  Ogni schermata è pensata per il cellulare: controlli l’agenda tra un paziente e l’altro, apri la
                  scheda di chi sta arrivando, mandi il consenso da firmare.
                </Text>
              </Stack>
            </Group>
          </Stack>
        </Container>

        <Box bg="white" py={{ base: 40, sm: 72 }} id="prezzi">
          <Container size="lg">
            <Title order={2} ta="center" fz={{ base: 24, sm: 32 }}>
              Prezzi
            </Title>
            <Text ta="center" c="dimmed" mt="xs" mb={{ base: 24, sm: 40 }}>
              Inizi con la prova gratuita, poi scegli il piano. Disdici quando vuoi; gli SMS si acquistano a pacchetti.
            </Text>
            <Plans />
          </Container>
        </Box>

        <Container size="lg" py={{ base: 40, sm: 72 }}>
          <Stack align="center" ta="center" gap="md">
            <Title order={2} fz={{ base: 24, sm: 32 }}>
              Prova Studiolo nel tuo studio
            </Title>
            <Text c="dimmed" maw={560}>
              Ti registri in un minuto, inserisci i dati dello studio e sei pronto. I tuoi dati restano tuoi: li esporti
              quando vuoi.
            </Text>
            <Button component={Link} to="/signUp" size="lg">
              Crea il tuo account
            </Button>
          </Stack>
        </Container>
      </Box>
      <Box component="footer" py="lg" bg="white" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="lg">
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              © {new Date().getFullYear()} Studiolo
            </Text>
            <Group gap="md" component="nav" aria-label="Documenti legali">
              {legalDocumentIds.map((id) => (
                <Anchor key={id} component={Link} to={`/documenti-legali#${id}`} size="sm">
                  {legalDocuments[id].title}
                </Anchor>
              ))}
            </Group>
          </Group>
        </Container>
      </Box>
    </Box>
  );
};
