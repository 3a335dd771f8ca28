import { Anchor, List, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { LegalDocumentId, LegalOperator, SubProcessor } from '@studiolo/domain/legal';
import type { ReactNode } from 'react';
import { listCardStyle, ResponsiveList } from '../../../components/responsive-list.tsx';

/**
 * The texts of the legal documents (decision 043), in the version packages/domain/src/legal says is in force: a change
 * to a text here goes with a new version there. They describe the product as it works; they are not legal advice.
 */
export type LegalTextProps = {
  /** The address to write to (the install's support address). */
  email: string;
  /** This install's sub-processors (GET /legal/documents); undefined while they load. */
  subProcessors: SubProcessor[] | undefined;
  /** Who runs this install (GET /legal/documents), when its environment names them. */
  operator: LegalOperator | null | undefined;
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack gap={6} component="section">
    <Title order={3} fz="md">
      {title}
    </Title>
    {children}
  </Stack>
);

const P = ({ children }: { children: ReactNode }) => <Text size="sm">{children}</Text>;

const Mail = ({ email }: { email: string }) => (
  <Anchor href={`mailto:${email}`} size="sm">
    {email}
  </Anchor>
);

/** The «Fornitore» by name, when the install says who runs it: ", cioè Rossi S.r.l., con sede in …, P.IVA …". */
const OperatorIdentity = ({ operator }: { operator: LegalOperator | null | undefined }) =>
  operator ? (
    <>
      , cioè <strong>{operator.name}</strong>
      {operator.address && `, con sede in ${operator.address}`}
      {operator.vatNumber && `, partita IVA ${operator.vatNumber}`}
      {operator.pec && `, PEC ${operator.pec}`}
    </>
  ) : null;

const Items = ({ children }: { children: ReactNode }) => (
  <List size="sm" spacing={4} withPadding>
    {children}
  </List>
);

const TermsText = ({ email, operator }: LegalTextProps) => (
  <>
    <Section title="1. Oggetto">
      <P>
        Studiolo è un software gestionale online per studi sanitari (fisioterapisti, osteopati, psicologi e altri
        professionisti sanitari): anagrafica dei pazienti, agenda, moduli di consenso firmati elettronicamente, cartella
        clinica, fatture elettroniche allo SDI, invio delle spese al Sistema Tessera Sanitaria, prenotazioni online e
        promemoria SMS. Il servizio è fornito da chi gestisce questa installazione di Studiolo (il «Fornitore»)
        <OperatorIdentity operator={operator} />, che puoi contattare all’indirizzo <Mail email={email} />.
      </P>
    </Section>
    <Section title="2. Account e collaboratori">
      <P>
        Per usare Studiolo registri un account con un indirizzo e-mail che confermi tramite un link. Le credenziali sono
        personali: non vanno condivise e sei responsabile di quanto avviene con il tuo account. Il titolare dello studio
        invita i collaboratori, ne sceglie il ruolo e può revocarli in ogni momento; può anche richiedere a tutti la
        verifica in due passaggi.
      </P>
    </Section>
    <Section title="3. Prova gratuita, piani e prezzi">
      <P>
        Ogni nuovo studio parte con una prova gratuita che comprende tutte le funzioni. Per continuare scegli uno dei
        piani indicati nella pagina Abbonamento e nella pagina iniziale di Studiolo, con i prezzi lì riportati, IVA
        esclusa. L’abbonamento si paga in anticipo per il periodo scelto tramite il fornitore dei pagamenti e si rinnova
        automaticamente. Gli SMS si pagano a parte, con pacchetti di credito prepagato.
      </P>
    </Section>
    <Section title="4. Disdetta e mancato pagamento">
      <P>
        Puoi disdire l’abbonamento in qualsiasi momento dalla pagina Abbonamento, senza penali: la disdetta ha effetto
        alla fine del periodo già pagato. Se un pagamento non va a buon fine, dopo un periodo di tolleranza si fermano
        le funzioni del piano oltre a quelle di base; i dati dello studio restano sempre consultabili ed esportabili.
      </P>
    </Section>
    <Section title="5. Obblighi dello studio">
      <P>
        Lo studio usa Studiolo nel rispetto della legge, del segreto professionale e della normativa sulla protezione
        dei dati; è responsabile dei dati che inserisce e della correttezza dei documenti fiscali che emette e
        trasmette. Studiolo è uno strumento: non fornisce consulenza fiscale, legale o clinica.
      </P>
    </Section>
    <Section title="6. Firma elettronica dei moduli">
      <P>
        I moduli si firmano con un codice monouso inviato al paziente. Il valore legale della firma dipende dalla
        verifica dei contatti del firmatario, come spiegato nella schermata «Verifica contatti»: se il cellulare non è
        del firmatario, la firma è una firma elettronica semplice, con valore probatorio limitato.
      </P>
    </Section>
    <Section title="7. Disponibilità del servizio">
      <P>
        Il Fornitore si impegna a garantire la continuità del servizio, salvo interruzioni per manutenzione, annunciate
        quando possibile, o per cause che non dipendono da lui. La responsabilità del Fornitore è limitata ai danni
        prevedibili, nei limiti consentiti dalla legge: resta in ogni caso quella per dolo o colpa grave.
      </P>
    </Section>
    <Section title="8. I tuoi dati restano tuoi">
      <P>
        Lo studio può esportare in ogni momento i propri dati in formati aperti e il titolare può cancellare lo studio
        con tutti i suoi dati da Impostazioni. Il trattamento dei dati dei pazienti è regolato dall’Accordo sul
        trattamento dei dati, che fa parte di questi termini.
      </P>
    </Section>
    <Section title="9. Modifiche">
      <P>
        Ogni versione di questi documenti ha un numero e una data. Quando un documento cambia, al primo accesso ti
        chiediamo di leggere e accettare la nuova versione; se non la accetti puoi disdire l’abbonamento ed esportare i
        tuoi dati.
      </P>
    </Section>
    <Section title="10. Legge applicabile">
      <P>
        Questi termini sono regolati dalla legge italiana. Per ogni controversia è competente il foro stabilito dalla
        legge.
      </P>
    </Section>
  </>
);

const PrivacyText = ({ email, operator }: LegalTextProps) => (
  <>
    <P>
      Questa informativa, resa ai sensi dell’art. 13 del Regolamento (UE) 2016/679 («GDPR»), riguarda le persone che
      usano Studiolo: i titolari degli studi e i loro collaboratori. I dati dei pazienti sono trattati per conto dello
      studio, che ne è titolare: per loro vale l’informativa dello studio e, tra studio e Fornitore, l’Accordo sul
      trattamento dei dati.
    </P>
    <Section title="Titolare del trattamento">
      <P>
        Titolare è il Fornitore di questa installazione di Studiolo
        <OperatorIdentity operator={operator} />, che puoi contattare all’indirizzo <Mail email={email} />.
      </P>
    </Section>
    <Section title="Quali dati trattiamo">
      <Items>
        <List.Item>nome, cognome e indirizzo e-mail;</List.Item>
        <List.Item>la password, conservata solo in forma cifrata non reversibile (hash);</List.Item>
        <List.Item>
          i dati dello studio e di fatturazione: denominazione, codice fiscale, partita IVA, indirizzo e contatti;
        </List.Item>
        <List.Item>
          i dati tecnici e di sicurezza: accessi, dispositivi collegati, indirizzo IP e registro delle attività;
        </List.Item>
        <List.Item>
          i dati dell’abbonamento; i dati della carta di pagamento li tratta solo il fornitore dei pagamenti.
        </List.Item>
      </Items>
    </Section>
    <Section title="Perché e su quale base giuridica">
      <Items>
        <List.Item>fornirti il servizio e l’assistenza: esecuzione del contratto (art. 6.1.b GDPR);</List.Item>
        <List.Item>
          proteggere gli account e prevenire abusi (limiti ai tentativi di accesso, registro delle attività): legittimo
          interesse (art. 6.1.f);
        </List.Item>
        <List.Item>adempiere agli obblighi fiscali e contabili: obbligo di legge (art. 6.1.c);</List.Item>
        <List.Item>
          inviare l’invito del programma «Invita un amico» al collega che indichi, una sola volta: legittimo interesse
          tuo e nostro.
        </List.Item>
      </Items>
      <P>
        Non usiamo i tuoi dati per pubblicità né per profilazione. Il conferimento dei dati dell’account è necessario
        per registrarsi: senza non è possibile fornire il servizio.
      </P>
    </Section>
    <Section title="A chi li comunichiamo">
      <P>
        Ai fornitori che ci aiutano a erogare il servizio, nominati responsabili del trattamento ed elencati
        nell’Accordo sul trattamento dei dati, e alle autorità quando la legge lo impone. Se un fornitore tratta dati
        fuori dall’Unione europea, il trasferimento avviene con le garanzie del GDPR (decisione di adeguatezza o
        clausole contrattuali tipo).
      </P>
    </Section>
    <Section title="Per quanto tempo">
      <P>
        I dati dell’account per tutta la durata del rapporto; dopo la chiusura dell’account li cancelliamo, salvo quelli
        che la legge ci impone di conservare (i documenti fiscali per 10 anni, art. 2220 c.c.). I registri di sicurezza
        sono conservati per il tempo necessario a proteggere il servizio.
      </P>
    </Section>
    <Section title="I tuoi diritti">
      <P>
        Puoi chiedere l’accesso ai tuoi dati, la rettifica, la cancellazione, la limitazione, la portabilità e opporti
        al trattamento basato sul legittimo interesse (artt. 15–22 GDPR) scrivendo a <Mail email={email} />. Hai anche
        il diritto di proporre reclamo al Garante per la protezione dei dati personali (www.garanteprivacy.it).
      </P>
    </Section>
  </>
);

const kindLabel: Record<SubProcessor['kind'], string> = {
  'sub-responsabile': 'Sub-responsabile',
  destinatario: 'Destinatario per legge',
  simulatore: 'Simulatore locale',
};

const SubProcessorsTable = ({ list }: { list: SubProcessor[] | undefined }) => {
  if (!list) return <Skeleton h={120} aria-label="Caricamento dell’elenco" />;
  return (
    <ResponsiveList
      items={list.map((s) => ({ ...s, id: s.name }))}
      label="Sub-responsabili di questa installazione"
      columns={['Fornitore', 'Servizio', 'Dove', 'Ruolo']}
      tableMinWidth={560}
      card={(s) => (
        <Stack gap={2} p="sm" style={listCardStyle}>
          <Text size="sm" fw={600}>
            {s.name}
          </Text>
          <Text size="sm">{s.service}</Text>
          <Text size="xs" c="dimmed">
            {s.location} · {kindLabel[s.kind]}
          </Text>
        </Stack>
      )}
      cells={(s) => (
        <>
          <Table.Td>{s.name}</Table.Td>
          <Table.Td>{s.service}</Table.Td>
          <Table.Td>{s.location}</Table.Td>
          <Table.Td>{kindLabel[s.kind]}</Table.Td>
        </>
      )}
    />
  );
};

const DpaText = ({ email, subProcessors, operator }: LegalTextProps) => (
  <>
    <P>
      Questo accordo, ai sensi dell’art. 28 del GDPR, regola il trattamento dei dati che lo studio inserisce in
      Studiolo. Lo studio è titolare del trattamento dei dati dei propri pazienti, compresi i dati relativi alla salute
      (art. 9 GDPR); il Fornitore di Studiolo
      <OperatorIdentity operator={operator} /> è responsabile del trattamento e li tratta solo per conto dello studio.
    </P>
    <Section title="1. Oggetto, natura e durata">
      <P>
        Il Fornitore conserva e tratta i dati per far funzionare il gestionale: anagrafica, agenda, moduli e firme,
        cartella clinica, fatturazione, trasmissioni allo SDI e al Sistema TS, promemoria e prenotazioni online, per la
        durata del contratto di servizio.
      </P>
    </Section>
    <Section title="2. Dati e interessati">
      <Items>
        <List.Item>
          interessati: pazienti (anche minori, tramite chi ne esercita la responsabilità genitoriale), loro
          rappresentanti, clienti a cui lo studio fattura, collaboratori dello studio;
        </List.Item>
        <List.Item>dati comuni: anagrafici, di contatto, codice fiscale, dati fiscali e di pagamento;</List.Item>
        <List.Item>
          dati relativi alla salute: cartella clinica, valutazioni, diario dei trattamenti, allegati, mappe del corpo,
          consensi firmati.
        </List.Item>
      </Items>
    </Section>
    <Section title="3. Obblighi del responsabile">
      <Items>
        <List.Item>tratta i dati solo su istruzione documentata dello studio, data con l’uso del gestionale;</List.Item>
        <List.Item>garantisce che chi accede ai dati sia vincolato alla riservatezza;</List.Item>
        <List.Item>
          adotta le misure dell’art. 32: dati di ogni studio separati da quelli degli altri, comunicazioni cifrate,
          password conservate come hash, verifica in due passaggi, ruoli per lo staff, registro delle attività e degli
          accessi alla cartella clinica, copie di sicurezza;
        </List.Item>
        <List.Item>
          assiste lo studio nel rispondere ai diritti degli interessati (per esempio con l’esportazione dei dati di un
          paziente) e negli adempimenti degli artt. 32–36;
        </List.Item>
        <List.Item>
          comunica allo studio ogni violazione dei dati senza ingiustificato ritardo e comunque entro 48 ore da quando
          ne viene a conoscenza;
        </List.Item>
        <List.Item>
          alla fine del contratto, lascia allo studio il tempo di esportare i dati e poi li cancella, salvo che la legge
          ne imponga la conservazione;
        </List.Item>
        <List.Item>
          mette a disposizione le informazioni necessarie a dimostrare il rispetto di questo accordo.
        </List.Item>
      </Items>
    </Section>
    <Section title="4. Obblighi dello studio">
      <P>
        Lo studio tratta i dati dei pazienti su una base giuridica valida (per i dati sanitari, di norma l’art. 9.2.h
        GDPR: finalità di cura), informa i pazienti, raccoglie i consensi necessari e dà istruzioni conformi alla legge.
      </P>
    </Section>
    <Section title="5. Sub-responsabili">
      <P>
        Lo studio autorizza in via generale il ricorso ai sub-responsabili elencati qui sotto, vincolati agli stessi
        obblighi di protezione dei dati. L’elenco è quello di questa installazione, ricavato dalla sua configurazione: i
        servizi indicati come «Simulatore locale» funzionano sul server stesso e non trasmettono dati a nessuno. Ogni
        modifica dell’elenco porta a una nuova versione di questo accordo, che lo studio può rifiutare recedendo dal
        contratto.
      </P>
      <SubProcessorsTable list={subProcessors} />
    </Section>
    <Section title="6. Contatti">
      <P>
        Per ogni richiesta relativa a questo accordo scrivi a <Mail email={email} />.
      </P>
    </Section>
  </>
);

const storageRows: { name: string; kind: string; purpose: string; duration: string }[] = [
  {
    name: 'studiolo.user',
    kind: 'localStorage',
    purpose: 'Tiene aperta la tua sessione: il token di accesso e il tuo indirizzo e-mail',
    duration: 'Finché esci dall’account',
  },
  {
    name: 'studiolo.support',
    kind: 'sessionStorage',
    purpose: 'Solo per il personale di assistenza: lo studio aperto in modalità assistenza',
    duration: 'Fino alla chiusura della scheda',
  },
  {
    name: 'studiolo.banner.dismissed',
    kind: 'sessionStorage',
    purpose: 'Ricorda che hai chiuso l’avviso in cima alla pagina',
    duration: 'Fino alla chiusura della scheda',
  },
  {
    name: 'mantine-color-scheme-value',
    kind: 'localStorage',
    purpose: 'Letto dalla libreria dell’interfaccia per il tema chiaro o scuro; Studiolo non lo scrive',
    duration: 'Finché lo cancelli dal browser',
  },
  {
    name: 'studiolo_google_oauth',
    kind: 'Cookie tecnico (HttpOnly)',
    purpose: 'Protegge il collegamento a Google Calendar mentre lo attivi',
    duration: '15 minuti',
  },
];

const CookieText = () => (
  <>
    <P>
      Studiolo usa soltanto cookie tecnici e memoria locale del browser strettamente necessari a far funzionare il
      servizio (art. 122 del Codice privacy e Linee guida del Garante del 10 giugno 2021): per questo non ti chiediamo
      un consenso e non mostriamo un banner. Non usiamo cookie di profilazione, pubblicitari o di statistica, né di
      terze parti.
    </P>
    <Section title="Che cosa salviamo nel tuo browser">
      <ResponsiveList
        items={storageRows.map((r) => ({ ...r, id: r.name }))}
        label="Cookie e memoria locale"
        columns={['Nome', 'Tipo', 'A cosa serve', 'Durata']}
        tableMinWidth={560}
        card={(r) => (
          <Stack gap={2} p="sm" style={listCardStyle}>
            <Text size="sm" fw={600} ff="monospace">
              {r.name}
            </Text>
            <Text size="sm">{r.purpose}</Text>
            <Text size="xs" c="dimmed">
              {r.kind} · {r.duration}
            </Text>
          </Stack>
        )}
        cells={(r) => (
          <>
            <Table.Td ff="monospace">{r.name}</Table.Td>
            <Table.Td>{r.kind}</Table.Td>
            <Table.Td>{r.purpose}</Table.Td>
            <Table.Td>{r.duration}</Table.Td>
          </>
        )}
      />
    </Section>
    <Section title="Verifica anti-robot">
      <P>
        Se l’installazione la attiva, le pagine di accesso e di registrazione usano Cloudflare Turnstile per distinguere
        le persone dai programmi automatici: è un servizio tecnico di sicurezza, senza finalità di profilazione.
      </P>
    </Section>
    <Section title="Come cancellarli">
      <P>
        Uscendo dall’account la sessione viene cancellata. Puoi eliminare in ogni momento cookie e memoria locale dalle
        impostazioni del browser: dovrai solo accedere di nuovo.
      </P>
    </Section>
  </>
);

/** Each document's text, by id. */
export const legalTexts: Record<LegalDocumentId, (props: LegalTextProps) => ReactNode> = {
  termini: TermsText,
  privacy: PrivacyText,
  dpa: DpaText,
  cookie: CookieText,
};
