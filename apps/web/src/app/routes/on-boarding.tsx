import { Container, Fieldset, Stack, Text, Title } from '@mantine/core';
import { defaultServiceDescription } from '@studiolo/domain/invoices';
import { avatarColors } from '@studiolo/domain/staff';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { AvatarColorPicker } from '../../components/avatar-color-picker.tsx';
import { useCurrentUser } from '../../features/auth/api/get-user.ts';
import { createProduct } from '../../features/products/api/save-product.ts';
import { useInitialSetup } from '../../features/studio/api/initial-setup.ts';
import {
  emptyFirstService,
  type FirstServiceErrors,
  FirstServiceFieldset,
  validateFirstService,
} from '../../features/studio/components/first-service-fieldset.tsx';
import { emptyStudioValues, StudioForm } from '../../features/studio/components/studio-form.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { Brand } from '../layout/brand.tsx';
import { PageLoader } from '../layout/page-loader.tsx';

/** /on-boarding: the first studio set-up (needs a token; a user who has a studio goes to the app). */
export const OnBoardingPage = () => {
  usePageTitle('Configura il tuo studio');
  const user = useCurrentUser();
  const setup = useInitialSetup();
  const navigate = useNavigate();
  const [avatarColor, setAvatarColor] = useState<string>(avatarColors[5]?.value ?? '#1E88E5');
  const [done, setDone] = useState(false);
  const [firstService, setFirstService] = useState(emptyFirstService);
  const [serviceErrors, setServiceErrors] = useState<FirstServiceErrors>({});

  if (user.isPending) return <PageLoader />;
  if (!done && user.data && user.data.idsStudio.length > 0) return <Navigate to="/customers" replace />;

  const initial = emptyStudioValues();
  if (user.data) {
    initial.nome = user.data.nome;
    initial.cognome = user.data.cognome;
    initial.contatti.email = user.data.username;
  }

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Brand />
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            Configura il tuo studio
          </Title>
          <Text c="dimmed" mt={4}>
            Questi dati compaiono su fatture e documenti. Potrai modificarli in ogni momento da Impostazioni.
          </Text>
        </div>
        <StudioForm
          initialValues={initial}
          submitLabel="Salva e continua"
          loading={setup.isPending}
          serverFieldPrefix="studio."
          onSubmit={async (studio) => {
            const errors = validateFirstService(firstService);
            setServiceErrors(errors);
            if (Object.keys(errors).length) return;
            setDone(true);
            try {
              await setup.mutateAsync({ studio, avatarColor });
            } catch (e) {
              setDone(false);
              throw e;
            }
            // issue 26 item 2: the studio's first service, so that an appointment has one to choose
            const { create, name, duration, price } = firstService;
            if (create && price !== '' && duration !== '') {
              const service = name.trim() || defaultServiceDescription(studio.professione);
              // the price typed is what the patient pays (a health service is VAT-exempt): price and gross alike;
              // a failure here leaves the studio made, the service can be added from the calendar settings
              await createProduct({ name: service, price, grossPrice: price, duration }).catch(() => undefined);
            }
            navigate('/welcome', { replace: true });
          }}
          extra={
            <>
              <FirstServiceFieldset
                value={firstService}
                onChange={(next) => {
                  setFirstService(next);
                  if (Object.keys(serviceErrors).length) setServiceErrors(validateFirstService(next));
                }}
                errors={serviceErrors}
              />
              <Fieldset legend="Il tuo avatar" variant="filled" radius="md">
                <Text size="xs" c="dimmed" mb="xs">
                  Il colore con cui compari in agenda e nello staff.
                </Text>
                <AvatarColorPicker value={avatarColor} onChange={setAvatarColor} usedColors={[]} />
              </Fieldset>
            </>
          }
        />
      </Stack>
    </Container>
  );
};
