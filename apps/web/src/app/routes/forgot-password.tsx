import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { resetPwdInputSchema } from '@studiolo/domain/auth';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useRequestPasswordReset } from '../../features/auth/api/reset-password.ts';
import { applyServerFieldErrors, requiredField } from '../../lib/form.ts';
import { isHttpError } from '../../lib/http.ts';
import { useMounted } from '../../lib/use-mounted.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /forgotPassword: e-mail → POST /user/resetPwd → /confirmationPassword. */
export const ForgotPasswordPage = () => {
  usePageTitle('Password dimenticata');
  const navigate = useNavigate();
  const reset = useRequestPasswordReset();
  const mounted = useMounted();
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: schemaResolver(resetPwdInputSchema, { sync: true }),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setUnavailable(null);
        reset.mutate(values, {
          onSuccess: () => navigate('/confirmationPassword'),
          onError: (e) => {
            if (isHttpError(e) && e.status === 503) setUnavailable(e.message);
            applyServerFieldErrors(form, e);
          },
        });
      })}
    >
      <Stack gap="md">
        <div>
          <Title order={1} fz={24}>
            Password dimenticata?
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Inserisci l'email del tuo account: ti invieremo un link per sceglierne una nuova.
          </Text>
        </div>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="nome@studio.it"
          {...requiredField}
          {...form.getInputProps('email')}
        />
        {unavailable && (
          <Alert color="orange" role="alert">
            {unavailable}
          </Alert>
        )}
        <Button type="submit" fullWidth loading={reset.isPending} disabled={!mounted}>
          Invia il link
        </Button>
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/signIn">
            Torna all'accesso
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
};
