import type { ReactNode } from 'react';

/** The box a chart shows over the point under the pointer: a title and lines of figures. */
export const ChartTooltip = ({ title, lines }: { title: string; lines: ReactNode[] }) => (
  <div className="rounded-lg border border-ink-600 bg-ink-950 px-3 py-2 text-xs text-slate-200 shadow-lg">
    <p className="font-semibold text-white">{title}</p>
    {lines.map((line, index) => (
      <p key={index} className="mt-0.5">
        {line}
      </p>
    ))}
  </div>
);
