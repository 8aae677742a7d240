/**
 * Who made a change the audit log records: a member (in the app, or with one of their API keys), a client by their
 * approval link, or an agent doing its work (publishing on its schedule).
 */
export type AuditActor =
  | { kind: 'person'; userId: string; apiKeyId?: string }
  | { kind: 'client'; clientLinkId: string; name: string }
  | { kind: 'agent'; agentId: string; name: string };

/** What a route knows of its caller, as an actor. */
export const personActor = ({ userId, apiKeyId }: { userId: string; apiKeyId?: string }): AuditActor =>
  apiKeyId ? { kind: 'person', userId, apiKeyId } : { kind: 'person', userId };
