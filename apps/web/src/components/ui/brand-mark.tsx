/** The logo and the product name. */
export const BrandMark = ({ className = '' }: { className?: string }) => (
  <span className={`inline-flex items-center gap-2 font-bold tracking-tight text-white ${className}`}>
    <img src="/favicon.svg" alt="" width={28} height={28} className="rounded-md" />
    Agentcast
  </span>
);
