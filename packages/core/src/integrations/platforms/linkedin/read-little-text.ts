/** A LinkedIn commentary back as plain text: hashtag templates and mentions as their text, escapes undone. */
export const readLittleText = (commentary: string) =>
  commentary
    .replace(/\{hashtag\|\\?#\|([^}]*)\}/g, '#$1')
    .replace(/@\[((?:\\.|[^\]\\])*)\]\(urn:li:[^)]*\)/g, '$1')
    .replace(/\\(.)/gs, '$1');
