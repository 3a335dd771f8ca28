import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type LoginResponse, signupInputSchema } from '@studiolo/domain/auth';
import { currentLegalVersions, legalMessages } from '@studiolo/domain/legal';
import { IconMailOpened } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { applyServerFieldErrors, requiredField } from '../../../lib/form.ts';
import { isHttpError } from '../../../lib/http.ts';
import { useMounted } from '../../../lib/use-mounted.ts';
import { useSignup } from '../api/signup.ts';

const formSchema = signupInputSchema.pick({ nome: true, cognome: true, email: true, password: true });
const validateFields = schemaResolver(formSchema, { sync: true });

/** A link to a legal document, opened in a new tab so the form keeps what was typed. */
const DocLink = ({ hash, children }: { hash: string; children: string }) => (
  <Anchor component={Link} to={`/documenti-legali#${hash}`} target="_blank" inherit>
    {children}
  </Anchor>
);

/** Sign-up; an invitation token (staff invite) or a referrer id (invite-a-friend) travel with it. */
export const SignUpForm = ({
  inviteToken,
  customerInvitedByUserId,
  signInHref,
  onSignedUp,
}: {
  inviteToken: string | null;
  customerInvitedByUserId: string | null;
  signInHref: string;
  onSignedUp: (session: LoginResponse) => void;
}) => {
  const signup = useSignup();
  const mounted = useMounted();
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { nome: '', cognome: '', email: '', password: '', accettaDocumenti: false },
    // the documents' versions shown are sent and recorded with the account (decision 043)
    validate: (values) => ({
      ...validateFields(values),
      ...(values.accettaDocumenti ? {} : { accettaDocumenti: legalMessages.signupCheckboxRequired }),
    }),
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ accettaDocumenti: _, ...values }) => {
        setUnavailable(null);
        signup.mutate(
          {
            ...values,
            legal: currentLegalVersions(),
            ...(inviteToken ? { inviteToken } : {}),
            ...(customerInvitedByUserId ? { customerInvitedByUserId } : {}),
          },
          {
            onSuccess: onSignedUp,
            onError: (e) => {
              if (isHttpError(e) && e.status === 503) setUnavailable(e.message);
              applyServerFieldErrors(form, e);
            },
          },
        );
      })}
    >
      <Stack gap="md">
        <div>
          <Title order={1} fz={24}>
            Crea il tuo account
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {inviteToken
              ? 'Completa la registrazione per unirti allo studio.'
              : 'Inizia a gestire il tuo studio in pochi minuti.'}
          </Text>
        </div>
        {inviteToken && (
          <Alert color="studiolo" variant="light" icon={<IconMailOpened size={18} aria-hidden />}>
            Sei stato invitato a collaborare con uno studio. Usa l'email a cui è arrivato l'invito.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Nome" autoComplete="given-name" {...requiredField} {...form.getInputProps('nome')} />
          <TextInput label="Cognome" autoComplete="family-name" {...requiredField} {...form.getInputProps('cognome')} />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="nome@studio.it"
          {...requiredField}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          description="Almeno 8 caratteri. Meglio una frase facile da ricordare."
          autoComplete="new-password"
          visibilityToggleButtonProps={{ disabled: !mounted }}
          {...requiredField}
          {...form.getInputProps('password')}
        />
        <Checkbox
          size="sm"
          label={
            <>
              Ho letto e accetto i <DocLink hash="termini">Termini di servizio</DocLink> e l’
              <DocLink hash="dpa">Accordo sul trattamento dei dati</DocLink>, e ho letto l’
              <DocLink hash="privacy">Informativa sulla privacy</DocLink> e l’
              <DocLink hash="cookie">Informativa sui cookie</DocLink>.
            </>
          }
          {...form.getInputProps('accettaDocumenti', { type: 'checkbox' })}
        />
        {unavailable && (
          <Alert color="orange" role="alert">
            {unavailable}
          </Alert>
        )}
        <Button type="submit" fullWidth loading={signup.isPending} disabled={!mounted}>
          Registrati
        </Button>
        <Text size="sm" ta="center">
          Hai già un account?{' '}
          <Anchor component={Link} to={signInHref} fw={600}>
            Accedi
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
};
