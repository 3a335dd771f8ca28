import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import type { OutcomeRecord } from '@studiolo/domain/clinical';
import { formatDate } from '../../../lib/format.ts';

/**
 * One scale's scores over time (loaded lazily by the outcomes panel: the chart library stays out of the patient
 * page's chunk). The drawing is hidden from assistive technology; the table beside it is the alternative.
 */
const OutcomeChart = ({ records }: { records: readonly OutcomeRecord[] }) => {
  const first = records[0];
  if (!first) return null;
  const rows = records.map((r) => ({ label: formatDate(r.data), punteggio: r.punteggio }));
  return (
    <div aria-hidden="true" data-testid={`grafico-${first.codice}`}>
      <LineChart
        h={220}
        dataKey="label"
        data={rows}
        curveType="linear"
        withDots
        lineChartProps={{ accessibilityLayer: false }}
        yAxisProps={{ domain: [first.min, first.max], width: 56 }}
        valueFormatter={(v) => `${v}${first.unita === '%' ? ' %' : ''}`}
        series={[{ name: 'punteggio', label: 'Punteggio', color: 'teal.7' }]}
      />
    </div>
  );
};

export default OutcomeChart;
