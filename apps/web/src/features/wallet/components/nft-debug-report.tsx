import type { NftDebugReport as Report } from '../lib/run-nft-debug-check.ts';

const yesNo = (value: boolean | null) => (value === null ? 'unknown' : value ? 'yes' : 'no');

/** What Debug NFT Check found, one line per read. */
export const NftDebugReport = ({ report }: { report: Report }) => {
  const rows: [string, string][] = [
    ['Contract', report.contract],
    ['Chain (gate)', String(report.chainId)],
    ['Chain (wallet)', report.walletChainId === null ? 'unknown' : String(report.walletChainId)],
    ['Account', report.account ?? 'none'],
    ['Balance', report.balance ?? 'unknown'],
    ['Code at address', yesNo(report.hasCode)],
    ['name()', report.name ?? 'unknown'],
  ];
  return (
    <section aria-label="NFT check" className="mt-4 rounded-lg border border-ink-600 bg-ink-900/70 p-4 text-xs">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-400">{label}</dt>
            <dd className="break-all font-mono text-slate-100">{value}</dd>
          </div>
        ))}
      </dl>
      {report.problems.length > 0 && (
        <ul className="mt-3 list-disc pl-5 text-amber-200">
          {report.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </section>
  );
};
