import { Stack, Title } from '@mantine/core';
import { TabMenu } from '../../components/tab-menu.tsx';
import { OverviewCards } from '../../features/invoices/components/overview/overview-cards.tsx';
import { DocumentsList } from '../../features/invoices/components/tables/documents-list.tsx';
import { useSettings } from '../../features/settings/api/get-settings.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /accounting: the overview cards, then invoices and credit notes, and pro-forma (spec part 2 §2). */
export const AccountingPage = () => {
  usePageTitle('Fatturazione');
  const settings = useSettings();
  const sezionali = (settings.data?.sezionali ?? []).filter((s) => s.active).map((s) => s.name);
  return (
    <Stack gap="lg">
      <Title order={1}>Fatturazione</Title>
      <OverviewCards />
      <TabMenu
        aria-label="Documenti contabili"
        tabs={[
          { label: 'Fatture', content: <DocumentsList register="documento-contabile" sezionali={sezionali} /> },
          { label: 'Proforma', content: <DocumentsList register="proforma" sezionali={[]} /> },
        ]}
      />
    </Stack>
  );
};
