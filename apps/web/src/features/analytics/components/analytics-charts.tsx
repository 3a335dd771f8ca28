import '@mantine/charts/styles.css';
import { AreaChart, BarChart, LineChart } from '@mantine/charts';

/**
 * The three chart kinds the dashboard draws, in a module of their own: the page imports it lazily (recharts and d3
 * are about 110 kB gzip), so the figures, the tables and the filters show before the drawings (issue 17 item 11).
 */
export { AreaChart, BarChart, LineChart };
