/** Text placed in an e-mail's HTML: what a person wrote (a post, an agent's name) must not become markup. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
