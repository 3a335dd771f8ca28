import { IconChartBar } from '@tabler/icons-react';
import { ComingSoon } from '../layout/coming-soon.tsx';

/** /financial-analytics (filled by the analytics feature). */
export const FinancialAnalyticsPage = () => (
  <ComingSoon
    title="Statistiche"
    description="Qui troverai incassi, fatturato e flusso di cassa del tuo studio, per mese e per anno."
    icon={<IconChartBar size={30} />}
  />
);
