/**
 * Identity rules both sides need, without zod (the web imports this at run time; the schemas in
 * identity.ts and actions.ts build on it).
 */

/** The Agents collection's template id, answered by registerUser as sAgentTokenTemplateID. */
export const AGENT_TEMPLATE_ID = 'agent';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** DESIGN.md §3: 3–20 letters, digits or _. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;
export const USERNAME_RULE = 'Usernames are 3–20 letters, digits or _.';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A sentence for a person when the username is not well formed, else null. */
export function usernameProblem(name: string): string | null {
  return USERNAME_PATTERN.test(name.trim()) ? null : USERNAME_RULE;
}

/** A sentence for a person when the password is out of bounds, else null. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  return null;
}
