import { Alert, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { invoiceMessages as m } from '@studiolo/domain/invoices';
import { IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { saveBlob } from '../../../../lib/download.ts';
import { useDocumentPdf } from '../../api/get-document-pdf.ts';
import type { InvoiceRegister } from '../../api/invoice-keys.ts';

/** spec part 2 §9: the download starts 300 ms after the click. */
export const pdfStartDelayMs = 300;

export const pdfViewTexts = {
  title: 'Documento PDF',
  frameTitle: 'Anteprima del documento in PDF',
  loadFailed: 'Impossibile generare il PDF del documento.',
  preparing: 'Preparazione del PDF…',
} as const;

/** The invoice PDF page (spec part 2 §2): the A4 PDF shown, 'Torna indietro' and 'Scarica documento'. */
export const DocumentPdfView = ({
  register,
  id,
  onBack,
}: {
  register: InvoiceRegister;
  id: string;
  onBack: () => void;
}) => {
  const pdf = useDocumentPdf(register, id);
  const [starting, setStarting] = useState(false);
  const url = useMemo(() => (pdf.data ? URL.createObjectURL(pdf.data.blob) : null), [pdf.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  const download = () => {
    if (!pdf.data) return;
    setStarting(true);
    const file = pdf.data;
    setTimeout(() => {
      saveBlob(file.blob, file.fileName ?? 'documento.pdf');
      setStarting(false);
    }, pdfStartDelayMs);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {pdfViewTexts.title}
        </Title>
        <Group gap="sm">
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
            {m.goBack}
          </Button>
          <Button leftSection={<IconDownload size={16} />} onClick={download} loading={starting} disabled={!pdf.data}>
            {m.downloadDocument}
          </Button>
        </Group>
      </Group>
      {pdf.isError && <Alert color="red">{pdfViewTexts.loadFailed}</Alert>}
      {pdf.isPending && (
        <Group gap="sm">
          <Loader size="sm" />
          {pdfViewTexts.preparing}
        </Group>
      )}
      {url && (
        <iframe
          title={pdfViewTexts.frameTitle}
          src={url}
          style={{ width: '100%', height: '80vh', border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8 }}
        />
      )}
    </Stack>
  );
};
