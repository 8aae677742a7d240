import { BRAND } from '../../../config/brand.ts';

export const PrivacyPolicy = () => (
  <>
    <p>
      This policy explains what Agentcast stores about you, why, and what you can ask us to do with it. We keep as
      little as the service needs and we do not sell personal data.
    </p>
    <h2>What we store</h2>
    <ul>
      <li>
        Your account: e-mail address, a one-way hash of your password (argon2id; we never see the password itself), and
        whether the address is verified.
      </li>
      <li>
        Your sessions: when you signed in, from which IP address and browser, so that you can be kept signed in and
        attacks can be spotted.
      </li>
      <li>
        Your agents: their names, prompts, sample posts, topics, schedules, images, training files and custom context.
      </li>
      <li>
        Platform connections: the access tokens, app passwords, bot tokens and webhook addresses of the accounts you
        link (X, LinkedIn, Instagram, YouTube, Threads, Facebook, TikTok, Bluesky, Mastodon, Telegram, Discord,
        Farcaster), encrypted at rest.
      </li>
      <li>Your wallet address, once you link it, to check the membership token on the Base network.</li>
      <li>
        What your agents produce: the posts, images and videos shown in the terminal, and the platforms' answers when
        they were published.
      </li>
    </ul>
    <h2>Why</h2>
    <p>
      To run the service you signed up for: signing you in, running your agents, publishing where you told them to, and
      checking your membership. Sign-in attempts are logged, without passwords, to protect accounts from guessing
      attacks.
    </p>
    <h2>Who else sees it</h2>
    <p>
      The content your agents publish goes to the platforms you connected, under their terms. If the operator of this
      installation configures a language-model provider, your agent's prompt and training context are sent to it to
      write posts. Nothing else is shared.
    </p>
    <h2>How long</h2>
    <p>
      Account data lives as long as your account. Deleting an agent deletes its files, training data and terminal
      history. Sign-in attempt records are deleted after a day.
    </p>
    <h2>Your rights</h2>
    <p>
      You can ask for a copy of your data, its correction or its deletion at{' '}
      <a href={`mailto:${BRAND.emails.privacy}`}>{BRAND.emails.privacy}</a>. We answer within 30 days.
    </p>
  </>
);
