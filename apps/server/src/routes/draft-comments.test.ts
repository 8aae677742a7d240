import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Agent } from '@agentcast/contracts/agents';
import {
  DRAFT_COMMENT_MESSAGES,
  DRAFT_MESSAGES,
  MAX_DRAFT_COMMENT_LENGTH,
  type Draft,
  type DraftComment,
} from '@agentcast/contracts/drafts';
import type { TerminalMessage } from '@agentcast/contracts/terminal';
import { WORKSPACE_MESSAGES, type WorkspaceRole } from '@agentcast/contracts/workspace-roles';
import { commentOnDraft } from '@agentcast/core/domains/runs/review/comment-on-draft';
import { draftComment } from '@agentcast/db/schema/approvals';
import { user } from '@agentcast/db/schema/auth';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { validAgent } from '../testing/fixtures.ts';
import { readJson } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';
import { inWorkspace, signUpTeam, userIdOf, type TeamMember } from '../testing/workspace-with-roles.ts';

let server: TestServer;
let workspaceId: string;
/** The workspace's owner, a member of each other role, and someone with a workspace of their own only. */
let people: Record<WorkspaceRole | 'stranger', TeamMember>;
/** The names they go by, which comments mention. */
const NAMES = {
  owner: 'Olive Owner',
  admin: 'Ada Admin',
  editor: 'Eddie',
  reviewer: 'Rita Reviewer',
  stranger: 'Sam Stranger',
} as const;

/** A request of this person in the owner's workspace (a stranger's is refused there). */
const as = (who: WorkspaceRole | 'stranger') => inWorkspace(people[who], workspaceId);
const comment = (who: WorkspaceRole | 'stranger', draftId: string, body: unknown) =>
  as(who).post(`/api/drafts/${draftId}/comments`, { body });

beforeAll(async () => {
  server = await startTestServer();
  const signedUp = await signUpTeam(server);
  const stranger = await signUpVerifiedUser(server);
  people = { ...signedUp.team, stranger: { ...stranger, id: await userIdOf(stranger.browser) } };
  workspaceId = signedUp.workspaceId;
  for (const who of ['owner', 'admin', 'editor', 'reviewer', 'stranger'] as const)
    await server.database.db.update(user).set({ name: NAMES[who] }).where(eq(user.id, people[who].id));
});
afterAll(() => server?.close());

/** A draft waiting for review in the browser's workspace (the owner's, unless another browser is given). */
const waitingDraft = async (text: string, browser = as('owner')) => {
  const made = await browser.post(
    '/api/agents',
    validAgent({
      name: 'Daily AI',
      activities: ['post'],
      approval: 'one',
      post_configuration: { topics: ['AI'], clients: ['terminal'] },
    }),
  );
  expect(made.status).toBe(201);
  const agent = (await readJson(made)) as Agent;
  const saved = await browser.post(`/api/agents/${agent.id}/posts`, { text, draft: true });
  expect(saved.status).toBe(201);
  const message = (await readJson(saved)) as TerminalMessage;
  const listed = (await readJson(await browser.get('/api/drafts'))) as { drafts: Draft[] };
  return listed.drafts.find((draft) => draft.message_id === message.message_id)!;
};
const listedComments = async (draftId: string) =>
  ((await readJson(await as('owner').get('/api/drafts'))) as { drafts: Draft[] }).drafts.find(
    (draft) => draft.id === draftId,
  )?.comments;
const mentionMailsTo = (email: string) =>
  server.mail.messages.filter((mail) => mail.to.includes(email.toLowerCase()) && /mentioned you/.test(mail.subject));

