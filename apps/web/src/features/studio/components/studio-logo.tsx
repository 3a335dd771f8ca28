import { Box, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { requestFile } from '../../../lib/http.ts';
import { useUploadLogo } from '../api/upload-logo.ts';

/** Assets served by the API need the bearer token: fetch them as a blob; other URLs are used as they are. */
const useAssetUrl = (assetUrl: string | null) => {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!assetUrl) {
      setUrl(null);
      return;
    }
    // Public assets (e.g. /app/api/public/logos/…) and other URLs load directly in <img>.
    if (!assetUrl.startsWith('/app/api/') || assetUrl.startsWith('/app/api/public/')) {
      setUrl(assetUrl);
      return;
    }
    let objectUrl: string | null = null;
    let cancelled = false;
    requestFile(assetUrl.slice('/app/api'.length))
      .then(({ blob }) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => setUrl(null));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [assetUrl]);
  return url;
};

/** The studio's logo, printed on invoices and documents; the server compresses images of 1 MB or more. */
export const StudioLogo = ({ assetUrl, canEdit }: { assetUrl: string | null; canEdit: boolean }) => {
  const upload = useUploadLogo();
  const url = useAssetUrl(assetUrl);
  return (
    <Group gap="lg" align="center" wrap="wrap">
      <Box
        w={160}
        h={90}
        style={{
          border: '1px dashed var(--mantine-color-gray-4)',
          borderRadius: 'var(--mantine-radius-md)',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
          background: 'white',
        }}
      >
        {url ? (
          <Image src={url} alt="Logo dello studio" fit="contain" h={80} w={150} />
        ) : (
          <Stack align="center" gap={2}>
            <IconPhoto size={28} color="var(--mantine-color-gray-5)" aria-hidden />
            <Text size="xs" c="dimmed">
              Nessun logo
            </Text>
          </Stack>
        )}
      </Box>
      {canEdit && (
        <Stack gap={4} align="flex-start">
          <FileButton accept="image/png,image/jpeg,image/webp" onChange={(file) => file && upload.mutate(file)}>
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconUpload size={16} aria-hidden />}
                loading={upload.isPending}
              >
                {assetUrl ? 'Cambia logo' : 'Carica logo'}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            PNG, JPEG o WebP. Le immagini grandi vengono ridotte automaticamente.
          </Text>
        </Stack>
      )}
    </Group>
  );
};
