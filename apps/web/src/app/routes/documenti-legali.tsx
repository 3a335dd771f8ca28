import { Anchor, Box, Container, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { supportEmailAddress } from '@studiolo/domain/shared';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useConfig } from '../../lib/config.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { Brand } from '../layout/brand.tsx';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack gap={6}>
    <Title order={3} fz="md">
      {title}
    </Title>
    {children}
  </Stack>
);

/** /documenti-legali: privacy notice (#privacy) and terms of service (#termini). */
export const LegalDocumentsPage = () => {
  usePageTitle('Documenti legali');
  const { data: config } = useConfig();
  const email = config?.supportEmail ?? supportEmailAddress;
  const { hash } = useLocation();

  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  const mail = (
    <Anchor href={`mailto:${email}`} size="sm">
      {email}
    </Anchor>
  );

  return (
    <Box bg="gray.0" mih="100vh">
      <Container size="md" py="lg">
        <Group justify="space-between" mb="lg">
          <Anchor component={Link} to="/landing-page" underline="never" aria-label="Studiolo, pagina iniziale">
            <Brand />
          </Anchor>
          <Anchor component={Link} to="/signIn" size="sm">
            Accedi
          </Anchor>
        </Group>
        <Stack gap="lg" component="main">
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            Documenti legali
          </Title>
          <Group gap="md">
            <Anchor href="#privacy">Informativa sulla privacy</Anchor>
            <Anchor href="#termini">Termini e condizioni di servizio</Anchor>
          </Group>

          <Paper
            withBorder
            p={{ base: 'md', sm: 'xl' }}
            id="privacy"
            component="section"
            aria-labelledby="privacy-title"
          >
            <Stack gap="md">
              <Title order={2} fz="xl" id="privacy-title">
                Informativa sulla privacy
              </Title>
              <Text size="sm">
                Questa informativa descrive come Studiolo tratta i dati personali ai sensi del Regolamento (UE) 2016/679
                (GDPR) e del D.Lgs. 196/2003.
              </Text>
              <Section title="Ruoli">
                <Text size="sm">
                  Per i dati dei pazienti inseriti dallo studio, titolare del trattamento è lo studio stesso e Studiolo
                  agisce come responsabile del trattamento ai sensi dell'art. 28 GDPR. Per i dati degli utenti che si
                  registrano (nome, cognome, email), Studiolo è titolare del trattamento.
                </Text>
              </Section>
              <Section title="Dati trattati e finalità">
                <List size="sm" spacing={4}>
                  <List.Item>
                    dati di registrazione e di accesso, per fornire il servizio e proteggere l'account;
                  </List.Item>
                  <List.Item>
                    dati anagrafici, di contatto e sanitari dei pazienti, esclusivamente per conto dello studio e
                    secondo le sue istruzioni;
                  </List.Item>
                  <List.Item>dati di fatturazione, per adempiere agli obblighi fiscali;</List.Item>
                  <List.Item>registri tecnici e di sicurezza, per prevenire abusi e accessi non autorizzati.</List.Item>
                </List>
              </Section>
              <Section title="Conservazione e sicurezza">
                <Text size="sm">
                  I dati sono conservati per la durata del contratto e, dopo la cessazione, per il tempo previsto dalla
                  legge. Le comunicazioni sono cifrate, gli accessi sono registrati e lo studio può richiedere la
                  verifica in due passaggi a tutto lo staff.
                </Text>
              </Section>
              <Section title="Diritti degli interessati">
                <Text size="sm">
                  Puoi chiedere accesso, rettifica, cancellazione, limitazione, portabilità dei dati e opporti al
                  trattamento scrivendo a {mail}. I pazienti esercitano i propri diritti presso lo studio che li ha in
                  cura. Hai inoltre diritto di proporre reclamo al Garante per la protezione dei dati personali.
                </Text>
              </Section>
            </Stack>
          </Paper>

          <Paper
            withBorder
            p={{ base: 'md', sm: 'xl' }}
            id="termini"
            component="section"
            aria-labelledby="termini-title"
          >
            <Stack gap="md">
              <Title order={2} fz="xl" id="termini-title">
                Termini e condizioni di servizio
              </Title>
              <Section title="Oggetto">
                <Text size="sm">
                  Studiolo è un software gestionale online per studi sanitari che permette di gestire pazienti, agenda,
                  moduli, firme elettroniche e documenti contabili.
                </Text>
              </Section>
              <Section title="Account e responsabilità">
                <Text size="sm">
                  L'utente è responsabile della riservatezza delle proprie credenziali e dell'esattezza dei dati
                  inseriti. Il titolare dello studio decide chi invitare nello staff e con quale ruolo.
                </Text>
              </Section>
              <Section title="Abbonamento">
                <Text size="sm">
                  Il servizio è offerto secondo il piano scelto. Il piano può essere modificato o disdetto in qualsiasi
                  momento dalla sezione Abbonamento; la disdetta ha effetto alla fine del periodo già pagato.
                </Text>
              </Section>
              <Section title="Disponibilità del servizio">
                <Text size="sm">
                  Ci impegniamo a garantire la continuità del servizio, salvo interruzioni per manutenzione o cause non
                  dipendenti dalla nostra volontà. I dati possono essere esportati in ogni momento.
                </Text>
              </Section>
              <Section title="Contatti">
                <Text size="sm">Per qualsiasi domanda scrivi a {mail}.</Text>
              </Section>
            </Stack>
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
};
