import { Stack, Text, Title } from '@mantine/core';
import { analyticsTexts } from '../../features/analytics/analytics.texts.ts';
import { AnalyticsDashboard } from '../../features/analytics/components/analytics-dashboard.tsx';
import { usePatientTags } from '../../features/patients/api/get-patient-tags.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/**
 * /financial-analytics: 'Statistiche' of the overview (spec part 2 §7 Analytics). The tag filter offers the studio's
 * patient tags, composed here from the patients feature (features do not import each other).
 */
export const FinancialAnalyticsPage = () => {
  usePageTitle(analyticsTexts.title);
  const tags = usePatientTags();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{analyticsTexts.title}</Title>
        <Text c="gray.7">{analyticsTexts.intro}</Text>
      </div>
      <AnalyticsDashboard tagOptions={(tags.data ?? []).map((t) => t.tag)} />
    </Stack>
  );
};
