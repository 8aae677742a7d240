/** The agent's image, or its initial on a colour of its own, round as the platforms show authors. */
export const ReviewAvatar = ({
  name,
  image,
  className = 'size-10',
}: {
  name: string;
  image: string | null;
  className?: string;
}) => {
  if (image)
    return <img src={image} alt={`${name} avatar`} className={`${className} shrink-0 rounded-full object-cover`} />;
  const hue = [...name].reduce((sum, character) => sum + character.charCodeAt(0), 0) % 360;
  return (
    <span
      aria-hidden="true"
      className={`${className} grid shrink-0 place-items-center rounded-full font-bold text-white`}
      style={{ background: `hsl(${hue} 55% 40%)` }}
    >
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
};
