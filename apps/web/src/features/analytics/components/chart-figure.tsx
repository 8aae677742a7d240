import { Suspense, useId, type ReactNode } from 'react';
import { ChartBoundary } from './chart-boundary.tsx';
import { CHART_HEIGHT } from '../lib/chart-colors.ts';

export type FigureTable = { columns: readonly string[]; rows: readonly (readonly string[])[] };

type ChartFigureProps = {
  title: string;
  /** The chart in a sentence or two: shown to everyone, and what a screen reader hears for the figure. */
  summary: ReactNode;
  legend?: ReactNode;
  /** The lazy chart: a picture only, hidden from assistive technology, which reads the table instead. */
  chart: ReactNode;
  table: FigureTable;
};

/** One chart of the Analytics tab: its heading, its summary, the picture, and the same figures as a table. */
export const ChartFigure = ({ title, summary, legend, chart, table }: ChartFigureProps) => {
  const id = useId();
  return (
    <figure
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-summary`}
      className="min-w-0 rounded-2xl border border-ink-700 bg-ink-950/40 p-4 sm:p-5"
    >
      <h3 id={`${id}-title`} className="text-lg font-semibold text-white">
        {title}
      </h3>
      <p id={`${id}-summary`} className="mt-1 text-sm text-slate-300">
        {summary}
      </p>
      {legend}
      <div aria-hidden="true" className="mt-4" style={{ height: CHART_HEIGHT }}>
        <ChartBoundary>
          <Suspense fallback={<div className="h-full animate-pulse rounded-lg bg-ink-800/60" />}>{chart}</Suspense>
        </ChartBoundary>
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map(([first, ...rest]) => (
            <tr key={first}>
              <th scope="row">{first}</th>
              {rest.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
};
