/**
 * satori (layout to SVG) and resvg (SVG to PNG), loaded when the first card or meme is drawn rather than at
 * start-up: together about 40 MB and 0.3 s that a server which never renders a picture does not pay. Node keeps
 * the modules once loaded, so later calls cost a resolved promise.
 */
export const loadImageRenderer = async () => {
  const [{ default: satori }, { renderAsync }] = await Promise.all([import('satori'), import('@resvg/resvg-js')]);
  return { satori, renderAsync };
};
