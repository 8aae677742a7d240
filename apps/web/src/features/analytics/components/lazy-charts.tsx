import { lazy } from 'react';

// The chart library is the Analytics tab's alone: one chunk, loaded when the tab first draws a chart, never with
// the landing page or the rest of the dashboard.
const charts = () => import('./charts/analytics-charts.tsx');

export const DailyChart = lazy(() => charts().then((module) => ({ default: module.DailyChart })));
export const HourlyChart = lazy(() => charts().then((module) => ({ default: module.HourlyChart })));
