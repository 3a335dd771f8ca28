import { Alert, Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { passwordSchema } from '@studiolo/domain/auth';
import { z } from '@studiolo/domain/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useChangePassword } from '../../features/auth/api/change-password.ts';
import { applyServerFieldErrors, requiredField } from '../../lib/form.ts';
import { clearSession } from '../../lib/session.ts';
import { useMounted } from '../../lib/use-mounted.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** Decided text: the spec does not word it. */
export const passwordsDifferMessage = 'Le password non coincidono';

const schema = z
  .object({ password: passwordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { error: passwordsDifferMessage, path: ['confirm'] });

/** /resetPassword?token=…: a new password from the e-mailed link, then sign-in (spec part 1 §4). */
export const ResetPasswordPage = () => {
  usePageTitle('Nuova password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const change = useChangePassword();
  const mounted = useMounted();
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirm: '' },
    validate: schemaResolver(schema, { sync: true }),
  });

  if (!token || token.length < 20) {
    return (
      <Stack gap="md">
        <Title order={1} fz={24}>
          Link non valido
        </Title>
        <Alert color="red">Il link per reimpostare la password non è valido o è incompleto.</Alert>
        <Anchor component={Link} to="/forgotPassword" fw={600}>
          Richiedi un nuovo link
        </Anchor>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ password }) =>
        change.mutate(
          { token, password },
          {
            onSuccess: () => {
              // spec part 1 §4: after a successful change the app goes to sign-in.
              clearSession();
              navigate('/signIn', { replace: true });
            },
            onError: (e) => applyServerFieldErrors(form, e),
          },
        ),
      )}
    >
      <Stack gap="md">
        <div>
          <Title order={1} fz={24}>
            Scegli una nuova password
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Dopo il salvataggio potrai accedere con la nuova password.
          </Text>
        </div>
        <PasswordInput
          label="Nuova password"
          description="Almeno 8 caratteri"
          autoComplete="new-password"
          visibilityToggleButtonProps={{ disabled: !mounted }}
          {...requiredField}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Conferma password"
          autoComplete="new-password"
          visibilityToggleButtonProps={{ disabled: !mounted }}
          {...requiredField}
          {...form.getInputProps('confirm')}
        />
        <Button type="submit" fullWidth loading={change.isPending} disabled={!mounted}>
          Salva la nuova password
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