describe('members’ comments on a draft (issue 36 §5)', () => {
  it('are written by an editor and a reviewer, answered as stored, and listed with the draft, oldest first', async () => {
    const draft = await waitingDraft('Small models, big week.');

    const byEditor = await comment('editor', draft.id, '  Shorter, please.  ');
    expect(byEditor.status).toBe(201);
    expect(await readJson(byEditor)).toMatchObject({
      by: NAMES.editor,
      body: 'Shorter, please.',
      changes_requested: false,
      mentions: [],
    });
    expect((await comment('reviewer', draft.id, 'Fine by me once it is.')).status).toBe(201);

    expect(await listedComments(draft.id)).toMatchObject([
      { by: NAMES.editor, body: 'Shorter, please.', changes_requested: false, mentions: [] },
      { by: NAMES.reviewer, body: 'Fine by me once it is.', changes_requested: false, mentions: [] },
    ]);
  });

  it('e-mail each member mentioned a link to Review in the workspace, never the author or someone outside it', async () => {
    const draft = await waitingDraft('Inference got cheaper again.');
    const body = `@rita reviewer and @${people.admin.email}: is this right? (cc @Eddie, and @Sam Stranger said no)`;

    const answered = await comment('editor', draft.id, body);
    expect(answered.status).toBe(201);
    const stored = (await readJson(answered)) as DraftComment;
    expect(stored.mentions).toEqual([NAMES.reviewer, NAMES.admin]);
    expect((await listedComments(draft.id))?.at(-1)).toMatchObject({ body, mentions: stored.mentions });

    const reviewUrl = `${server.url}/dashboard?tab=review&workspace=${encodeURIComponent(workspaceId)}`;
    for (const mentioned of [people.reviewer, people.admin]) {
      const mail = await server.mail.waitForMail(mentioned.email, 5000, 'Eddie mentioned you on a draft of Daily AI');
      expect(mail.text).toContain(`> ${body}`);
      expect(mail.text).toContain('The draft: "Inference got cheaper again."');
      expect(mail.text).toContain(`See it in Review: ${reviewUrl}`);
    }
    // The answer came once every e-mail was handed to the mail server: none went to the author or the stranger.
    expect(mentionMailsTo(people.editor.email)).toEqual([]);
    expect(mentionMailsTo(people.stranger.email)).toEqual([]);
    expect(mentionMailsTo(people.reviewer.email)).toHaveLength(1);
  });

  it('refuse an empty or too long comment with the reason', async () => {
    const draft = await waitingDraft('Agents, explained.');
    for (const [body, message] of [
      ['   ', DRAFT_COMMENT_MESSAGES.empty],
      [undefined, DRAFT_COMMENT_MESSAGES.empty],
      ['x'.repeat(MAX_DRAFT_COMMENT_LENGTH + 1), DRAFT_COMMENT_MESSAGES.tooLong],
    ] as const) {
      const refused = await comment('editor', draft.id, body);
      expect(refused.status).toBe(400);
      expect((await readJson(refused)).message).toBe(message);
    }
    expect((await comment('editor', draft.id, 'x'.repeat(MAX_DRAFT_COMMENT_LENGTH))).status).toBe(201);
    expect(await listedComments(draft.id)).toHaveLength(1);
  });

  it('find no draft of another workspace, none that no longer waits, and no id that is not a draft', async () => {
    // In the stranger's own workspace, which has their id.
    const strangers = await waitingDraft('Not the team’s.', inWorkspace(people.stranger, people.stranger.id));
    const elsewhere = await comment('owner', strangers.id, 'Hello?');
    expect(elsewhere.status).toBe(404);
    expect((await readJson(elsewhere)).message).toBe('Draft not found');
    expect((await comment('owner', 'not-a-draft', 'Hello?')).status).toBe(404);

    const rejected = await waitingDraft('Off brand.');
    expect((await as('reviewer').post(`/api/drafts/${rejected.id}/reject`, {})).status).toBe(200);
    const late = await comment('editor', rejected.id, 'Too late?');
    expect(late.status).toBe(404);
    expect((await readJson(late)).message).toBe(DRAFT_MESSAGES.notWaiting);

    const stored = await server.database.db.select().from(draftComment).where(eq(draftComment.runId, strangers.id));
    expect(stored).toEqual([]);
  });

  it('let no one outside the workspace comment on its drafts: 0 crossings', async () => {
    const draft = await waitingDraft('Team only.');
    const named = await comment('stranger', draft.id, `@${NAMES.owner} let me in`);
    expect(named.status).toBe(404);
    expect((await readJson(named)).message).toBe(WORKSPACE_MESSAGES.notFound);
    // In their own workspace, the team's draft is not there.
    const fromOwn = await people.stranger.browser.post(`/api/drafts/${draft.id}/comments`, { body: 'And now?' });
    expect(fromOwn.status).toBe(404);

    const crossings = await server.database.db
      .select()
      .from(draftComment)
      .where(eq(draftComment.authorUserId, people.stranger.id));
    expect(crossings).toHaveLength(0);
    expect(await listedComments(draft.id)).toEqual([]);
    expect(mentionMailsTo(people.owner.email)).toEqual([]);
  });

  it('keep the comment when the mail server fails, and log the e-mail that was not sent', async () => {
    const draft = await waitingDraft('Mail is down today.');
    const failing = {
      ...server.services.domains.notifications,
      mailer: { send: () => Promise.reject(new Error('SMTP server unreachable')), close: () => undefined },
    };

    const stored = await commentOnDraft(failing, {
      workspaceId,
      userId: people.owner.id,
      runId: draft.id,
      body: '@Eddie look at this',
    });
    expect(stored).toMatchObject({ by: NAMES.owner, mentions: [NAMES.editor] });
    expect(await listedComments(draft.id)).toMatchObject([{ body: '@Eddie look at this', mentions: [NAMES.editor] }]);
    expect(server.logs()).toContainEqual(
      expect.objectContaining({
        msg: 'A mention e-mail could not be sent; the comment is kept',
        userId: people.editor.id,
        runId: draft.id,
      }),
    );
  });
});
