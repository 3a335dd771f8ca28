import { Group, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { LazyPanel } from '../../components/lazy-panel.tsx';
import { TabMenu } from '../../components/tab-menu.tsx';
import { useCurrentStudioId } from '../../features/auth/api/get-user.ts';
import { setPassiveInvoicing } from '../../features/einvoicing/api/received.ts';
import { XmlDownloadButton } from '../../features/einvoicing/components/xml-download-dialog.tsx';
import { einvoicingTexts } from '../../features/einvoicing/einvoicing.texts.ts';
import { OverviewCards } from '../../features/invoices/components/overview/overview-cards.tsx';
import { DocumentsList } from '../../features/invoices/components/tables/documents-list.tsx';
import { settingsQueryKey, useSettings } from '../../features/settings/api/get-settings.ts';
import { sistemaTsTexts } from '../../features/sistema-ts/sistema-ts.texts.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

// The received invoices and the Sistema TS tabs are fetched when opened, not with the page's first screen, the
// invoices tab (issue 17 item 11).
const ReceivedInvoices = lazy(() =>
  import('../../features/einvoicing/components/received-invoices.tsx').then(({ ReceivedInvoices }) => ({
    default: ReceivedInvoices,
  })),
);
const SistemaTsOverview = lazy(() =>
  import('../../features/sistema-ts/components/sistema-ts-overview.tsx').then(({ SistemaTsOverview }) => ({
    default: SistemaTsOverview,
  })),
);

/**
 * /accounting: the overview cards, then invoices and credit notes, pro-forma, received invoices (spec part 2 §2) and
 * the health expenses for the Sistema TS.
 */
export const AccountingPage = () => {
  usePageTitle('Fatturazione');
  const settings = useSettings();
  const queryClient = useQueryClient();
  const studioId = useCurrentStudioId();
  const togglePassive = async (enabled: boolean) => {
    await setPassiveInvoicing(enabled);
    await queryClient.invalidateQueries({ queryKey: settingsQueryKey(studioId) });
  };
  const sezionali = (settings.data?.sezionali ?? []).filter((s) => s.active).map((s) => s.name);
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Fatturazione</Title>
        <XmlDownloadButton />
      </Group>
      <OverviewCards />
      <TabMenu
        aria-label="Documenti contabili"
        tabs={[
          { label: 'Fatture', content: <DocumentsList register="documento-contabile" sezionali={sezionali} /> },
          { label: 'Proforma', content: <DocumentsList register="proforma" sezionali={[]} /> },
          {
            label: einvoicingTexts.receivedTab,
            content: (
              <LazyPanel>
                <ReceivedInvoices enabled={settings.data?.passiveInvoiceEnabled ?? false} onToggle={togglePassive} />
              </LazyPanel>
            ),
          },
          {
            label: sistemaTsTexts.tab,
            content: (
              <LazyPanel>
                <SistemaTsOverview />
              </LazyPanel>
            ),
          },
        ]}
      />
    </Stack>
  );
};
