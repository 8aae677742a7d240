/** The element id of a form section, from its title: stable, so a section navigation can link to it. */
export const sectionAnchor = (title: string) =>
  `section-${title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
