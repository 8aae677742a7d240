export const CookiePolicy = () => (
  <>
    <p>
      Agentcast uses as few cookies as it can: only the ones needed to keep you signed in. There are no advertising or
      analytics cookies.
    </p>
    <h2>Cookies we set</h2>
    <ul>
      <li>
        <strong>better-auth.session_token</strong> — keeps you signed in for up to 7 days of inactivity (30 days at
        most). It is HttpOnly, so scripts on the page cannot read it, and SameSite=Lax, so other sites cannot use it.
      </li>
    </ul>
    <h2>Local storage</h2>
    <p>
      While you connect a social account, the browser briefly keeps a random value (the OAuth state) and, if you started
      from an agent, that agent's id, to finish the connection safely. Access tokens are never kept in the browser.
    </p>
    <h2>Third parties</h2>
    <p>
      The landing page's Tweets tab loads X's embed script only when you open that tab; X may set its own cookies then,
      under its own policy.
    </p>
  </>
);
