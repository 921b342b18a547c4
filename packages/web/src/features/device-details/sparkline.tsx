/**
 * A tiny line of recent values (no axes): enough to tell steady from falling. Drawn as one SVG
 * polyline; fewer than two values draw nothing.
 */
export function Sparkline({
  values,
  width = 90,
  height = 22,
  color = '#1677ff',
  testId,
  label,
}: {
  values: readonly (number | null)[];
  width?: number;
  height?: number;
  color?: string;
  testId?: string;
  label?: string;
}) {
  const known = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (known.length < 2) return null;
  const min = Math.min(...known);
  const max = Math.max(...known);
  const span = max - min || 1;
  const step = width / (known.length - 1);
  const points = known
    .map((v, i) => `${(i * step).toFixed(1)},${(height - 2 - ((v - min) / span) * (height - 4)).toFixed(1)}`)
    .join(' ');
  return (
    <svg width={width} height={height} role="img" aria-label={label} data-testid={testId}>
      <polyline points={points} fill="none" stroke={color} strokeWidth={1.5} />
    </svg>
  );
}
