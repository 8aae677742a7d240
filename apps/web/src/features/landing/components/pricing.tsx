import { useState } from 'react';
import { SIGN_UP_PATH } from '@agentcast/contracts/paths';
import { PLANS, type BillingPeriod, type Plan } from '@agentcast/contracts/plans';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { BRAND } from '../../../config/brand.ts';

const PERIOD_LABEL: Record<BillingPeriod, string> = { monthly: 'Monthly', yearly: 'Yearly' };
const PER: Record<BillingPeriod, string> = { monthly: '/month', yearly: '/year' };

const PlanPrice = ({ plan, period }: { plan: Plan; period: BillingPeriod }) => {
  const price = plan.price[period];
  if (price === null) {
    return (
      <div data-testid={`price-${plan.id}`}>
        <p className="text-4xl font-extrabold text-white">Custom</p>
        <p className="mt-1 text-sm text-emerald-300">
          {period === 'yearly'
            ? `Up to ${plan.discountPercent}% off on yearly terms`
            : `Volume pricing, up to ${plan.discountPercent}% off`}
        </p>
      </div>
    );
  }
  return (
    <div data-testid={`price-${plan.id}`}>
      <p className="text-4xl font-extrabold text-white">
        ${price}
        <span className="text-base font-medium text-slate-400">{PER[period]}</span>
      </p>
      <p className="mt-1 text-sm text-emerald-300">
        {period === 'yearly'
          ? `${plan.discountPercent}% off the monthly price`
          : `Billed monthly · save ${plan.discountPercent}% yearly`}
      </p>
    </div>
  );
};

export const Pricing = () => {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');

  return (
    <section id="pricing" className="mx-auto max-w-6xl scroll-mt-20 px-5 py-20">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-3xl font-bold text-white sm:text-4xl">Pricing</h2>
          <p className="mt-3 text-slate-400">Pick a plan; change or cancel at any time.</p>
        </div>
        <div
          role="group"
          aria-label="Billing period"
          className="inline-flex rounded-lg border border-ink-600 bg-ink-800 p-1"
        >
          {(['monthly', 'yearly'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={period === option}
              onClick={() => setPeriod(option)}
              className={`rounded-md px-4 py-2 text-sm font-semibold ${period === option ? 'bg-brand-600 text-white' : 'text-slate-300 hover:text-white'}`}
            >
              {PERIOD_LABEL[option]}
            </button>
          ))}
        </div>
      </div>
      <ul className="mt-10 grid gap-6 lg:grid-cols-3">
        {PLANS.map((plan) => (
          <li
            key={plan.id}
            className={`flex flex-col rounded-2xl border p-7 ${plan.id === 'pro' ? 'border-brand-400 bg-ink-800' : 'border-ink-700 bg-ink-800/60'}`}
          >
            <h3 className="text-xl font-bold text-white">{plan.name}</h3>
            <p className="mt-1 text-sm text-slate-400">{plan.tagline}</p>
            <div className="mt-6">
              <PlanPrice plan={plan} period={period} />
            </div>
            <ul className="mt-6 flex-1 space-y-2 text-sm text-slate-300">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <span aria-hidden="true" className="text-signal-400">
                    ✓
                  </span>
                  {feature}
                </li>
              ))}
            </ul>
            {plan.isCustom ? (
              <a
                href={`mailto:${BRAND.emails.sales}?subject=Agentcast%20Enterprise`}
                className={buttonClasses('secondary', 'mt-8')}
              >
                Contact sales
              </a>
            ) : (
              <a href={SIGN_UP_PATH} className={buttonClasses(plan.id === 'pro' ? 'primary' : 'secondary', 'mt-8')}>
                Get {plan.name}
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
};
