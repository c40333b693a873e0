// A template body's parameters: `{{1}}` (POSITIONAL) or `{{first_name}}` (NAMED), read the same way by
// the create check, the review and the send.
export const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

export function bodyParams(body: string): string[] {
  const names: string[] = [];
  for (const m of body.matchAll(PLACEHOLDER)) {
    const n = m[1] ?? '';
    if (!names.includes(n)) names.push(n);
  }
  return names;
}
