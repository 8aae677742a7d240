import { useState } from 'react';
import { OAUTH_CALLBACK_MESSAGES, type OAuthExchangeAnswer } from '@agentcast/contracts/connections';
import { ACCOUNT_CHOICE_MESSAGES, type OAuthAccountChoice } from '@agentcast/contracts/oauth-account-choice';
import { connectionsRoutes } from '@agentcast/contracts/api/connections-routes';
import { callApi } from '../../../api/call-api.ts';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';

type AccountChoiceProps = { choice: OAuthAccountChoice['choose']; onChosen: (answer: OAuthExchangeAnswer) => void };

/**
 * Issue 35 §2, in the OAuth popup: the sign-in granted several accounts (a person's Facebook Pages), so the person
 * picks the one their agents post with; nothing is connected before. A refusal (the choice expired) is said here.
 */
export const AccountChoice = ({ choice, onChosen }: AccountChoiceProps) => {
  const [choosing, setChoosing] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const choose = async (accountId: string) => {
    setChoosing(accountId);
    setFailure(undefined);
    try {
      onChosen(
        await callApi(connectionsRoutes.chooseOAuthAccount, { json: { choice: choice.id, account_id: accountId } }),
      );
    } catch (error) {
      setFailure(error instanceof Error ? error.message : OAUTH_CALLBACK_MESSAGES.unexpected);
      setChoosing(undefined);
    }
  };
  return (
    <section aria-labelledby="account-choice-title" className="space-y-4 text-left">
      <h1 id="account-choice-title" className="text-center text-xl font-bold text-white">
        {ACCOUNT_CHOICE_MESSAGES.heading(choice.platform)}
      </h1>
      <ul className="space-y-2" aria-label={ACCOUNT_CHOICE_MESSAGES.heading(choice.platform)}>
        {choice.accounts.map((account) => (
          <li key={account.account_id}>
            <button
              type="button"
              className={buttonClasses('secondary', 'w-full justify-between text-left')}
              disabled={choosing !== undefined}
              onClick={() => void choose(account.account_id)}
            >
              <span className="truncate">{account.display_name}</span>
              <span className="shrink-0 text-xs text-slate-400" aria-hidden="true">
                {choosing === account.account_id ? 'Connecting...' : ACCOUNT_CHOICE_MESSAGES.choose}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {failure && (
        <p role="alert" className="text-sm text-red-200">
          {failure}
        </p>
      )}
    </section>
  );
};
