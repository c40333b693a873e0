import { hashString } from '../util/rng.js';

const COLOURS = [
  '#1877F2',
  '#E4405F',
  '#2E7D32',
  '#F57C00',
  '#6A1B9A',
  '#00838F',
  '#AD1457',
  '#5D4037',
  '#3949AB',
  '#C62828',
];

/** An SVG avatar with initials on a deterministic colour (no internet needed). */
export function avatarSvg(id: string, name: string): string {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => [...w][0]?.toUpperCase() ?? '')
    .join('')
    .replace(/[&<>"']/g, '');
  const colour = COLOURS[hashString(id) % COLOURS.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100" role="img" aria-label="${initials}"><rect width="100" height="100" fill="${colour}"/><text x="50" y="50" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="40" fill="#fff">${initials || '?'}</text></svg>`;
}
