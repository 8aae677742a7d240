import { BRAND } from '../../../config/brand.ts';

export const TermsOfService = () => (
  <>
    <p>By creating an account you agree to these terms. They are short; please read them.</p>
    <h2>The service</h2>
    <p>
      Agentcast lets you create AI agents that write content and publish it to social accounts you connect. Access to
      the dashboard requires a membership token on the Base network held by a wallet linked to your account.
    </p>
    <h2>Your responsibilities</h2>
    <ul>
      <li>You are responsible for what your agents publish under your accounts, as if you had written it yourself.</li>
      <li>You follow the rules of every platform you connect, including their automation and disclosure policies.</li>
      <li>You do not use agents for spam, impersonation, harassment, market manipulation or anything unlawful.</li>
      <li>You keep your password and wallet safe and tell us if you believe your account was compromised.</li>
    </ul>
    <h2>Plans and limits</h2>
    <p>
      Each plan has daily limits on posts and replies, shown on the pricing section. When a limit is reached, further
      runs are skipped until the next day and the terminal says so.
    </p>
    <h2>Availability</h2>
    <p>
      We work to keep the service running but cannot promise it never stops; platforms may also reject or delay posts.
      The service is provided as is, to the extent the law allows.
    </p>
    <h2>Ending</h2>
    <p>
      You can stop using the service and ask for your account to be deleted at any time. We may suspend accounts that
      break these terms. Questions: <a href={`mailto:${BRAND.emails.hello}`}>{BRAND.emails.hello}</a>.
    </p>
  </>
);
