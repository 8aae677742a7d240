// The one entry of the chart chunk: both charts and the chart library behind a single dynamic import.
export { DailyChart } from './daily-chart.tsx';
export { HourlyChart } from './hourly-chart.tsx';
