/** The agent's image, or its initial on a colour of its own when it has none (spec: placeholder if no image). */
export const AgentAvatar = ({
  name,
  image,
  size = 'md',
}: {
  name: string;
  image: string | null;
  size?: 'md' | 'lg';
}) => {
  const dimension = size === 'lg' ? 'size-16 text-2xl' : 'size-12 text-lg';
  if (image)
    return (
      // Sized, so the row does not move when it arrives; lazy, so a long list fetches only the images in view.
      <img
        src={image}
        alt={`${name} avatar`}
        width={size === 'lg' ? 64 : 48}
        height={size === 'lg' ? 64 : 48}
        loading="lazy"
        decoding="async"
        className={`${dimension} shrink-0 rounded-xl object-cover`}
      />
    );
  const hue = [...name].reduce((sum, character) => sum + character.charCodeAt(0), 0) % 360;
  return (
    <span
      aria-hidden="true"
      data-testid="avatar-placeholder"
      className={`${dimension} grid shrink-0 place-items-center rounded-xl font-bold text-white`}
      style={{ background: `hsl(${hue} 55% 40%)` }}
    >
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
};
